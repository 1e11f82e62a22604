import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { authenticate } from "../../worker/auth/middleware";
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
const MODULES = {
  ...import.meta.glob<LoaderModule>("../../app/routes/app/*.tsx"),
  ...import.meta.glob<LoaderModule>("../../app/routes/admin/*.tsx"),
  ...import.meta.glob<LoaderModule>("../../app/routes/notifications/*.tsx"),
  ...import.meta.glob<LoaderModule>("../../app/modules/*/routes/*.tsx"),
};

/** The loader's name in failures: its file under app/. */
const nameOf = (file: string) => file.replace("../../app/", "");

// Loaders over the budget, with the round trips they make today (empty since every loader reads
// through one batch of `Read`s, worker/db/reads.ts; docs/decisions/0041 "Revised"). The test fails
// when one makes MORE, and when one gets down to its budget (then take it off this list), so the
// list only shrinks.
const KNOWN_OVER_BUDGET: Record<string, number> = {};

const BUDGET = 1;

type Counted = { name: string; roundTrips: number; sql: string[] };

async function countLoader(file: string, cookie: string, path = "/app/dashboard"): Promise<Counted | null> {
  const module = await MODULES[file]();
  if (typeof module.loader !== "function") return null;
  const request = new Request(`${ORIGIN}${path}`, { headers: { cookie } });
  const auth = await authenticate(env, request);
  if (!auth) throw new Error(`no session for ${nameOf(file)}`);
  const calls: D1Call[] = [];
  const ctx = createExecutionContext();
  const context = { cloudflare: { env: { ...env, DB: countingD1(env.DB, calls) }, ctx }, auth, lang: "pt", cspNonce: "test", requestId: "test", fetchApi: () => Promise.reject(new Error("no API in this test")) };
  try {
    await module.loader({ request, params: {}, context });
  } catch (thrown) {
    // Redirects and not-found answers are thrown Responses: what they read still counts.
    if (!(thrown instanceof Response)) throw thrown;
  }
  await waitOnExecutionContext(ctx);
  return { name: nameOf(file), roundTrips: calls.length, sql: calls.map((c) => `${c.kind}: ${c.sql.join(" ; ").slice(0, 120)}`) };
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
