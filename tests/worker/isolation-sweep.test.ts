import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fakeAuthorizationCode } from "../fixtures/fake-google";
import { api, json, ORIGIN } from "./helpers";
import { installWriteLog, writeMark, writesSince } from "./sweeps/checks";
import { account, apiRoutes, ENDPOINTS, fill, keyOf, objectsOf, send, type Account, type Objects, type Route } from "./sweeps/endpoints";

// Issue 20, isolation: for every route of the app that takes an id (every module's, sub-routes
// included), user B tries A's objects with every method the route has. Every attempt answers 404
// with exactly the body a random id of the same shape gets (nothing tells B that A's object
// exists), and no row of the database changes (tests/worker/sweeps/checks.ts's write log). RUMO_FULL_SWEEP=1 adds spellings of A's ids that
// a careless router or query could still match (case, trailing slash, padding, a parameter).
const FULL = env.RUMO_FULL_SWEEP === "1";

/**
 * Id routes that are not about a user's own objects, each with why: they are checked by their own
 * tests, not by B-against-A.
 */
const NOT_OWNED: Record<string, string> = {
  "GET /calendar/feed/:file": "a capability URL (a secret token, not an id): tests/worker/calendar-ics.test.ts",
};
const ADMIN = /^\/admin\//;

const routes = apiRoutes().filter((r) => r.path.includes(":") && !NOT_OWNED[keyOf(r)]);

async function googleAccount(sub: string): Promise<Account> {
  const start = await SELF.fetch(`${ORIGIN}/api/v1/auth/google`, { redirect: "manual" });
  const authorize = new URL(start.headers.get("location")!);
  const cookies = start.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const code = fakeAuthorizationCode({ sub, email: `${sub}@gmail.test`, email_verified: true, name: sub }, authorize.searchParams.get("code_challenge")!);
  const callback = await SELF.fetch(`${ORIGIN}/api/v1/auth/google/callback?code=${code}&state=${authorize.searchParams.get("state")}`, { redirect: "manual", headers: { cookie: cookies } });
  const cookie = callback.headers.getSetCookie().find((c) => c.startsWith("rumo_session="))!.split(";")[0];
  const me = await json(await api("/me", { headers: { cookie } }));
  return { cookie, id: me.user.id, email: me.user.email };
}

/** A random id of the same shape: a UUID for a UUID, else the same length and character classes. */
function sameShape(id: string): string {
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return crypto.randomUUID();
  if (/^\d{4}-\d{2}-\d{2}$/.test(id)) return "2001-01-01";
  const pick = (set: string) => set[Math.floor(Math.random() * set.length)];
  return id.replace(/[0-9]/g, () => pick("0123456789")).replace(/[a-z]/g, () => pick("abcdefghijklmnopqrstuvwxyz")).replace(/[A-Z]/g, () => pick("ABCDEFGHIJKLMNOPQRSTUVWXYZ"));
}

const withoutRequestId = (text: string) => {
  try {
    const body = JSON.parse(text);
    if (body?.error) delete body.error.requestId;
    return body;
  } catch {
    return text;
  }
};

let a: Account;
let b: Account;
let objects: Objects & { googleCalendar: string };
let bOwn: Objects;

beforeAll(async () => {
  await installWriteLog();
  a = await googleAccount(`iso-a-${Date.now()}`);
  b = await account("iso-b");
  objects = { ...(await objectsOf(a)), googleCalendar: "" };
  const connect = await api("/calendar/google/connect", { method: "POST", headers: { cookie: a.cookie } });
  objects.googleCalendar = (await json(connect)).connection?.calendars?.[0]?.id ?? "";
  bOwn = await objectsOf(b);
}, 180_000);

/** A's ids for a route (the same mapping the bad-input sweep starts from), Google's calendar included. */
function aParams(route: Route): Record<string, string> {
  if (route.path === "/calendar/google/calendars/:id") return { id: objects.googleCalendar };
  return ENDPOINTS[keyOf(route)].params!(objects, { victim: a.id, incident: "", feedback: "", flag: "" });
}

/** The spellings of an id B tries: A's own, and in the full sweep the ones a loose match could accept. */
function spellings(id: string): string[] {
  const plain = encodeURIComponent(id);
  return FULL ? [plain, encodeURIComponent(id.toUpperCase()), `${plain}%20`, `%20${plain}`, `${plain}%00`, `${plain};x=1`] : [plain];
}

/** One occurrence of A's event (it starts tomorrow at 09:00 UTC): PATCH and DELETE may name one. */
const occurrence = () => `?occurrence=${encodeURIComponent(`${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}T09:00:00Z`)}`;

async function attempt(route: Route, params: Record<string, string>, raw = false, query = "") {
  const spec = ENDPOINTS[keyOf(route)];
  const body = spec.body ? JSON.stringify(spec.body()) : undefined;
  const response = await send(route.method, `${fill(route.path, params, raw)}${query}`, { cookie: b.cookie, body, type: body ? "application/json" : undefined });
  return { status: response.status, body: withoutRequestId(await response.text()) };
}

describe("the isolation sweep", () => {
  it("finds the id routes of every module", () => {
    const prefixes = new Set(routes.map((r) => r.path.split("/")[1]));
    for (const p of ["tasks", "events", "goals", "diary", "routines", "transactions", "budgets", "savings-goals", "cycle", "notifications", "assistant", "me", "finances", "calendar", "reports"]) expect(prefixes).toContain(p);
    expect(routes.map(keyOf).filter((k) => !ENDPOINTS[k]?.params)).toEqual([]);
  });

  it("answers B with 404 for A's ids, the same 404 as for a random id, and changes nothing", async () => {
    const failures: string[] = [];
    let requests = 0;
    const before = await writeMark();
    for (const route of routes) {
      const params = aParams(route);
      const random = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, sameShape(v)]));
      const reference = await attempt(route, random);
      requests++;
      // Admin routes are closed to B by role: the same 403 whoever's id it is.
      const expected = ADMIN.test(route.path) ? 403 : 404;
      if (reference.status !== expected) failures.push(`${keyOf(route)} random id → ${reference.status} ${JSON.stringify(reference.body).slice(0, 160)}`);
      // Each try: A's ids, one of them spelled oddly, and the same spelling of a random id beside it.
      const tries: { ids: Record<string, string>; randomSpelled?: Record<string, string> }[] = [];
      const encoded = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, encodeURIComponent(v)]));
      for (const name of Object.keys(params))
        spellings(params[name]).forEach((spelled, i) =>
          tries.push({ ids: { ...encoded(random), ...encoded(params), [name]: spelled }, randomSpelled: { ...encoded(random), [name]: spellings(random[name])[i] } }),
        );
      // A's child under B's own parent (a milestone of A's goal through B's goal, and so on).
      const own = { goal: bOwn.goal, routine: bOwn.routine } as Record<string, string>;
      if (route.path.includes(":mid")) tries.push({ ids: { id: encodeURIComponent(own.goal), mid: encodeURIComponent(params.mid) } });
      const queries = route.path.startsWith("/events/") && route.method !== "GET" ? ["", occurrence()] : [""];
      for (const { ids, randomSpelled } of tries) {
        for (const query of queries) {
          const answer = await attempt(route, ids, true, query);
          requests++;
          if (answer.status !== expected) {
            // A spelling no value of the parameter has (a week's date with a space) may be refused
            // as such: no leak while a random value spelled the same way gets the same answer.
            const same = randomSpelled && JSON.stringify(await attempt(route, randomSpelled, true, query)) === JSON.stringify(answer);
            if (randomSpelled) requests++;
            if (!same || answer.status >= 500) failures.push(`${keyOf(route)}${query} ${JSON.stringify(ids).slice(0, 120)} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`);
          } else if (JSON.stringify(answer.body) !== JSON.stringify(reference.body)) failures.push(`${keyOf(route)}${query}: A's id answers ${JSON.stringify(answer.body)}, a random id ${JSON.stringify(reference.body)}`);
        }
      }
    }
    const changed = await writesSince(before);
    console.log(`isolation sweep: ${routes.length} id routes, ${requests} requests by B (${FULL ? "full" : "compact"})`);
    expect(failures).toEqual([]);
    expect(changed, "tables B's refused requests changed").toEqual([]);
  }, 300_000);

  it("leaves A's objects readable and unchanged for A", async () => {
    for (const [path, id] of [["/tasks", objects.task], ["/events", objects.event], ["/goals", objects.goal], ["/diary", objects.diary], ["/routines", objects.routine], ["/transactions", objects.transaction], ["/budgets", objects.budget], ["/savings-goals", objects.savings], ["/cycle/days", objects.cycleDay], ["/notifications", objects.notification]] as const) {
      const response = await api(`${path}/${id}`, { headers: { cookie: a.cookie } });
      expect(response.status, path).toBe(200);
    }
    const sessions = await json(await api("/me/sessions", { headers: { cookie: a.cookie } }));
    expect(sessions.items.map((s: { id: string }) => s.id)).toContain(objects.session);
  });
});
