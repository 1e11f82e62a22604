/**
 * Finances I/O routes (worker/modules/finances/io-api.ts) through the platform's real pieces:
 * root body limits, session, premium guard, D1, and the finances manifest that mounts them.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { loadSession } from "@worker/auth/middleware";
import { buildApi, PLATFORM_BODY_RULES } from "@worker/api";
import { handleError } from "@worker/lib/errors";
import { limitBodies } from "@worker/middleware/body";
import { requestContext } from "@worker/middleware/request-context";
import { WORKER_MODULES } from "@worker/modules";
import { bodyRulesOf } from "@worker/modules/registry";
import type { AppEnv } from "@worker/types";
import { FAKE_STRIPE } from "../fixtures/fake-stripe";
import { customerUser, endTrial, sendEvent, setSubscription, stripeEvent, userIdOf } from "./billing-helpers";
import { json, ORIGIN, signUpAndLogIn } from "./helpers";

const modules = WORKER_MODULES;
const root = new Hono<AppEnv>()
  .onError(handleError)
  .use("*", requestContext)
  .use("*", limitBodies(bodyRulesOf(modules, PLATFORM_BODY_RULES)))
  .use("*", loadSession)
  .route("/api/v1", buildApi(modules));

async function call(path: string, init: { method?: string; cookie?: string; body?: BodyInit; type?: string } = {}) {
  const ctx = createExecutionContext();
  const response = await root.request(
    `${ORIGIN}/api/v1${path}`,
    { method: init.method ?? "GET", headers: { origin: ORIGIN, ...(init.cookie ? { cookie: init.cookie } : {}), ...(init.type ? { "content-type": init.type } : {}) }, body: init.body },
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}
const parse = (cookie: string, body: unknown) => call("/transactions/parse", { method: "POST", cookie, body: JSON.stringify(body), type: "application/json" });
const importCsv = (cookie: string, bytes: BodyInit, query = "") => call(`/transactions/import${query}`, { method: "POST", cookie, body: bytes, type: "text/csv" });
const exportCsv = async (cookie: string, query = "") => {
  const response = await call(`/transactions/export.csv${query}`, { cookie });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
};
const rowsOf = async (userId: string) =>
  (await env.DB.prepare("select type, amount_cents as amountCents, description, date, category, source from transactions where user_id = ? order by date, description").bind(userId).all()).results;

const cp1252 = (text: string) => Uint8Array.from(text, (ch) => (ch === "€" ? 0x80 : ch.charCodeAt(0)));
const CGD = [
  "Consultar saldos e movimentos à ordem - 23-11-2026",
  "Conta ;0123012345600 - EUR - Conta Caixa",
  "",
  "Data mov. ;Data valor ;Descrição ;Débito ;Crédito ;Saldo contabilístico ;",
  "02-11-2026;02-11-2026;COMPRA CONTINENTE LISBOA ;45,90;;1.954,10;",
  "05-11-2026;05-11-2026;TRF SEPA+ SALARIO NOVEMBRO ;;1.500,00;3.454,10;",
  "06-11-2026;06-11-2026;PAG SERV EDP COMERCIAL ;62,37;;3.391,73;",
  "06-11-2026;06-11-2026;PAG SERV EDP COMERCIAL ;62,37;;3.329,36;",
  " ; ;Saldo contabilístico ;3.329,36 EUR ; ;",
].join("\r\n");

let alice: string;
let bruno: string;
let carla: string;
let aliceId: string;
let brunoId: string;
beforeAll(async () => {
  alice = await signUpAndLogIn("alice@finances-io.test");
  bruno = await signUpAndLogIn("bruno@finances-io.test");
  carla = await signUpAndLogIn("carla@finances-io.test");
  aliceId = await userIdOf("alice@finances-io.test");
  brunoId = await userIdOf("bruno@finances-io.test");
});

describe("POST /transactions/parse", () => {
  it("reads a sentence into a draft, saving nothing", async () => {
    const response = await parse(alice, { text: "gastei 45,90 no Continente ontem", today: "2026-11-23" });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ draft: { type: "expense", amountCents: 4590, description: "Continente", date: "2026-11-22", category: "groceries" } });
    expect(await rowsOf(aliceId)).toEqual([]);
  });

  it("anchors relative dates on the user's own day when `today` is not given", async () => {
    const { draft } = await json(await parse(alice, { text: "café 2,50" }));
    const p = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Lisbon", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
    expect(draft.date).toBe(p);
  });

  it("refuses text with no amount: 422 unparseable, 'Erro ao interpretar' / 'Tente ajustar o texto.'", async () => {
    for (const text of ["reunião às 10", "amanhã às 15h", "olá"]) {
      const response = await parse(alice, { text, today: "2026-11-23" });
      expect(response.status, text).toBe(422);
      expect((await json(response)).error).toEqual({ code: "unparseable", message: "Erro ao interpretar", fields: { text: "Tente ajustar o texto." } });
    }
  });

  it("answers 400 for a bad `today` and 401 without a session", async () => {
    expect((await parse(alice, { text: "café 2", today: "2026-02-30" })).status).toBe(400);
    expect((await parse(alice, { text: 5 })).status).toBe(400);
    expect((await call("/transactions/parse", { method: "POST", body: JSON.stringify({ text: "café 2" }), type: "application/json" })).status).toBe(401);
  });
});

describe("POST /transactions/import", () => {
  it("previews with ?dryRun=true without saving, with the detected mapping", async () => {
    const response = await importCsv(alice, cp1252(CGD), "?dryRun=true");
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.items.map((i: { amountCents: number }) => i.amountCents)).toEqual([4590, 150000, 6237, 6237]);
    expect(body.items[0]).toEqual({ line: 5, date: "2026-11-02", type: "expense", amountCents: 4590, description: "COMPRA CONTINENTE LISBOA", category: "groceries", duplicate: false });
    expect(body.mapping).toMatchObject({ encoding: "windows-1252", delimiter: ";", headerLine: 4, debit: 3, credit: 4 });
    expect(body.skipped).toEqual([]);
    expect(await rowsOf(aliceId)).toEqual([]);
  });

  it("imports all rows, and importing the same file again adds nothing", async () => {
    const first = await json(await importCsv(alice, cp1252(CGD)));
    expect(first.imported).toBe(4);
    const saved = await rowsOf(aliceId);
    expect(saved).toHaveLength(4);
    expect(saved.every((r) => r.source === "import")).toBe(true);
    // Sums in cents, exact.
    expect(saved.reduce((s, r) => s + (r.type === "income" ? 1 : -1) * Number(r.amountCents), 0)).toBe(150000 - 4590 - 6237 - 6237);
    const again = await json(await importCsv(alice, cp1252(CGD)));
    expect(again.imported).toBe(0);
    expect(again.items.every((i: { duplicate: boolean }) => i.duplicate)).toBe(true);
    expect(await rowsOf(aliceId)).toHaveLength(4);
  });

  it("rolls back on a bad row: 400 naming the line, nothing saved", async () => {
    const bad = CGD.replace("05-11-2026;05-11-2026;TRF", "31-02-2026;05-11-2026;TRF").replace("2026;COMPRA", "2026;COMPRA NOVA");
    const response = await importCsv(bruno, cp1252(bad));
    expect(response.status).toBe(400);
    expect((await json(response)).error).toEqual({
      code: "validation_failed",
      message: "A linha 6 não pode ser lida: nada foi importado.",
      fields: { "line.6": "Data inválida" },
    });
    expect(await rowsOf(brunoId)).toEqual([]);
    // The preview shows the same problem without refusing.
    const preview = await json(await importCsv(bruno, cp1252(bad), "?dryRun=true"));
    expect(preview.errors).toEqual([{ line: 6, reason: "invalid_date" }]);
  });

  it("refuses a file that is not CSV, over 20,000 rows or over 5 MB, saving nothing", async () => {
    const pdf = await importCsv(bruno, new TextEncoder().encode("%PDF-1.7\n%âãÏÓ\n1 0 obj\n"));
    expect(pdf.status).toBe(400);
    expect((await json(pdf)).error.message).toBe("O ficheiro não é um CSV. Exporte os movimentos em CSV no site do seu banco.");
    const rows = Array.from({ length: 20_001 }, (_, i) => `2026-01-01;Linha ${i};-1,00`);
    const many = await importCsv(bruno, ["Data;Descrição;Montante", ...rows].join("\n"));
    expect(many.status).toBe(400);
    expect((await json(many)).error.message).toBe("O ficheiro tem mais de 20 000 linhas. Divida-o por períodos mais curtos.");
    const big = await importCsv(bruno, "Data;Descrição;Montante\n".padEnd(5 * 1024 * 1024 + 1, "x"));
    expect(big.status).toBe(413);
    expect((await call("/transactions/import", { method: "POST", cookie: bruno, body: "{}", type: "application/json" })).status).toBe(415);
    expect(await rowsOf(brunoId)).toEqual([]);
  });

  it("takes a mapping override, in the query or as a form part beside the file", async () => {
    const text = "Data;Quando;Descrição;Montante;Nota\n01/02/2026;02/03/2026;Café;-1,20;Pequeno-almoço\n";
    const viaQuery = await json(await importCsv(bruno, text, `?dryRun=true&mapping=${encodeURIComponent(JSON.stringify({ date: 1, dateFormat: "mdy" }))}`));
    expect(viaQuery.items[0]).toMatchObject({ date: "2026-02-03", description: "Café" });
    const form = new FormData();
    form.set("file", new File([text], "extrato.csv", { type: "text/csv" }));
    form.set("mapping", JSON.stringify({ description: 4 }));
    const viaForm = await json(await call("/transactions/import?dryRun=true", { method: "POST", cookie: bruno, body: form }));
    expect(viaForm.items[0]).toMatchObject({ date: "2026-02-01", description: "Pequeno-almoço" });
    // A category picked per line in the preview replaces the guess; an unknown one is refused.
    const picked = await json(await importCsv(bruno, text, `?dryRun=true&categories=${encodeURIComponent(JSON.stringify({ 2: "health" }))}`));
    expect(picked.items[0].category).toBe("health");
    const unknown = await importCsv(bruno, text, `?categories=${encodeURIComponent(JSON.stringify({ 2: "someone-elses-id" }))}`);
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).error.message).toBe("Escolha uma categoria existente.");
    expect(await rowsOf(brunoId)).toEqual([]);
    const bad = await importCsv(bruno, text, `?mapping=${encodeURIComponent(JSON.stringify({ date: -1 }))}`);
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.message).toBe("As colunas escolhidas não são válidas.");
  });
});

describe("an import beside the rest of finances", () => {
  const send = (cookie: string, path: string, method: string, body: unknown) => call(path, { method, cookie, body: JSON.stringify(body), type: "application/json" });
  /** The user's day in their zone (a new account's is Europe/Lisbon), as the bank's dd-mm-yyyy. */
  const lisbonToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Lisbon", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const bankDate = (iso: string) => iso.split("-").reverse().join("-");
  const statement = (...rows: [date: string, description: string, debit: string][]) =>
    ["Data mov. ;Data valor ;Descrição ;Débito ;Crédito ;Saldo contabilístico ;", ...rows.map(([date, description, debit]) => `${bankDate(date)};${bankDate(date)};${description} ;${debit};;1.000,00;`)].join("\r\n");
  const budgetAlerts = async (userId: string) =>
    (await env.DB.prepare("select title, metadata from notifications where user_id = ? and type = 'budget_alert' order by created_at").bind(userId).all<{ title: string; metadata: string }>()).results;

  it("raises the budget alert a typed expense would, for this month's imported expenses only", async () => {
    const dora = await signUpAndLogIn("dora@finances-io.test");
    const doraId = await userIdOf("dora@finances-io.test");
    const created = await send(dora, "/budgets", "POST", { category: "groceries", limitCents: 10_000 });
    expect(created.status).toBe(201);
    const { budget } = await json(created);
    const today = lisbonToday();
    const lastYear = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;

    // A past month over the limit: no alert about the past (decision 0025).
    expect((await json(await importCsv(dora, statement([lastYear, "COMPRA CONTINENTE LISBOA", "150,00"])))).imported).toBe(1);
    expect(await budgetAlerts(doraId)).toEqual([]);

    // This month: 85 € then 40 € more of groceries, each file raising its threshold once.
    expect((await json(await importCsv(dora, statement([today, "COMPRA CONTINENTE LISBOA", "85,00"], [today, "CINEMA NOS", "30,00"])))).imported).toBe(2);
    let alerts = await budgetAlerts(doraId);
    expect(alerts.map((a) => a.title)).toEqual(["Orçamento de Alimentação/Supermercado a 80 %"]);
    expect(JSON.parse(alerts[0].metadata)).toMatchObject({ budgetId: budget.id, month: today.slice(0, 7), threshold: 80, spentCents: 8_500 });
    expect((await json(await importCsv(dora, statement([today, "PINGO DOCE", "40,00"])))).imported).toBe(1);
    alerts = await budgetAlerts(doraId);
    expect(alerts.map((a) => JSON.parse(a.metadata).threshold)).toEqual([80, 100]);
  });

  it("keeps an imported description within the length the API edits, so the row can be re-filed", async () => {
    const eva = await signUpAndLogIn("eva@finances-io.test");
    const long = `TRF SEPA ${"REFERENCIA MUITO LONGA ".repeat(20)}`.trim();
    expect(long.length).toBeGreaterThan(400);
    const imported = await json(await importCsv(eva, `Data;Descrição;Montante;Comissão\n2026-10-01;${long};-12,00;-0,50\n`));
    expect(imported.imported).toBe(2);
    const { items } = await json(await call("/transactions?limit=10", { cookie: eva }));
    expect(items.map((t: { description: string }) => t.description.length)).toEqual([200, 200]);
    expect(items.map((t: { description: string }) => t.description).sort()).toEqual([long.slice(0, 200), `Comissão: ${long}`.slice(0, 200)].sort());
    for (const row of items) {
      const response = await send(eva, `/transactions/${row.id}`, "PATCH", { category: "home", description: row.description });
      expect(response.status, await response.clone().text()).toBe(200);
    }
    // The same file again is still recognised as imported.
    const again = await json(await importCsv(eva, `Data;Descrição;Montante;Comissão\n2026-10-01;${long};-12,00;-0,50\n`));
    expect(again.imported).toBe(0);
  });
});

describe("GET /transactions/export.csv", () => {
  it("round trip: another user importing Alice's export gets the same transactions", async () => {
    // Tricky descriptions next to the imported ones: separators, quotes, a line break, a formula.
    const insert = env.DB.prepare("insert into transactions (id, user_id, type, amount_cents, description, date, category) values (?, ?, ?, ?, ?, ?, ?)");
    await env.DB.batch([
      insert.bind("rt-1", aliceId, "expense", 1, 'Livro "Os Maias"; 2.ª ed., usado', "2026-10-01", "education"),
      insert.bind("rt-2", aliceId, "expense", 99999, "linha um\nlinha dois", "2026-10-02", "other"),
      insert.bind("rt-3", aliceId, "income", 123456, "=HYPERLINK(\"http://x\")", "2026-10-03", "other"),
    ]);
    const pt = await exportCsv(alice);
    expect(Array.from(pt.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(pt);
    expect(text).toContain("Data;Tipo;Descrição;Categoria;Valor\r\n");
    expect(text).toContain(`2026-10-03;Receita;"'=HYPERLINK(""http://x"")";Outros;1234,56`);

    const imported = await json(await importCsv(carla, pt));
    expect(imported.imported).toBe(7);
    const strip = (rows: Record<string, unknown>[]) => rows.map(({ source: _s, ...r }) => r);
    expect(strip(await rowsOf(await userIdOf("carla@finances-io.test")))).toEqual(strip(await rowsOf(aliceId)));
    // And Carla's export is byte for byte Alice's.
    expect(new TextDecoder().decode(await exportCsv(carla))).toBe(text);
    // The English form reads back the same way.
    const en = new TextDecoder().decode(await exportCsv(alice, "?language=en"));
    expect(en).toContain("Date,Type,Description,Category,Amount\r\n2026-10-01,Expense,\"Livro \"\"Os Maias\"\"; 2.ª ed., usado\",Education,0.01\r\n");
    expect((await json(await importCsv(carla, en))).imported).toBe(0);
  });

  it("filters like the list, and exports only the user's own rows", async () => {
    const text = new TextDecoder().decode(await exportCsv(alice, "?type=income&from=2026-11-01"));
    expect(text.trim().split("\r\n")).toEqual(["Data;Tipo;Descrição;Categoria;Valor", "2026-11-05;Receita;TRF SEPA+ SALARIO NOVEMBRO;Salário;1500,00"]);
    expect(new TextDecoder().decode(await exportCsv(bruno)).trim()).toBe("Data;Tipo;Descrição;Categoria;Valor");
  });

  it("finds the text filter's words whatever their case and accents, as the list does", async () => {
    const insert = env.DB.prepare("insert into transactions (id, user_id, type, amount_cents, description, date, category) values (?, ?, 'expense', 100, ?, '2026-09-01', 'home')");
    await env.DB.batch([insert.bind("acc-1", aliceId, "PAGAMENTO SERVIÇOS"), insert.bind("acc-2", aliceId, "Água da EPAL")]);
    const lines = async (q: string) => new TextDecoder().decode(await exportCsv(alice, `?q=${encodeURIComponent(q)}`)).trim().split("\r\n").slice(1);
    expect(await lines("serviços")).toEqual(["2026-09-01;Despesa;PAGAMENTO SERVIÇOS;Casa;1,00"]);
    expect(await lines("agua")).toEqual(["2026-09-01;Despesa;Água da EPAL;Casa;1,00"]);
    expect(await lines("ÁGUA DA")).toEqual(["2026-09-01;Despesa;Água da EPAL;Casa;1,00"]);
    // One or two characters, as the list has them (decision 0098); September holds only these two rows
    // (other tests' rows have a "c" and an "ag" of their own).
    const september = async (q: string) => new TextDecoder().decode(await exportCsv(alice, `?from=2026-09-01&to=2026-09-30&q=${encodeURIComponent(q)}`)).trim().split("\r\n").slice(1);
    expect(await september("Ç")).toEqual(["2026-09-01;Despesa;PAGAMENTO SERVIÇOS;Casa;1,00"]);
    expect(await september("ÁG")).toEqual(["2026-09-01;Despesa;PAGAMENTO SERVIÇOS;Casa;1,00", "2026-09-01;Despesa;Água da EPAL;Casa;1,00"]);
  });
});

describe("GET /finances/insights", () => {
  it("computes the month's insights from the user's data, phrased in their language", async () => {
    const body = await json(await call("/finances/insights?month=2026-11", { cookie: alice }));
    expect(body.month).toBe("2026-11");
    const top = body.items.filter((i: { kind: string }) => i.kind === "top_category");
    expect(top.map((i: { category: string; amountCents: number }) => [i.category, i.amountCents])).toEqual([["home", 12474], ["groceries", 4590]]);
    expect(top[0].message).toBe("Casa foi a maior despesa de novembro de 2026: 124,74\u00a0€ (73% do total).");
    // Only the first is "the biggest".
    expect(top[1].message).toBe("Alimentação/Supermercado foi a segunda maior despesa de novembro de 2026: 45,90\u00a0€ (27% do total).");
    expect((await json(await call("/finances/insights?month=2026-11", { cookie: bruno }))).items).toEqual([]);
    expect((await call("/finances/insights?month=2026-13", { cookie: alice })).status).toBe(400);
  });
});

describe("plans", () => {
  it("a Free user after the trial gets 402 on import, export and insights, and can still parse", async () => {
    await endTrial(brunoId);
    for (const [path, method] of [["/transactions/import", "POST"], ["/transactions/export.csv", "GET"], ["/finances/insights", "GET"]] as const) {
      const response = await call(path, { method, cookie: bruno, ...(method === "POST" ? { body: CGD, type: "text/csv" } : {}) });
      expect(response.status, path).toBe(402);
      expect((await json(response)).error.code).toBe("premium_required");
    }
    expect((await parse(bruno, { text: "café 2,50" })).status).toBe(200);
    expect(await rowsOf(brunoId)).toEqual([]);
  });

  it("a Light user exports CSV but gets 402 on the insights, which are AI insights (Pro only, DECISIONS.md)", async () => {
    const light = await customerUser("light@finances-io.test", "light");
    await endTrial(light.userId);
    await sendEvent(stripeEvent("customer.subscription.created", await setSubscription({ customer: light.customerId, status: "active", price: FAKE_STRIPE.prices.light })));
    expect((await call("/transactions/export.csv", { cookie: light.cookie })).status).toBe(200);
    const refused = await call("/finances/insights?month=2026-11", { cookie: light.cookie });
    expect(refused.status).toBe(402);
    expect((await json(refused)).error.code).toBe("premium_required");
  });
});
