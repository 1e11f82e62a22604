import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "~/components/ui/money";
import { database } from "@worker/db/client";
import { addMonths, comparedRange, localToday, monthRange } from "@worker/modules/finances/logic";
import { run } from "@worker/db/reads";
import { listTransactionsRead } from "@worker/modules/finances/queries";
import { balancesAt, budgetsWithProgress, monthSummary, transactionsWithBalancesRead, yearAnalysis } from "@worker/modules/finances/reports";
import { financesModule } from "@worker/modules/finances";
import { catchUpRecurring } from "@worker/modules/finances/recurring-job";
import { endTrial, userIdOf } from "./billing-helpers";
import { api, json, signUpAndLogIn } from "./helpers";

const as = (cookie: string) => ({
  get: (path: string, headers: Record<string, string> = {}) => api(path, { headers: { cookie, ...headers } }),
  post: (path: string, body: unknown, headers: Record<string, string> = {}) => api(path, { method: "POST", body, headers: { cookie, ...headers } }),
  patch: (path: string, body: unknown) => api(path, { method: "PATCH", body, headers: { cookie } }),
  del: (path: string) => api(path, { method: "DELETE", headers: { cookie } }),
});
type Client = ReturnType<typeof as>;

const today = localToday("Europe/Lisbon");
const month = today.slice(0, 7);
const tx = (overrides: Record<string, unknown> = {}) => ({ type: "expense", amountCents: 250, description: "Café", date: today, category: "restaurants", ...overrides });

async function add(client: Client, overrides: Record<string, unknown> = {}) {
  const response = await client.post("/transactions", tx(overrides));
  expect(response.status, await response.clone().text()).toBe(201);
  return (await json(response)).transaction;
}

const budgetAlerts = async (email: string) =>
  (
    await env.DB.prepare("select title, message, metadata from notifications where user_id = ? and type = 'budget_alert' order by created_at")
      .bind(await userIdOf(email))
      .all<{ title: string; message: string; metadata: string }>()
  ).results;

/** A user whose language preference is English (it wins over Accept-Language). */
async function englishSpeaker(email: string) {
  const client = as(await signUpAndLogIn(email));
  expect((await client.patch("/me", { language: "en" })).status).toBe(200);
  return client;
}

let ana: Client;
let rui: Client;
beforeAll(async () => {
  ana = as(await signUpAndLogIn("ana@financas.test"));
  rui = as(await signUpAndLogIn("rui@financas.test"));
});

describe("transactions", () => {
  it("creates, reads, edits and deletes a transaction in integer cents", async () => {
    const created = await add(ana, { amountCents: 4590, description: "Continente", category: "groceries" });
    expect(created).toMatchObject({ type: "expense", amountCents: 4590, description: "Continente", date: today, category: "groceries", source: "manual" });
    expect((await json(await ana.get(`/transactions/${created.id}`))).transaction.amountCents).toBe(4590);
    const edited = await json(await ana.patch(`/transactions/${created.id}`, { amountCents: 4690, description: "Continente Colombo" }));
    expect(edited.transaction).toMatchObject({ amountCents: 4690, description: "Continente Colombo", category: "groceries" });
    expect((await ana.del(`/transactions/${created.id}`)).status).toBe(204);
    expect((await ana.get(`/transactions/${created.id}`)).status).toBe(404);
  });

  it("refuses bad amounts, types, categories and impossible dates with field messages in pt and en, saving nothing", async () => {
    const before = (await json(await ana.get("/transactions?limit=200"))).items.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ amountCents: 0 }, "amountCents"],
      [{ amountCents: -250 }, "amountCents"],
      [{ amountCents: 2.5 }, "amountCents"],
      [{ amountCents: 1_000_000_001 }, "amountCents"],
      [{ amountCents: "250" }, "amountCents"],
      [{ type: "transfer" }, "type"],
      [{ date: "2026-02-30" }, "date"],
      [{ date: "30/11/2026" }, "date"],
      [{ category: "crypto" }, "category"],
      [{ category: "" }, "category"],
    ];
    for (const [overrides, field] of cases) {
      const response = await ana.post("/transactions", tx(overrides));
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      const { error } = await json(response);
      expect(error.code).toBe("validation_failed");
      expect(Object.keys(error.fields), JSON.stringify(overrides)).toEqual([field]);
    }
    const pt = await json(await ana.post("/transactions", tx({ amountCents: 0 })));
    expect(pt.error.fields.amountCents).toBe("Indique um valor positivo em cêntimos inteiros, até 10 000 000 €.");
    const english = await englishSpeaker("english-dates@financas.test");
    const en = await json(await english.post("/transactions", tx({ date: "2026-13-01" })));
    expect(en.error.fields.date).toBe("Invalid date (use YYYY-MM-DD).");
    const unknown = await json(await ana.post("/transactions", tx({ category: "crypto" })));
    expect(unknown.error.fields.category).toBe("Categoria desconhecida.");
    // The largest amount is accepted; a PATCH is held to the same rules.
    const max = await add(ana, { amountCents: 1_000_000_000, description: "Casa nova", category: "home" });
    expect((await ana.patch(`/transactions/${max.id}`, { amountCents: 1.5 })).status).toBe(400);
    expect((await ana.patch(`/transactions/${max.id}`, { category: "nope" })).status).toBe(400);
    await ana.del(`/transactions/${max.id}`);
    expect((await json(await ana.get("/transactions?limit=200"))).items.length).toBe(before);
  });

  it("lists newest first with keyset pages and filters by period, type, category and text", async () => {
    const client = as(await signUpAndLogIn("filtros@financas.test"));
    await add(client, { description: "Uber para o aeroporto", amountCents: 1230, date: "2026-10-03", category: "transport" });
    await add(client, { description: "Salário outubro", amountCents: 150000, type: "income", date: "2026-10-25", category: "salary" });
    await add(client, { description: "Pingo Doce", amountCents: 2310, date: "2026-11-02", category: "groceries" });
    await add(client, { description: "100% sumo", amountCents: 199, date: "2026-11-05", category: "groceries" });
    const all = await json(await client.get("/transactions"));
    expect(all.items.map((t: { date: string }) => t.date)).toEqual(["2026-11-05", "2026-11-02", "2026-10-25", "2026-10-03"]);
    const first = await json(await client.get("/transactions?limit=3"));
    expect(first.items).toHaveLength(3);
    const second = await json(await client.get(`/transactions?limit=3&cursor=${first.nextCursor}`));
    expect(second.items.map((t: { description: string }) => t.description)).toEqual(["Uber para o aeroporto"]);
    expect(second.nextCursor).toBeNull();
    const descriptions = async (query: string) => (await json(await client.get(`/transactions?${query}`))).items.map((t: { description: string }) => t.description);
    expect(await descriptions("from=2026-11-01&to=2026-11-30")).toEqual(["100% sumo", "Pingo Doce"]);
    expect(await descriptions("type=income")).toEqual(["Salário outubro"]);
    expect(await descriptions("category=transport")).toEqual(["Uber para o aeroporto"]);
    expect(await descriptions("q=UBER")).toEqual(["Uber para o aeroporto"]);
    // A % typed by the user is a character, not a wildcard.
    expect(await descriptions("q=%25")).toEqual(["100% sumo"]);
    expect((await client.get("/transactions?from=2026-11-30&to=2026-11-01")).status).toBe(400);
    expect((await client.get("/transactions?type=gift")).status).toBe(400);
    expect((await client.get("/transactions?cursor=abc")).status).toBe(400);
  });

  it("finds words in the text filter whatever their case and accents, as the global search does", async () => {
    const client = as(await signUpAndLogIn("acentos@financas.test"));
    for (const description of ["PAGAMENTO SERVIÇOS", "Água e saneamento", "ÉDITION LIMITÉE", "Café * especial [1]", "Renda", "STRASSE", "Straße"]) await add(client, { description, date: "2026-11-02" });
    const descriptions = async (q: string) => (await json(await client.get(`/transactions?q=${encodeURIComponent(q)}`))).items.map((t: { description: string }) => t.description).sort();
    expect(await descriptions("serviços")).toEqual(["PAGAMENTO SERVIÇOS"]);
    expect(await descriptions("servicos")).toEqual(["PAGAMENTO SERVIÇOS"]);
    expect(await descriptions("água")).toEqual(["Água e saneamento"]);
    expect(await descriptions("AGUA")).toEqual(["Água e saneamento"]);
    expect(await descriptions("édition limitée")).toEqual(["ÉDITION LIMITÉE"]);
    // The user's "*", "?" and "[" are characters, not GLOB's wildcards.
    expect(await descriptions("*")).toEqual(["Café * especial [1]"]);
    expect(await descriptions("[1]")).toEqual(["Café * especial [1]"]);
    expect(await descriptions("caf? ")).toEqual([]);
    // Another user's rows never match.
    expect((await json(await rui.get("/transactions?q=servicos"))).items).toEqual([]);

    // The screen's loader reads the same list, with each listed day's balance, in its batch.
    const db = database(env.DB);
    const userId = await userIdOf("acentos@financas.test");
    const filters = { q: "AGUA" };
    const listed = await run(db, transactionsWithBalancesRead(db, userId, filters, { limit: 50 }));
    expect(listed.items.map((t) => t.description)).toEqual(["Água e saneamento"]);
    expect(listed.balances).toEqual({ "2026-11-02": -250 * 7 });
    // Three characters or more are matched by trigrams (decision 0096), one or two by a GLOB of
    // letter classes (0098), both in the list's own statement.
    const short = async (q: string) => (await run(db, listTransactionsRead(db, userId, { q }, { limit: 50 }))).items.map((t) => t.description).sort();
    expect(await short("ÇO")).toEqual(["PAGAMENTO SERVIÇOS"]);
    expect(await short("ag")).toEqual(["Água e saneamento", "PAGAMENTO SERVIÇOS"].sort());
    expect(await short("ç")).toEqual(["Café * especial [1]", "PAGAMENTO SERVIÇOS"].sort());
    expect(await short("ee")).toEqual(["ÉDITION LIMITÉE"]);
    expect(await short("eó")).toEqual([]);
    // GLOB's own characters are the user's.
    expect(await short("*")).toEqual(["Café * especial [1]"]);
    expect(await short("[")).toEqual(["Café * especial [1]"]);
    expect(await short("?")).toEqual([]);
    expect(await short("1]")).toEqual(["Café * especial [1]"]);
    // An ASCII description is matched by instr() on its lower case, any other by the GLOBs (0098,
    // revised): one answer either way, and an ASCII description never holds "ß".
    expect(await short("é")).toEqual(["Café * especial [1]", "PAGAMENTO SERVIÇOS", "Renda", "STRASSE", "Straße", "Água e saneamento", "ÉDITION LIMITÉE"].sort());
    expect(await short("sS")).toEqual(["STRASSE"]);
    expect(await short("ẞE")).toEqual(["Straße"]);
    expect(await short("nD")).toEqual(["Renda"]);
    expect(await short("o")).toEqual(["PAGAMENTO SERVIÇOS", "ÉDITION LIMITÉE", "Água e saneamento"].sort());
  });

  it("folds every letter of Latin-1 and Latin Extended-A alike by trigrams (3+ characters) and by letter classes (1–2)", async () => {
    // Two foldings answer one filter: the trigram tokenizer's (remove_diacritics 2) for 3 characters
    // or more, `fold` (NFD, marks dropped, lower case) for fewer. Typing one more letter must not
    // change which letters count as the same. Compared letter by letter, they differ only outside
    // these blocks (Greek tonos, Cyrillic й/ё and a few Latin Extended-B letters, decision 0096) and
    // on the long s, which SQL reads as "s" and `fold` keeps.
    const client = as(await signUpAndLogIn("letras@financas.test"));
    const letters = [...Array.from({ length: 0x17f - 0xc0 }, (_, i) => String.fromCodePoint(0xc0 + i)), ..."ABCDEFGHIJKLMNOPQRSTUVWYZabcdefghijklmnopqrstuvwyz"].filter((c) => /\p{L}/u.test(c));
    for (let i = 0; i < letters.length; i += 20) await Promise.all(letters.slice(i, i + 20).map((c) => add(client, { description: `x${c}x`, date: "2026-11-05" })));
    const db = database(env.DB);
    const userId = await userIdOf("letras@financas.test");
    const found = async (q: string) => {
      const { items } = await run(db, listTransactionsRead(db, userId, { q }, { limit: 100 }));
      return items.map((t) => t.description.slice(1, -1)).sort().join("");
    };
    const differing: string[] = [];
    for (const c of letters) {
      const [inSql, inCode] = await Promise.all([found(`x${c}x`), found(c)]);
      if (inSql !== inCode) differing.push(`${c}: ${inSql} / ${inCode}`);
    }
    expect(differing).toEqual([]);
    // The long s (U+017F), just past the letters compared: SQL finds it as "s", `fold` keeps it.
    expect(await found("xſx")).toBe("SsŚśŜŝŞşŠš");
  });

  it("takes any text as characters to find, never as FTS5 syntax", async () => {
    const client = as(await signUpAndLogIn("sintaxe@financas.test"));
    await add(client, { description: 'Loja "A" OR B* NEAR(c) 😀😀😀 ação', date: "2026-11-03" });
    const status = async (q: string) => (await client.get(`/transactions?q=${encodeURIComponent(q)}`)).status;
    for (const q of ['"', '""', '"""', "a\"b", "*", "OR", "AND b", "NEAR(c)", "c) 😀", "😀😀😀", "\u0301\u0301\u0301", "\u0000ab", "-ab", "^ab", "col:ab", "{a b}: c", "a".repeat(100), "]", "^-", "[^", "\u0301", "가", "ǅ", "😀", "*?"])
      expect(await status(q), JSON.stringify(q)).toBe(200);
    const descriptions = async (q: string) => (await json(await client.get(`/transactions?q=${encodeURIComponent(q)}`))).items.length;
    expect(await descriptions('"A" OR B*')).toBe(1);
    expect(await descriptions("NEAR(c)")).toBe(1);
    expect(await descriptions("😀😀")).toBe(1);
    expect(await descriptions("acao")).toBe(1);
    expect(await descriptions("A OR C")).toBe(0);
    // One or two characters, GLOB's own among them, are characters too (decision 0098).
    expect(await descriptions("B*")).toBe(1);
    expect(await descriptions("*?")).toBe(0);
    expect(await descriptions("Ç")).toBe(1);
  });

  it("matches the description as it is now, never the category a row without one is indexed under", async () => {
    const client = as(await signUpAndLogIn("descricoes@financas.test"));
    const transaction = await add(client, { description: "Loja \"Avenida\" 12", date: "2026-11-03" });
    await add(client, { description: "", date: "2026-11-04", category: "groceries" });
    const descriptions = async (q: string) => (await json(await client.get(`/transactions?q=${encodeURIComponent(q)}`))).items.map((t: { description: string }) => t.description);
    expect(await descriptions('"avenida"')).toEqual(['Loja "Avenida" 12']);
    expect(await descriptions("groceries")).toEqual([]);
    expect(await descriptions("gr")).toEqual([]);
    expect((await client.patch(`/transactions/${transaction.id}`, { description: "Farmácia Estácio" })).status).toBe(200);
    expect(await descriptions("avenida")).toEqual([]);
    expect(await descriptions("FARMACIA EST")).toEqual(["Farmácia Estácio"]);
    expect(await descriptions("fa")).toEqual(["Farmácia Estácio"]);
  });
});

describe("categories", () => {
  it("offers the default set in the user's language and the user's own, which transactions may use", async () => {
    const pt = await json(await ana.get("/finances/categories"));
    expect(pt.items.find((c: { id: string }) => c.id === "groceries")).toEqual({ id: "groceries", name: "Alimentação/Supermercado", type: "expense", default: true });
    const en = await json(await (await englishSpeaker("english-categories@financas.test")).get("/finances/categories"));
    expect(en.items.find((c: { id: string }) => c.id === "salary").name).toBe("Salary");
    const created = await ana.post("/finances/categories", { name: "Animais" });
    expect(created.status).toBe(201);
    const { category } = await json(created);
    expect((await ana.post("/finances/categories", { name: "animais" })).status).toBe(409);
    const own = await add(ana, { description: "Ração", category: category.id });
    expect(own.category).toBe(category.id);
    // Another user cannot use it, see it, rename it or delete it.
    expect((await rui.post("/transactions", tx({ category: category.id }))).status).toBe(400);
    expect((await rui.patch(`/finances/categories/${category.id}`, { name: "x" })).status).toBe(404);
    expect((await rui.del(`/finances/categories/${category.id}`)).status).toBe(404);
    expect((await ana.patch(`/finances/categories/${category.id}`, { name: "Animais de estimação" })).status).toBe(200);
    // Deleting it moves its transactions to "other".
    expect((await ana.del(`/finances/categories/${category.id}`)).status).toBe(204);
    expect((await json(await ana.get(`/transactions/${own.id}`))).transaction.category).toBe("other");
    await ana.del(`/transactions/${own.id}`);
  });
});

describe("summary and analysis", () => {
  it("sums in integer cents that never drift (0.10 × 3 is exactly 30 cents) and splits by category", async () => {
    const client = as(await signUpAndLogIn("somas@financas.test"));
    for (let i = 0; i < 3; i++) await add(client, { amountCents: 10, description: "Pastilha", date: "2026-09-10", category: "shopping" });
    await add(client, { amountCents: 20, description: "Chiclete", date: "2026-09-11", category: "shopping" });
    await add(client, { type: "income", amountCents: 100000, description: "Salário", date: "2026-09-01", category: "salary" });
    await add(client, { amountCents: 33333, description: "Renda", date: "2026-09-02", category: "home" });
    await add(client, { amountCents: 99999, description: "Outubro", date: "2026-10-01", category: "home" });
    const summary = await json(await client.get("/finances/summary?month=2026-09"));
    expect(summary).toMatchObject({ month: "2026-09", from: "2026-09-01", to: "2026-09-30", incomeCents: 100000, expenseCents: 33383, netCents: 66617, balanceCents: 66617, count: 6 });
    expect(summary.byCategory).toEqual([
      { category: "salary", type: "income", totalCents: 100000, count: 1 },
      { category: "home", type: "expense", totalCents: 33333, count: 1 },
      { category: "shopping", type: "expense", totalCents: 50, count: 4 },
    ]);
    // Balance runs up to the month's end: October's rent counts in October.
    expect((await json(await client.get("/finances/summary?month=2026-10"))).balanceCents).toBe(66617 - 99999);
    // A thousand 1-cent items still sum exactly.
    const many = as(await signUpAndLogIn("centimos@financas.test"));
    const userId = await userIdOf("centimos@financas.test");
    const insert = env.DB.prepare("insert into transactions (id, user_id, type, amount_cents, description, date, category) values (?, ?, 'expense', 1, 'x', '2026-08-15', 'other')");
    await env.DB.batch(Array.from({ length: 1000 }, (_, i) => insert.bind(`cent-${i}`, userId)));
    expect((await json(await many.get("/finances/summary?month=2026-08"))).expenseCents).toBe(1000);
    expect((await client.get("/finances/summary?month=2026-13")).status).toBe(400);
  });

  it("analyses twelve months and the month against the one before, by category", async () => {
    const client = as(await signUpAndLogIn("analise@financas.test"));
    await add(client, { amountCents: 20000, date: "2026-05-03", category: "groceries" });
    await add(client, { amountCents: 5000, date: "2026-05-04", category: "leisure" });
    await add(client, { amountCents: 30000, date: "2026-06-03", category: "groceries" });
    await add(client, { type: "income", amountCents: 150000, date: "2026-06-25", category: "salary" });
    const analysis = await json(await client.get("/finances/analysis?month=2026-06"));
    expect(analysis.months).toHaveLength(12);
    expect(analysis.months[0]).toEqual({ month: "2025-07", incomeCents: 0, expenseCents: 0, netCents: 0 });
    expect(analysis.months.slice(-2)).toEqual([
      { month: "2026-05", incomeCents: 0, expenseCents: 25000, netCents: -25000 },
      { month: "2026-06", incomeCents: 150000, expenseCents: 30000, netCents: 120000 },
    ]);
    expect(analysis.monthOverMonth.expense).toEqual({ currentCents: 30000, previousCents: 25000, changeCents: 5000, changePercent: 20 });
    expect(analysis.monthOverMonth.income.changePercent).toBeNull();
    expect(analysis.byCategory).toEqual([
      { category: "groceries", currentCents: 30000, previousCents: 20000, changeCents: 10000, changePercent: 50 },
      { category: "leisure", currentCents: 0, previousCents: 5000, changeCents: -5000, changePercent: -100 },
    ]);
    expect(analysis.compared).toEqual({ from: "2026-05-01", to: "2026-05-31", current: { from: "2026-06-01", to: "2026-06-30" }, partial: false });
  });

  it("compares the running month with the same days of the month before (whole months once they end)", async () => {
    const client = as(await signUpAndLogIn("ate-hoje@financas.test"));
    const today = localToday("Europe/Lisbon");
    const month = today.slice(0, 7);
    const before = monthRange(addMonths(month, -1));
    // The 1st of last month is always within the compared days; its last day only once this month
    // has reached that day too.
    await add(client, { amountCents: 1000, date: before.from, category: "groceries" });
    await add(client, { amountCents: 2000, date: before.to, category: "groceries" });
    await add(client, { amountCents: 1500, date: `${month}-01`, category: "groceries" });
    const compared = comparedRange(month, today);
    const previousCents = compared.partial ? 1000 : 3000;
    // An expense dated later this month (a rent entered ahead) is not on the month's side until its day.
    const end = monthRange(month).to;
    if (compared.partial) await add(client, { amountCents: 65000, date: end, category: "groceries" });
    const analysis = await json(await client.get("/finances/analysis"));
    expect(analysis.compared).toEqual({ from: compared.from, to: compared.to, current: { from: `${month}-01`, to: compared.partial ? today : end }, partial: compared.partial });
    expect(analysis.byCategory).toEqual([{ category: "groceries", currentCents: 1500, previousCents, changeCents: 1500 - previousCents, changePercent: Math.round(((1500 - previousCents) * 1000) / previousCents) / 10 }]);
    expect(analysis.monthOverMonth.expense.previousCents).toBe(previousCents);
    // An earlier month is compared with the whole month before it.
    expect((await json(await client.get(`/finances/analysis?month=${addMonths(month, -1)}`))).compared.partial).toBe(false);
  });
});

describe("the month's figures and the budgets", () => {
  it("count the same days: the summary stops at today like a budget's spent, and shows what is dated later apart", async () => {
    const client = as(await signUpAndLogIn("mesmo-gasto@financas.test"));
    const userId = await userIdOf("mesmo-gasto@financas.test");
    await add(client, { type: "income", amountCents: 150000, date: "2026-12-01", category: "salary" });
    await add(client, { amountCents: 4000, date: "2026-12-03", category: "groceries" });
    await add(client, { amountCents: 65000, date: "2026-12-25", category: "groceries", description: "Renda adiantada" });
    await add(client, { type: "income", amountCents: 20000, date: "2026-12-28", category: "salary" });
    await client.post("/budgets", { category: "groceries", limitCents: 50000 });
    const db = database(env.DB);
    // On 7 December: the 25th's expense is not spent yet, for the budget and for the month alike.
    const summary = await monthSummary(db, userId, "2026-12", "2026-12-07");
    const [budget] = (await budgetsWithProgress(db, userId, "2026-12", "2026-12-07", { limit: 10 })).items;
    expect(summary).toMatchObject({ from: "2026-12-01", to: "2026-12-07", partial: true, incomeCents: 150000, expenseCents: 4000, netCents: 146000, balanceCents: 146000, count: 2 });
    expect(summary.expenseCents).toBe(budget.spentCents);
    expect(summary.byCategory).toEqual([
      { category: "salary", type: "income", totalCents: 150000, count: 1 },
      { category: "groceries", type: "expense", totalCents: 4000, count: 1 },
    ]);
    expect(summary.scheduled).toEqual({ from: "2026-12-08", to: "2026-12-31", incomeCents: 20000, expenseCents: 65000, count: 2 });
    // The twelve-month chart's December is the same figure.
    expect((await yearAnalysis(db, userId, "2026-12", "2026-12-07")).months.at(-1)).toEqual({ month: "2026-12", incomeCents: 150000, expenseCents: 4000, netCents: 146000 });
    // On the 25th the rent is spent, in both.
    const onTheDay = await monthSummary(db, userId, "2026-12", "2026-12-25");
    expect([onTheDay.expenseCents, (await budgetsWithProgress(db, userId, "2026-12", "2026-12-25", { limit: 10 })).items[0].spentCents]).toEqual([69000, 69000]);
    expect(onTheDay.scheduled).toMatchObject({ from: "2026-12-26", incomeCents: 20000, expenseCents: 0, count: 1 });
    // Once the month is over: the whole month, nothing scheduled.
    expect(await monthSummary(db, userId, "2026-12", "2027-01-02")).toMatchObject({ to: "2026-12-31", partial: false, expenseCents: 69000, incomeCents: 170000, scheduled: { count: 0 } });
    // A month still to come: nothing counted yet, all of it scheduled; the balance is today's.
    expect(await monthSummary(db, userId, "2026-12", "2026-11-20")).toMatchObject({ partial: true, expenseCents: 0, count: 0, balanceCents: 0, scheduled: { from: "2026-12-01", to: "2026-12-31", expenseCents: 69000, count: 4 } });
    // The API answers the same for the user's today.
    const answered = await json(await client.get("/finances/summary?month=2026-12"));
    expect(answered).toEqual(JSON.parse(JSON.stringify(await monthSummary(db, userId, "2026-12", localToday("Europe/Lisbon")))));
  });
});

describe("budgets", () => {
  it("a concurrent burst of the same budget or category makes one row and 409s, never a 500", async () => {
    const client = as(await signUpAndLogIn("rajada-orcamento@financas.test"));
    const budgets = await Promise.all(Array.from({ length: 6 }, () => client.post("/budgets", { category: "transport", limitCents: 5000 })));
    expect(budgets.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const refused = budgets.find((r) => r.status === 409)!;
    expect((await json(refused)).error).toMatchObject({ code: "conflict", fields: { category: expect.any(String) } });
    const categories = await Promise.all(Array.from({ length: 6 }, () => client.post("/finances/categories", { name: "Bicicleta" })));
    expect(categories.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    // Two budgets moved onto the same free category at once: the unique index decides, as a 409.
    const others = await Promise.all(["home", "health"].map(async (category) => (await json(await client.post("/budgets", { category, limitCents: 1000 }))).budget));
    const moves = await Promise.all(others.map((b: { id: string }) => client.patch(`/budgets/${b.id}`, { category: "leisure" })));
    expect(moves.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await json(await client.get("/budgets"))).items).toHaveLength(3);
  });

  it("shows progress and alerts at 80 % and 100 % once each per month", async () => {
    const email = "orcamento@financas.test";
    const client = as(await signUpAndLogIn(email));
    const created = await client.post("/budgets", { category: "groceries", limitCents: 10000 });
    expect(created.status).toBe(201);
    const { budget } = await json(created);
    expect(budget).toMatchObject({ category: "groceries", limitCents: 10000, spentCents: 0, percent: 0, status: "ok" });
    expect((await client.post("/budgets", { category: "groceries", limitCents: 5000 })).status).toBe(409);
    expect((await client.post("/budgets", { category: "nope", limitCents: 5000 })).status).toBe(400);
    expect((await client.post("/budgets", { category: "home", limitCents: 0 })).status).toBe(400);

    await add(client, { amountCents: 7999, category: "groceries" });
    expect(await budgetAlerts(email)).toEqual([]);
    await add(client, { amountCents: 1, category: "groceries" }); // exactly 80 %
    await add(client, { amountCents: 500, category: "groceries" }); // still between 80 and 100: no second alert
    let alerts = await budgetAlerts(email);
    expect(alerts.map((a) => a.title)).toEqual(["Orçamento de Alimentação/Supermercado a 80 %"]);
    expect(alerts[0].message).toBe(`Já gastou ${formatMoney(8000, "pt")} de ${formatMoney(10000, "pt")} este mês em Alimentação/Supermercado.`);
    // Read after switching to English, it is in English, the category's name too.
    expect((await client.patch("/me", { language: "en" })).status).toBe(200);
    const listed = (await json(await client.get("/notifications"))).items.filter((n: { type: string }) => n.type === "budget_alert");
    expect(listed.map((n: { title: string }) => n.title)).toEqual(["Groceries budget at 80%"]);
    expect((await client.patch("/me", { language: "pt" })).status).toBe(200);
    const last = await add(client, { amountCents: 1500, category: "groceries" }); // 100 %
    await add(client, { amountCents: 100, category: "groceries" });
    await client.patch(`/transactions/${last.id}`, { amountCents: 1600 });
    alerts = await budgetAlerts(email);
    expect(alerts.map((a) => JSON.parse(a.metadata).threshold)).toEqual([80, 100]);
    expect(JSON.parse(alerts[1].metadata)).toMatchObject({ month, budgetId: budget.id });
    // Income and other categories never count.
    await add(client, { type: "income", amountCents: 999999, category: "salary" });
    const list = await json(await client.get("/budgets"));
    expect(list.items).toEqual([expect.objectContaining({ id: budget.id, spentCents: 10200, remainingCents: -200, percent: 102, status: "exceeded" })]);
    expect(list.month).toBe(month);
    // Another month's progress starts from zero.
    expect((await json(await client.get(`/budgets/${budget.id}?month=2020-01`))).budget.spentCents).toBe(0);
    expect((await client.patch(`/budgets/${budget.id}`, { limitCents: 50000 })).status).toBe(200);
    expect((await client.del(`/budgets/${budget.id}`)).status).toBe(204);
    expect((await json(await client.get("/budgets"))).items).toEqual([]);
  });
});

describe("savings goals", () => {
  it("tracks target, saved amount, deadline and the monthly amount needed", async () => {
    const [y, m] = month.split("-").map(Number);
    const inTenMonths = `${y + Math.floor((m - 1 + 10) / 12)}-${String(((m - 1 + 10) % 12) + 1).padStart(2, "0")}-15`;
    const created = await ana.post("/savings-goals", { title: "Férias", targetCents: 100000, savedCents: 10000, deadline: inTenMonths });
    expect(created.status).toBe(201);
    const { savingsGoal } = await json(created);
    expect(savingsGoal).toMatchObject({ title: "Férias", targetCents: 100000, savedCents: 10000, percent: 10, remainingCents: 90000, monthsLeft: 10, monthlyNeededCents: 9000 });
    const edited = await json(await ana.patch(`/savings-goals/${savingsGoal.id}`, { savedCents: 10001 }));
    // Rounded up to the cent, so ten payments reach the target.
    expect(edited.savingsGoal.monthlyNeededCents).toBe(8999 + 1);
    const noDeadline = await json(await ana.post("/savings-goals", { title: "Fundo de emergência", targetCents: 300000 }));
    expect(noDeadline.savingsGoal).toMatchObject({ savedCents: 0, deadline: null, monthlyNeededCents: null });
    expect((await ana.post("/savings-goals", { title: "", targetCents: 100 })).status).toBe(400);
    expect((await ana.post("/savings-goals", { title: "X", targetCents: 100, deadline: "2026-02-29" })).status).toBe(400);
    expect((await ana.post("/savings-goals", { title: "X", targetCents: 100, savedCents: -1 })).status).toBe(400);
    const list = await json(await ana.get("/savings-goals"));
    expect(list.items.map((g: { title: string }) => g.title)).toEqual(["Fundo de emergência", "Férias"]);
    expect((await ana.del(`/savings-goals/${noDeadline.savingsGoal.id}`)).status).toBe(204);
  });
});

describe("isolation and entitlements", () => {
  it("answers 404 for another user's ids on read, change and delete", async () => {
    const mine = await add(ana, { description: "Só da Ana" });
    const { budget } = await json(await ana.post("/budgets", { category: "leisure", limitCents: 10000 }));
    const { savingsGoal } = await json(await ana.post("/savings-goals", { title: "Carro", targetCents: 500000 }));
    for (const path of [`/transactions/${mine.id}`, `/budgets/${budget.id}`, `/savings-goals/${savingsGoal.id}`]) {
      expect((await rui.get(path)).status, path).toBe(404);
      expect((await rui.patch(path, {})).status, path).toBe(404);
      expect((await rui.del(path)).status, path).toBe(404);
    }
    expect((await json(await rui.get("/transactions?q=Ana"))).items).toEqual([]);
    expect((await json(await rui.get("/budgets"))).items).toEqual([]);
    expect((await json(await rui.get("/finances/summary"))).count).toBe(0);
    expect((await json(await ana.get(`/transactions/${mine.id}`))).transaction.description).toBe("Só da Ana");
  });

  it("finds transactions in the global search, for their owner only", async () => {
    await add(ana, { description: "Farmácia Estácio", category: "health", amountCents: 1290 });
    const found = await json(await ana.get("/search?q=farmácia&type=transaction"));
    expect(found.items).toEqual([expect.objectContaining({ title: "Farmácia Estácio", type: "transaction", module: "finances", metadata: { date: today, amountCents: -1290 } })]);
    expect((await json(await rui.get("/search?q=farmácia"))).items).toEqual([]);
  });

  it("keeps transactions and reads for a Free user after the trial, and refuses budgets, savings writes and analysis with 402", async () => {
    const email = "gratis@financas.test";
    const client = as(await signUpAndLogIn(email));
    const { budget } = await json(await client.post("/budgets", { category: "groceries", limitCents: 1000 }));
    const { savingsGoal } = await json(await client.post("/savings-goals", { title: "Bicicleta", targetCents: 30000 }));
    await endTrial(await userIdOf(email));
    expect((await client.post("/transactions", tx({ category: "groceries", amountCents: 5000 }))).status).toBe(201);
    expect((await client.get("/transactions")).status).toBe(200);
    expect((await client.get("/finances/summary")).status).toBe(200);
    expect((await json(await client.get("/budgets"))).items).toHaveLength(1);
    expect((await json(await client.get(`/savings-goals/${savingsGoal.id}`))).savingsGoal.title).toBe("Bicicleta");
    for (const response of [
      await client.post("/budgets", { category: "home", limitCents: 1000 }),
      await client.patch(`/budgets/${budget.id}`, { limitCents: 2000 }),
      await client.post("/savings-goals", { title: "Mota", targetCents: 1000 }),
      await client.patch(`/savings-goals/${savingsGoal.id}`, { savedCents: 100 }),
      await client.get("/finances/analysis"),
    ]) {
      expect(response.status).toBe(402);
      expect((await json(response)).error.code).toBe("premium_required");
    }
    // Old budgets no longer alert once the plan does not include them.
    expect(await budgetAlerts(email)).toEqual([]);
    // Their own items can still be removed.
    expect((await client.del(`/savings-goals/${savingsGoal.id}`)).status).toBe(204);
  });

  it("exports every finance table in GET /me/export", async () => {
    const data = await json(await ana.get("/me/export"));
    expect(data.transactions.length).toBeGreaterThan(0);
    expect(data.budgets).toEqual([expect.objectContaining({ category: "leisure", limitCents: 10000 })]);
    expect(data.savingsGoals.map((g: { title: string }) => g.title)).toContain("Carro");
    expect(JSON.stringify(data)).not.toContain("user_id");
  });
});

describe("the screen's day balances and the demo data", () => {
  it("gives the balance at the end of each listed day, counting unlisted days in between", async () => {
    const email = "saldos@financas.test";
    const client = as(await signUpAndLogIn(email));
    await add(client, { type: "income", amountCents: 100000, date: "2026-03-01", category: "salary" });
    await add(client, { amountCents: 2500, date: "2026-03-02", category: "groceries" });
    await add(client, { amountCents: 1000, date: "2026-03-03", category: "transport" });
    await add(client, { amountCents: 499, date: "2026-03-05", category: "groceries" });
    // The list filtered to groceries shows 2 and 5 March; 3 March's transport still counts.
    const balances = await balancesAt(database(env.DB), await userIdOf(email), ["2026-03-05", "2026-03-02"]);
    expect(balances).toEqual({ "2026-03-05": 100000 - 2500 - 1000 - 499, "2026-03-02": 100000 - 2500 });
  });

  it("seeds a month of plausible finances for the demo account", async () => {
    const email = "demo-financas@financas.test";
    const client = as(await signUpAndLogIn(email));
    await financesModule.seed(database(env.DB), await userIdOf(email));
    const list = await json(await client.get("/transactions?limit=200"));
    expect(list.items.length).toBeGreaterThan(10);
    expect((await json(await client.get("/budgets"))).items).toEqual([expect.objectContaining({ category: "groceries", limitCents: 25000 })]);
    expect((await json(await client.get("/savings-goals"))).items).toHaveLength(1);
    // Salary, rent, the travel pass and Netflix are "Movimentos fixos" (decision 0116) whose
    // transactions so far are their own occurrences: each waits for its next date after today, and a
    // catch-up now writes nothing again.
    const rules = (await json(await client.get("/finances/recurring"))).items as { id: string; description: string; nextDate: string }[];
    expect(rules.map((r) => r.description).sort()).toEqual(["Netflix", "Passe Navegante", "Renda", "Salário"]);
    for (const rule of rules) expect(rule.nextDate > today, `${rule.description} next ${rule.nextDate}`).toBe(true);
    const recurringRows = list.items.filter((t: { source: string }) => t.source === "recurring");
    expect(recurringRows.length).toBeGreaterThanOrEqual(rules.length);
    expect(await catchUpRecurring(env, await userIdOf(email), new Date())).toBe(false);
    expect((await json(await client.get("/transactions?limit=200"))).items).toHaveLength(list.items.length);
  });

  it("alerts when a new budget starts out already over its limit", async () => {
    const email = "ja-excedido@financas.test";
    const client = as(await signUpAndLogIn(email));
    await add(client, { amountCents: 6000, category: "leisure" });
    expect((await client.post("/budgets", { category: "leisure", limitCents: 5000 })).status).toBe(201);
    expect((await budgetAlerts(email)).map((a) => JSON.parse(a.metadata).threshold)).toEqual([100]);
  });
});
