import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BODY_RULES } from "../../worker/api";
import { bodyRuleFor, MAX_BODY_BYTES } from "../../worker/middleware/body";
import { api, json } from "./helpers";
import { bodyCases, type Case, fieldCases, NORMALISING_IDS, ODD_IDS, queryCases, slice } from "./sweeps/corpus";
import { installWriteLog, shapeProblem, writeMark, writesSince } from "./sweeps/checks";
import { account, adminAccount, apiRoutes, CONTRACT, ENDPOINTS, fill, keyOf, objectsOf, send, type Account, type Endpoint, type Objects, type Route } from "./sweeps/endpoints";

// Issue 20, bad input: every endpoint of the API (the app's own route table, checked against the
// contract ../shared/API.md) fed a generated corpus — wrong types, missing and extra fields, huge
// strings and arrays, unicode edge cases, injections, invalid JSON, wrong media types, huge bodies,
// odd ids and query strings (tests/worker/sweeps/corpus.ts). Every answer is below 500, every
// error is in the contract's shape with a message of the user's language, and a refused write
// changes no row of the database. RUMO_FULL_SWEEP=1 (npm run test:quality) sends every per-field
// case; the compact form (npm test) rotates them (docs/decisions/0046).
const FULL = env.RUMO_FULL_SWEEP === "1";
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const routes = apiRoutes();
const swept = routes.filter((r) => ENDPOINTS[keyOf(r)] && !ENDPOINTS[keyOf(r)].skip);

type World = { user: Account; admin: Account; objects: Objects; adminObjects: { victim: string; incident: string; feedback: string; flag: string } };
let world: World;
let sent = 0;

beforeAll(async () => {
  await installWriteLog();
  const user = await account("sweep");
  const admin = await adminAccount();
  const victim = await account("victim");
  const objects = await objectsOf(user);
  await api("/feedback", { body: { subject: "Ideia", message: "Mais cores" }, headers: { cookie: user.cookie } });
  const feedback = (await json(await api("/admin/feedback", { headers: { cookie: admin.cookie } }))).items[0].id;
  const incident = (await json(await api("/admin/incidents", { body: { titlePt: "Lentidão", titleEn: "Slowness" }, headers: { cookie: admin.cookie } }))).incident?.id;
  const flag = (await json(await api("/admin/feature-flags", { headers: { cookie: admin.cookie } }))).items[0].id;
  world = { user, admin, objects, adminObjects: { victim: victim.id, incident, feedback, flag } };
}, 120_000);

/** The valid parameters of an endpoint; a destructive one's are someone else's (random) ids. */
function paramsOf(route: Route, spec: Endpoint): Record<string, string> {
  const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
  if (names.length === 0) return {};
  if (spec.destructive) return Object.fromEntries(names.map((n) => [n, n === "date" ? "2001-01-01" : crypto.randomUUID()]));
  return spec.params!(world.objects, world.adminObjects);
}

/** Every case of the corpus for one endpoint. */
function casesOf(route: Route, spec: Endpoint, offset: number): Case[] {
  const some = <T>(list: T[], n: number) => (FULL ? list : slice(list, n, offset));
  const params = paramsOf(route, spec);
  const query = spec.query ? `?${new URLSearchParams(spec.query)}` : "";
  const path = `${fill(route.path, params)}${query}`;
  const maxBytes = bodyRuleFor(BODY_RULES, route.method, route.path)?.maxBytes ?? MAX_BODY_BYTES;
  const cases: Case[] = [];
  if (WRITES.has(route.method)) {
    cases.push(...some(bodyCases(path, spec.body?.(), maxBytes), 4));
    if (spec.body) cases.push(...fieldCases(path, spec.body(), FULL, offset));
    if (spec.raw) {
      cases.push(
        ...[{ label: "raw: garbage", path, body: "\u0000\u0001 isto não é nada \uFFFD", type: spec.raw.type },
        { label: "raw: empty", path, body: "", type: spec.raw.type },
        { label: "raw: binary", path, body: new Uint8Array([0xff, 0xfe, 0x00, 0xd8, 0x00, 0x00, 0xc3, 0x28]), type: spec.raw.type },
        { label: "raw: over the limit", path, body: "x".repeat(maxBytes + 1024), type: spec.raw.type },
        { label: "raw: JSON", path, body: '{"a": 1}', type: spec.raw.type }].filter((_, i) => FULL || i % 2 === offset % 2),
      );
    }
  }
  if (route.method === "GET" || spec.query) cases.push(...queryCases(fill(route.path, params), spec.query ?? {}, FULL, offset).map((c) => ({ ...c, body: spec.raw?.text ?? (spec.body ? JSON.stringify(spec.body()) : undefined), type: spec.raw?.type ?? (spec.body ? "application/json" : undefined) })));
  for (const name of Object.keys(params)) {
    for (const [kind, odd] of some(Object.entries(ODD_IDS), 3)) {
      if (NORMALISING_IDS.has(kind) && route.method !== "GET") continue;
      const raw = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, k === name ? odd : encodeURIComponent(v)]));
      cases.push({ label: `${name}=${kind}`, path: `${fill(route.path, raw, true)}${query}`, body: spec.raw?.text ?? (spec.body ? JSON.stringify(spec.body()) : undefined), type: spec.raw?.type ?? (spec.body ? "application/json" : undefined) });
    }
  }
  // GET and HEAD requests cannot carry a body.
  return cases.map((c) => (route.method === "GET" ? { ...c, body: undefined, type: undefined } : c));
}

/** Sends one case and answers what is wrong with the answer, or null. */
async function check(route: Route, spec: Endpoint, c: Case, cookie: string | undefined, language: "pt" | "en"): Promise<string | null> {
  const write = WRITES.has(route.method);
  const before = write ? await writeMark() : null;
  sent++;
  const response = await send(route.method, c.path, { cookie, body: c.body, type: c.type, language: language === "en" ? "en" : undefined, headers: { "cf-connecting-ip": `198.51.100.${sent % 250}` } });
  const text = await response.text();
  if (response.status >= 500) return `${response.status}: ${text.slice(0, 300)}`;
  if (response.status < 400 || spec.textErrors) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${response.status} not JSON: ${text.slice(0, 120)}`;
  }
  const problem = shapeProblem(body, language);
  if (problem) return `${response.status} ${problem}`;
  if (before !== null) {
    const changed = await writesSince(before);
    if (changed.length) return `refused (${response.status} ${(body as { error: { code: string } }).error.code}) but changed ${changed.join(", ")}`;
  }
  return null;
}

describe("the bad-input sweep", () => {
  it("covers every route of the app and every endpoint of the contract", () => {
    const keys = new Set(routes.map(keyOf));
    expect(CONTRACT.filter((e) => !keys.has(e)), "in API.md but not a route of the app").toEqual([]);
    expect(routes.map(keyOf).filter((k) => !ENDPOINTS[k]), "routes without a valid request in tests/worker/sweeps/endpoints.ts").toEqual([]);
    expect(Object.keys(ENDPOINTS).filter((k) => !keys.has(k)), "entries for routes that no longer exist").toEqual([]);
    expect(swept.length).toBeGreaterThan(140);
  });

  swept.forEach((route, index) => {
    it(`${keyOf(route)}`, async () => {
      const spec = ENDPOINTS[keyOf(route)];
      // An endpoint whose valid request would end the sweep's account (DELETE /me) gets one of its own.
      const cookie = spec.as === "anonymous" ? undefined : spec.as === "admin" ? world.admin.cookie : spec.destructive && !route.path.includes(":") ? (await account("own")).cookie : world.user.cookie;
      const failures: string[] = [];
      const cases = casesOf(route, spec, index);
      for (const c of cases) {
        const problem = await check(route, spec, c, cookie, "pt");
        if (problem) failures.push(`${c.label} → ${problem}`);
      }
      expect(failures).toEqual([]);
    }, 180_000);
  });

  it("answers in English to an English client (anonymous) and to a user who chose English", async () => {
    const failures: string[] = [];
    await api("/me", { method: "PATCH", body: { language: "en" }, headers: { cookie: world.user.cookie } });
    for (const route of swept) {
      const spec = ENDPOINTS[keyOf(route)];
      if (spec.as === "admin") continue;
      const cookie = spec.as === "anonymous" ? undefined : world.user.cookie;
      const english = route.method === "GET" ? queryCases(fill(route.path, paramsOf(route, spec)), spec.query ?? {}, true).slice(2, 3) : bodyCases(fill(route.path, paramsOf(route, spec)), spec.body?.(), MAX_BODY_BYTES).slice(0, 1);
      for (const c of english) {
        const problem = await check(route, spec, c, cookie, "en");
        if (problem) failures.push(`${keyOf(route)} ${c.label} → ${problem}`);
      }
    }
    await api("/me", { method: "PATCH", body: { language: "pt" }, headers: { cookie: world.user.cookie } });
    expect(failures).toEqual([]);
  }, 300_000);

  it("reads back whatever the corpus stored without a 5xx (lists, search, export)", async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.method === "GET" && !r.path.includes(":") && ENDPOINTS[keyOf(r)]?.as !== "anonymous" && !ENDPOINTS[keyOf(r)]?.skip)) {
      const cookie = ENDPOINTS[keyOf(route)].as === "admin" ? world.admin.cookie : world.user.cookie;
      const response = await send("GET", route.path, { cookie });
      if (response.status >= 500) failures.push(`${keyOf(route)} → ${response.status}: ${(await response.text()).slice(0, 200)}`);
      else await response.arrayBuffer();
    }
    for (const q of ["<script>", "' OR '1'='1", "😀😀", "e\u0301\u0301", "\u202egnp"]) {
      const response = await send("GET", `/search?q=${encodeURIComponent(q)}`, { cookie: world.user.cookie });
      if (response.status >= 500) failures.push(`search ${q} → ${response.status}`);
      else await response.arrayBuffer();
    }
    // The operations counter of error answers saw no server error either (the Worker's own count).
    const serverErrors = await env.DB.prepare("select coalesce(sum(server_errors), 0) as n from error_counts").first<{ n: number }>();
    expect(serverErrors?.n).toBe(0);
    console.log(`bad-input sweep: ${swept.length} endpoints, ${sent} requests (${FULL ? "full" : "compact"})`);
    expect(failures).toEqual([]);
  }, 300_000);
});
