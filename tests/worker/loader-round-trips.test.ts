import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { authenticate } from "../../worker/auth/middleware";
import { newId } from "../../worker/lib/ids";
import { countingD1, type D1Call } from "./counting-bindings";
import { api, ORIGIN, signUpAndLogIn } from "./helpers";

// Issue 20: "no page loader makes more than one D1 round trip (a batch counts as one)". Every loader
// of the signed-in area (the /app layout, its screens, the modules' screens, the admin screens) runs
// here against the demo account's data with a counting D1 binding (tests/worker/counting-bindings.ts),
// the way React Router calls it: the Hono root's load context, session included. A page's loaders run
// in parallel, and the session check before them is the pipeline's one round trip
// (pipeline-round-trips.test.ts).
//
// The files are found by glob, so a new screen is checked without being listed here.
type LoaderModule = { loader?: (args: unknown) => unknown };
// Component tests beside the routes are not screens (and their testing library cannot load in workerd).
const MODULES = import.meta.glob<LoaderModule>([
  "../../app/routes/app/*.tsx",
  "../../app/routes/admin/*.tsx",
  "../../app/routes/notifications/*.tsx",
  "../../app/modules/*/routes/*.tsx",
  "!**/*.test.tsx",
]);

/** The loader's name in failures: its file under app/. */
const nameOf = (file: string) => file.replace("../../app/", "");

// Loaders over the budget, with the round trips they make today (empty since every loader reads
// through one batch of `Read`s, worker/db/reads.ts; docs/decisions/0041 "Revised"). The test fails
// when one makes MORE, and when one gets down to its budget (then take it off this list), so the
// list only shrinks.
const KNOWN_OVER_BUDGET: Record<string, number> = {};

const BUDGET = 1;

type Counted = { name: string; roundTrips: number; sql: string[]; calls: D1Call[]; data: unknown };

async function countLoader(file: string, cookie: string, path = "/app/dashboard"): Promise<Counted | null> {
  const module = await MODULES[file]();
  if (typeof module.loader !== "function") return null;
  const request = new Request(`${ORIGIN}${path}`, { headers: { cookie } });
  const auth = await authenticate(env, request);
  if (!auth) throw new Error(`no session for ${nameOf(file)}`);
  const calls: D1Call[] = [];
  const ctx = createExecutionContext();
  const context = { cloudflare: { env: { ...env, DB: countingD1(env.DB, calls) }, ctx }, auth, lang: "pt", cspNonce: "test", requestId: "test", fetchApi: () => Promise.reject(new Error("no API in this test")) };
  let data: unknown;
  try {
    data = await module.loader({ request, params: {}, context });
  } catch (thrown) {
    // Redirects and not-found answers are thrown Responses: what they read still counts.
    if (!(thrown instanceof Response)) throw thrown;
  }
  await waitOnExecutionContext(ctx);
  return { name: nameOf(file), roundTrips: calls.length, sql: calls.map((c) => `${c.kind}: ${c.sql.join(" ; ").slice(0, 120)}`), calls, data };
}

let demoCookie = "";
let adminCookie = "";

beforeAll(async () => {
  // The demo account has data in every module (tasks, events, goals, finances, diary, routines, …).
  const seed = (await (await SELF.fetch(`${ORIGIN}/api/dev/seed`, { method: "POST", headers: { origin: ORIGIN } })).json()) as { email: string; password: string };
  const login = await api("/auth/login", { body: { email: seed.email, password: seed.password } });
  demoCookie = login.headers.getSetCookie()[0].split(";")[0];
  // ADMIN_EMAILS of the test pool names this address: the admin screens' loaders run for an admin.
  adminCookie = await signUpAndLogIn("boss@example.com");
  await api("/me/onboarding", { method: "POST", headers: { cookie: adminCookie }, body: { fullName: "Boss", language: "pt", timeZone: "Europe/Lisbon", firstModules: [] } });
}, 120_000);

describe("D1 round trips per page loader (issue 20)", () => {
  it("finds the signed-in area's loaders", () => {
    const files = Object.keys(MODULES).map(nameOf);
    // Sanity: the glob reaches the layout, the dashboard, a module screen and an admin screen.
    for (const file of ["routes/app/layout.tsx", "routes/app/impact.tsx", "modules/tasks/routes/tasks.tsx", "routes/admin/health.tsx"]) expect(files).toContain(file);
  });

  it("no page loader makes more than one D1 round trip", async () => {
    const over: string[] = [];
    const improved: string[] = [];
    for (const file of Object.keys(MODULES)) {
      const cookie = file.includes("/admin/") ? adminCookie : demoCookie;
      const counted = await countLoader(file, cookie);
      if (!counted) continue;
      const allowed = KNOWN_OVER_BUDGET[counted.name] ?? BUDGET;
      if (counted.roundTrips > allowed) over.push(`${counted.name}: ${counted.roundTrips} D1 round trips (budget ${allowed})\n    ${counted.sql.join("\n    ")}`);
      else if (counted.name in KNOWN_OVER_BUDGET && counted.roundTrips < allowed) improved.push(`${counted.name}: ${counted.roundTrips} (listed at ${allowed}): lower or remove its KNOWN_OVER_BUDGET entry`);
    }
    expect(over, `loaders over their D1 round-trip budget:\n${over.join("\n")}`).toEqual([]);
    expect(improved, improved.join("\n")).toEqual([]);
    // Some twenty loaders over real data, on a machine shared with other test runs.
  }, 240_000);
});

// The finances screen's text filter, in the list's own statement: three characters or more by the
// trigram index (decision 0096), one or two by GLOBs of letter classes (0098).
describe("/app/financas?q= (issue 20)", () => {
  const FINANCES = "../../app/modules/finances/routes/finances.tsx";
  const listed = (counted: Counted | null) => (counted?.data as { transactions: { description: string }[] }).transactions.map((t) => t.description);
  const folded = (text: string) => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

  it("filters by a word, case and accents aside, in the screen's one D1 round trip", async () => {
    const counted = await countLoader(FINANCES, demoCookie, "/app/financas?q=SALARIO");
    expect(counted?.roundTrips, counted?.sql.join("\n")).toBe(1);
    expect(listed(counted).length).toBeGreaterThan(0);
    for (const description of listed(counted)) expect(folded(description)).toContain("salario");
  });

  it("filters by one or two characters, case and accents aside, in the same one round trip", async () => {
    // "é" finds the demo's "Salário", "Café" and "Despesa" alike (decision 0098).
    const counted = await countLoader(FINANCES, demoCookie, "/app/financas?q=%C3%A9");
    expect(counted?.roundTrips, counted?.sql.join("\n")).toBe(1);
    expect(listed(counted).length).toBeGreaterThan(0);
    for (const description of listed(counted)) expect(folded(description)).toContain("e");
    // The two widest classes, ten patterns and an instr(), in the list and its days' balances alike.
    const widest = await countLoader(FINANCES, demoCookie, "/app/financas?q=%C3%A3O");
    expect(widest?.roundTrips, widest?.sql.join("\n")).toBe(1);
    for (const description of listed(widest)) expect(folded(description)).toContain("ao");
  });
});

// The loop above opens each screen at its plain URL. A link to a task (search, the calendar) opens
// /app/tarefas?task=<id> on the day the task is scheduled, which only the task's row tells.
describe("/app/tarefas?task=<id> without a date (issue 20)", () => {
  const TASKS = "../../app/modules/tasks/routes/tasks.tsx";
  type TasksData = { day: string; today: string; focusId: string | null; timeline: { id: string }[]; others: { title: string }[] };
  const create = async (cookie: string, path: string, body: Record<string, unknown>) => {
    const response = await api(path, { body, headers: { cookie } });
    if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { task?: { id: string }; event?: { id: string } });
  };
  const task = async (cookie: string, title: string, scheduledStart: string) => (await create(cookie, "/tasks", { title, scheduledStart, durationMinutes: 30 })).task!.id;

  it("shows the linked task's day (its tasks and other items) from one D1 round trip; another user's task is as a random id", async () => {
    const cookie = await signUpAndLogIn(`linked-task-${Date.now()}@example.com`);
    await api("/me/onboarding", { method: "POST", headers: { cookie }, body: { fullName: "Lia", language: "pt", timeZone: "Europe/Lisbon", firstModules: [] } });
    // 28 March 2027 in Lisbon: clocks go forward at 01:00 UTC, a 23-hour day from 00:00Z to 23:00Z.
    const linked = await task(cookie, "Ligada", "2027-03-28T12:00:00Z");
    const early = await task(cookie, "Logo cedo", "2027-03-28T00:30:00Z");
    await task(cookie, "Na véspera", "2027-03-27T23:30:00Z");
    await task(cookie, "Já no dia seguinte", "2027-03-28T23:15:00Z");
    await create(cookie, "/events", { title: "Almoço", start: "2027-03-28T13:00:00+01:00", end: "2027-03-28T14:00:00+01:00" });
    await create(cookie, "/events", { title: "Outro dia", start: "2027-03-29T13:00:00+01:00", end: "2027-03-29T14:00:00+01:00" });

    const opened = (await countLoader(TASKS, cookie, `/app/tarefas?task=${linked}`))!;
    expect(opened.roundTrips, opened.sql.join("\n")).toBe(1);
    const data = opened.data as TasksData;
    expect(data.day).toBe("2027-03-28");
    expect(data.focusId).toBe(linked);
    expect(data.timeline.map((t) => t.id)).toEqual([early, linked]);
    expect(data.others.map((o) => o.title)).toEqual(["Almoço"]);
    // What is read around the task's start goes by the indexes, as the day's own reads do.
    const [batch] = opened.calls;
    for (const [i, statement] of batch.sql.entries()) {
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement}`).bind(...batch.params[i]).all<{ detail: string }>();
      expect(results.map((r) => r.detail).filter((detail) => /^SCAN (tasks|events)\b/.test(detail)), statement).toEqual([]);
    }
    // The same as asking for the day by its date.
    const byDate = (await countLoader(TASKS, cookie, `/app/tarefas?task=${linked}&date=2027-03-28`))!.data as TasksData;
    expect(byDate).toEqual(data);

    // Another user's task scheduled that day: nothing of it shows, exactly as for an id that does not exist.
    const theirs = await task(adminCookie, "Do outro", "2027-03-28T12:00:00Z");
    const foreign = (await countLoader(TASKS, cookie, `/app/tarefas?task=${theirs}`))!;
    const random = (await countLoader(TASKS, cookie, `/app/tarefas?task=${newId()}`))!;
    expect(foreign.roundTrips).toBe(1);
    expect(foreign.data).toEqual(random.data);
    expect((foreign.data as TasksData).focusId).toBeNull();
    expect((foreign.data as TasksData).day).toBe((foreign.data as TasksData).today);
  }, 60_000);
});
