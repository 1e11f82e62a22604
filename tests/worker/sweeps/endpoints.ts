import { env, SELF } from "cloudflare:test";
import { app } from "../../../worker/app";
import { occurrence } from "../../../worker/modules/finances/recurring";
import { api, json, ORIGIN, signUpAndLogIn } from "../helpers";

/**
 * The API as the running app registers it (every method and path under /api/v1 of worker/app.ts's
 * route table), so a route that lands is swept without editing the sweeps; each needs an entry in
 * `ENDPOINTS` below (a valid request to start the corpus from) or the sweeps fail naming it.
 */
export type Route = { method: string; path: string };

/** Hono's pattern without its parameters' regular expressions (`:id{[A-Za-z0-9_-]+}` → `:id`). */
const plainPath = (path: string) => path.replace(/(:[A-Za-z]+)\{[^}]*\}/g, "$1");

export const keyOf = (route: Route) => `${route.method} ${route.path}`;

export function apiRoutes(): Route[] {
  const seen = new Map<string, Route>();
  for (const r of app.routes) {
    if (r.method === "ALL" || !r.path.startsWith("/api/v1/") || r.path.includes("*")) continue;
    const route = { method: r.method, path: plainPath(r.path).slice("/api/v1".length) };
    seen.set(keyOf(route), route);
  }
  return [...seen.values()];
}

/**
 * The endpoints ../shared/API.md names (the contract), "METHOD /path" with its parameters as in the
 * route table. The sweeps check each is a route of the app, so the contract and the sweeps cannot drift.
 */
export const CONTRACT = [
  "POST /auth/signup", "POST /auth/login", "POST /auth/logout", "GET /auth/confirm", "POST /auth/resend-confirmation",
  "POST /auth/password-reset", "POST /auth/password-reset/confirm", "GET /auth/google", "GET /auth/google/callback",
  "GET /me", "PATCH /me", "POST /me/password", "GET /me/sessions", "DELETE /me/sessions/:id", "GET /me/export", "DELETE /me",
  ...["/tasks", "/events", "/goals", "/diary", "/routines", "/transactions", "/budgets", "/savings-goals", "/cycle/days", "/notifications"].flatMap(
    (x) => [`GET ${x}`, `POST ${x}`, `GET ${x}/:id`, `PATCH ${x}/:id`, `DELETE ${x}/:id`],
  ),
  "POST /tasks/:id/schedule", "POST /events/import", "GET /calendar/feed-url", "DELETE /calendar/feed-url",
  "GET /diary/overview", "GET /diary/insights", "POST /routines/:id/check-ins",
  "GET /transactions/export.csv", "POST /transactions/import", "POST /transactions/parse", "GET /finances/summary", "GET /finances/insights",
  "GET /cycle/predictions", "POST /notifications/read", "GET /notification-preferences", "PUT /notification-preferences",
  "GET /search", "GET /impact", "GET /reports/weekly", "GET /reports/weekly/:weekStart",
  "GET /assistant/messages", "POST /assistant/messages", "POST /feedback", "POST /activities", "GET /feature-flags/new", "GET /realtime",
  "POST /billing/checkout", "POST /billing/portal", "POST /billing/coupon", "POST /billing/webhook",
  "GET /health", "GET /admin/users", "GET /admin/users/:id", "POST /admin/users/:id/end-sessions", "POST /admin/users/:id/disable",
  "POST /admin/users/:id/enable", "PATCH /admin/users/:id", "DELETE /admin/users/:id", "GET /admin/audit", "GET /admin/analytics",
  "GET /admin/health", "GET /admin/readiness",
];

export const PASSWORD = "segredo-123";

export type Account = { cookie: string; id: string; email: string };

let serial = 0;
/** A new confirmed, signed-in account (unique address). */
export async function account(name: string): Promise<Account> {
  const email = `${name}-${++serial}-${Date.now()}@sweep.test`;
  const cookie = await signUpAndLogIn(email, PASSWORD, "Ana Sweep");
  const row = await env.DB.prepare("select id from users where email = ?").bind(email).first<{ id: string }>();
  return { cookie, id: row!.id, email };
}

/** The ADMIN_EMAILS account of the worker test config (its address is fixed: one per test file). */
export async function adminAccount(): Promise<Account> {
  const email = "boss@example.com";
  const cookie = await signUpAndLogIn(email, PASSWORD, "Boss");
  const row = await env.DB.prepare("select id from users where email = ?").bind(email).first<{ id: string }>();
  return { cookie, id: row!.id, email };
}

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
export const YESTERDAY = isoDay(-1);
export const TOMORROW = isoDay(1);
const thisMonth = isoDay(0).slice(0, 7);

/** The first object id in an answer (`{ task: { id } }`, `{ id }`, `{ items: [{ id }] }`). */
function idIn(body: unknown): string {
  if (body && typeof body === "object") {
    const record = body as Record<string, unknown>;
    if (typeof record.id === "string") return record.id;
    for (const value of Object.values(record)) {
      const found = Array.isArray(value) ? value.map(idIn).find(Boolean) : idIn(value);
      if (found) return found;
    }
  }
  return "";
}

async function create(cookie: string, path: string, body: unknown) {
  const response = await api(path, { method: "POST", body, headers: { cookie } });
  const answer = await json(response);
  if (response.status >= 300) throw new Error(`fixture ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** One object of every kind a user owns, made through the API: the ids the id routes take. */
export type Objects = Record<
  "task" | "taskStep" | "event" | "goal" | "milestone" | "diary" | "routine" | "step" | "checkInDate" | "transaction" | "category" | "recurring" | "budget" | "savings" | "cycleDay" | "longCycle" | "notification" | "draft" | "session",
  string
>;

let owners = 0;
export async function objectsOf(owner: Account): Promise<Objects> {
  const c = owner.cookie;
  const createdTask = await create(c, "/tasks", { title: "Ligar ao banco", durationMinutes: 30, dueDate: TOMORROW, steps: [{ text: "Procurar o número" }] });
  const goal = await create(c, "/goals", { title: "Correr 10 km", milestones: ["Primeiro treino"] });
  const created = await create(c, "/routines", { title: "Meditar", steps: [{ text: "Respirar" }] });
  const routine = idIn(created);
  const step = idIn(created.routine.steps);
  await create(c, `/routines/${routine}/check-ins`, { date: YESTERDAY });
  const draft = await create(c, "/assistant/messages", { message: "lembra-me de ligar à mãe amanhã" });
  await create(c, "/notifications", { title: "Beber água" });
  const notifications = await json(await api("/notifications", { headers: { cookie: c } }));
  const sessions = await json(await api("/me/sessions", { headers: { cookie: c } }));
  // Two periods 30 days apart, the cycle between them said to be really long (0113 "Revised"): its
  // start names the mark that DELETE /cycle/long-cycles/:start takes back.
  // Each owner's on another day: B's own mark on A's date would be B's to take back (204).
  const first = -70 - 3 * owners++;
  const longCycle = isoDay(first);
  await create(c, "/cycle/days/range", { start: longCycle, end: isoDay(first + 2), flow: "medium" });
  await create(c, "/cycle/days/range", { start: isoDay(first + 30), end: isoDay(first + 32), flow: "medium" });
  await create(c, "/cycle/long-cycles", { start: longCycle });
  return {
    task: idIn(createdTask),
    taskStep: idIn(createdTask.task.steps),
    event: idIn(await create(c, "/events", { title: "Reunião", start: `${TOMORROW}T09:00:00Z`, end: `${TOMORROW}T10:00:00Z` })),
    goal: goal.goal?.id ?? idIn(goal),
    milestone: idIn(goal.goal?.milestones ?? goal.milestones),
    diary: idIn(await create(c, "/diary", { title: "Um bom dia", content: "Caminhei à beira-mar.", mood: 4, date: YESTERDAY })),
    routine,
    step,
    checkInDate: YESTERDAY,
    transaction: idIn(await create(c, "/transactions", { type: "expense", amountCents: 1250, description: "Café", date: YESTERDAY, category: "restaurants" })),
    category: idIn(await create(c, "/finances/categories", { name: `Viagens ${serial}`, type: "expense" })),
    recurring: idIn(await create(c, "/finances/recurring", { type: "expense", amountCents: 3_500, description: "Ginásio", category: "health", frequency: "monthly", startDate: YESTERDAY })),
    budget: idIn(await create(c, "/budgets", { category: "transport", limitCents: 10_000 })),
    savings: idIn(await create(c, "/savings-goals", { title: "Férias", targetCents: 100_000 })),
    cycleDay: idIn(await create(c, "/cycle/days", { date: YESTERDAY, flow: "medium" })),
    longCycle,
    notification: idIn(notifications.items),
    draft: idIn(draft.actions),
    session: idIn(sessions.items),
  };
}

/** What the sweeps know of one endpoint: who calls it and a valid request to start from. */
export type Endpoint = {
  /** Who calls it: the signed-in user (default), an admin, or nobody. */
  as?: "user" | "admin" | "anonymous";
  /** Its path parameters, valid (the owner's objects). */
  params?: (o: Objects, admin: { victim: string; incident: string; feedback: string; flag: string }) => Record<string, string>;
  /** A valid JSON body (absent: the route reads none). */
  body?: () => Record<string, unknown>;
  /** A valid body of another media type (iCalendar, CSV, a Stripe event). */
  raw?: { type: string; text: string };
  /** A valid query. */
  query?: Record<string, string>;
  /**
   * A valid request would undo the sweep's own ground (end its session, delete its account, an
   * object it needs): the corpus never sends it with the owner's ids, only odd ones.
   */
  destructive?: true;
  /** Why its errors are not the contract's JSON (still never a 5xx, still nothing written). */
  textErrors?: string;
  /** Why the bad-input sweep leaves it out (it is still checked to be in the table). */
  skip?: string;
};

const page = { limit: "10" };
const ics = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Rumo//Sweep//PT", "BEGIN:VEVENT", "UID:sweep-1@rumo", `DTSTART:${TOMORROW.replace(/-/g, "")}T090000Z`, `DTEND:${TOMORROW.replace(/-/g, "")}T100000Z`, "SUMMARY:Importado", "END:VEVENT", "END:VCALENDAR", ""].join("\r\n");
const csv = `date,description,amount\n${YESTERDAY},Supermercado,-23.40\n`;

export const ENDPOINTS: Record<string, Endpoint> = {
  "GET /health": { as: "anonymous" },
  "POST /auth/signup": { as: "anonymous", body: () => ({ fullName: "Rui Costa", email: `rui-${crypto.randomUUID()}@sweep.test`, password: PASSWORD, confirmPassword: PASSWORD }) },
  "POST /auth/login": { as: "anonymous", body: () => ({ email: "ninguem@sweep.test", password: PASSWORD }) },
  "POST /auth/login/two-factor": { as: "anonymous", body: () => ({ code: "123456" }) },
  "POST /auth/logout": { as: "anonymous" },
  "GET /auth/confirm": { as: "anonymous", query: { token: "a".repeat(43) } },
  "POST /auth/resend-confirmation": { as: "anonymous" },
  "POST /auth/password-reset": { as: "anonymous", body: () => ({ email: "ninguem@sweep.test" }) },
  "POST /auth/password-reset/confirm": { as: "anonymous", body: () => ({ token: "a".repeat(43), password: "outro-segredo-1" }) },
  "GET /auth/google": { as: "anonymous" },
  "GET /auth/google/callback": { as: "anonymous", query: { code: "abc", state: "def" } },

  "GET /me": {},
  "PATCH /me": { body: () => ({ fullName: "Ana Sweep", language: "pt", timeZone: "Europe/Lisbon" }) },
  "POST /me/onboarding": { body: () => ({ fullName: "Ana Sweep", language: "pt", timeZone: "Europe/Lisbon", firstModules: ["tasks"] }) },
  // The current password is wrong on purpose: a mutation that passes validation must still not change it.
  "POST /me/password": { body: () => ({ currentPassword: "nao-e-esta", newPassword: "novo-segredo-1" }) },
  // The password is wrong on purpose too: the address must stay as it is (docs/decisions/0101).
  "POST /me/email": { body: () => ({ email: "outro-endereco@sweep.test", password: "nao-e-esta" }) },
  "GET /me/sessions": {},
  "DELETE /me/sessions/:id": { params: (o) => ({ id: o.session }), destructive: true },
  "DELETE /me/sessions": { destructive: true },
  "POST /me/two-factor/setup": {},
  "POST /me/two-factor/enable": { body: () => ({ code: "123456" }) },
  "POST /me/two-factor/disable": { body: () => ({ password: "nao-e-esta" }) },
  "GET /me/export": {},
  "DELETE /me": { body: () => ({ password: "nao-e-esta" }), destructive: true },

  "GET /notifications": { query: { ...page, filter: "unread" } },
  "POST /notifications": { body: () => ({ title: "Lembrete", message: "Beber água", type: "reminder", priority: "low" }) },
  "POST /notifications/read": { body: () => ({ all: true }) },
  "GET /notifications/:id": { params: (o) => ({ id: o.notification }) },
  "PATCH /notifications/:id": { params: (o) => ({ id: o.notification }), body: () => ({ isRead: true }) },
  "DELETE /notifications/:id": { params: (o) => ({ id: o.notification }), destructive: true },
  "GET /notification-preferences": {},
  "PUT /notification-preferences": { body: () => ({ items: [{ notificationType: "reminder", inAppEnabled: true, emailEnabled: false, pushEnabled: false }] }) },
  "GET /feature-flags/new": { query: { since: new Date(Date.now() - 86_400_000).toISOString() } },
  "POST /feature-flags/dismiss": {},
  "GET /realtime": { skip: "a WebSocket upgrade, not a JSON endpoint (tests/worker/realtime.test.ts)" },
  "POST /feedback": { body: () => ({ subject: "Ideia", message: "Gosto muito da app." }) },
  "POST /activities": { body: () => ({ activityType: "heartbeat", metadata: {} }) },
  "GET /impact": {},
  "GET /security/probe": {},
  "GET /search": { query: { q: "reunião", type: "all" } },

  "POST /billing/checkout": { body: () => ({ plan: "pro" }) },
  "POST /billing/portal": {},
  "POST /billing/coupon": { body: () => ({ code: "NATAL20" }) },
  "GET /billing/referral": {},
  "POST /billing/referral/claim": { body: () => ({ code: "AMIGO123" }) },
  "POST /billing/webhook": { as: "anonymous", raw: { type: "application/json", text: JSON.stringify({ id: "evt_sweep", type: "customer.subscription.updated", data: { object: {} } }) } },

  "GET /admin/users": { as: "admin", query: { ...page, q: "sweep" } },
  "GET /admin/users/:id": { as: "admin", params: (_o, a) => ({ id: a.victim }) },
  "POST /admin/users/:id/end-sessions": { as: "admin", params: (_o, a) => ({ id: a.victim }), destructive: true },
  // Proofs are wrong on purpose: a passing mutation must not disable, delete or promote anyone.
  "POST /admin/users/:id/disable": { as: "admin", params: (_o, a) => ({ id: a.victim }), body: () => ({ password: "nao-e-esta" }) },
  "POST /admin/users/:id/enable": { as: "admin", params: (_o, a) => ({ id: a.victim }), destructive: true },
  "PATCH /admin/users/:id": { as: "admin", params: (_o, a) => ({ id: a.victim }), body: () => ({ role: "user", password: "nao-e-esta" }) },
  "DELETE /admin/users/:id": { as: "admin", params: (_o, a) => ({ id: a.victim }), body: () => ({ password: "nao-e-esta" }), destructive: true },
  "POST /admin/users/:id/resend-confirmation": { as: "admin", params: (_o, a) => ({ id: a.victim }), destructive: true },
  "GET /admin/audit": { as: "admin", query: { ...page, action: "user.disable" } },
  "GET /admin/analytics": { as: "admin" },
  "GET /admin/health": { as: "admin" },
  "GET /admin/readiness": { as: "admin" },
  "POST /admin/readiness/test-email": { as: "admin" },
  "GET /admin/feature-flags": { as: "admin" },
  "PATCH /admin/feature-flags/:id": { as: "admin", params: (_o, a) => ({ id: a.flag }), body: () => ({ description: "Descrição" }) },
  "GET /admin/feedback": { as: "admin", query: { ...page, status: "new" } },
  "PATCH /admin/feedback/:id": { as: "admin", params: (_o, a) => ({ id: a.feedback }), body: () => ({ status: "read" }) },
  "POST /admin/feedback/:id/reply": { as: "admin", params: (_o, a) => ({ id: a.feedback }), body: () => ({ message: "Obrigado!" }) },
  "GET /admin/incidents": { as: "admin" },
  "POST /admin/incidents": { as: "admin", body: () => ({ titlePt: "Lentidão", titleEn: "Slowness", status: "investigating" }) },
  "PATCH /admin/incidents/:id": { as: "admin", params: (_o, a) => ({ id: a.incident }), body: () => ({ status: "monitoring" }) },
  "DELETE /admin/incidents/:id": { as: "admin", params: (_o, a) => ({ id: a.incident }), destructive: true },

  "GET /tasks": { query: { ...page, status: "todo,in_progress" } },
  "POST /tasks": { body: () => ({ title: "Comprar pão", priority: "high", durationMinutes: 15, dueDate: TOMORROW, status: "todo", steps: [{ text: "Ir à padaria" }] }) },
  "POST /tasks/plan-day": {},
  "GET /tasks/:id": { params: (o) => ({ id: o.task }) },
  "PATCH /tasks/:id": { params: (o) => ({ id: o.task }), body: () => ({ title: "Ligar ao banco hoje", priority: "medium" }) },
  "DELETE /tasks/:id": { params: (o) => ({ id: o.task }), destructive: true },
  "POST /tasks/:id/schedule": { params: (o) => ({ id: o.task }) },
  "PATCH /tasks/:id/steps/:stepId": { params: (o) => ({ id: o.task, stepId: o.taskStep }), body: () => ({ done: true }) },

  "POST /events/import": { raw: { type: "text/calendar", text: ics }, query: { dryRun: "true" } },
  "GET /calendar/feed-url": {},
  "DELETE /calendar/feed-url": {},
  "GET /calendar/feed/:file": {
    as: "anonymous",
    params: () => ({ file: "token.ics" }),
    textErrors: "a calendar client's capability URL: an unknown or revoked address is a bare text 404 by design (tests/worker/calendar-ics.test.ts)",
  },
  "GET /events": { query: { from: YESTERDAY, to: TOMORROW } },
  "POST /events": { body: () => ({ title: "Dentista", start: `${TOMORROW}T15:00:00Z`, end: `${TOMORROW}T16:00:00Z`, timeZone: "Europe/Lisbon", location: "Lisboa", reminderMinutes: 30 }) },
  "GET /events/:id": { params: (o) => ({ id: o.event }) },
  "PATCH /events/:id": { params: (o) => ({ id: o.event }), body: () => ({ title: "Reunião de equipa", location: "Porto" }) },
  "DELETE /events/:id": { params: (o) => ({ id: o.event }), destructive: true },

  "GET /goals": { query: { ...page, status: "active" } },
  "POST /goals": { body: () => ({ title: "Ler 12 livros", description: "Um por mês", deadline: "2027-12-31", milestones: ["Primeiro livro"] }) },
  "GET /goals/:id": { params: (o) => ({ id: o.goal }) },
  "PATCH /goals/:id": { params: (o) => ({ id: o.goal }), body: () => ({ title: "Correr 12 km", progress: 40 }) },
  "DELETE /goals/:id": { params: (o) => ({ id: o.goal }), destructive: true },
  "POST /goals/:id/milestones": { params: (o) => ({ id: o.goal }), body: () => ({ title: "Segundo treino" }) },
  "PATCH /goals/:id/milestones/:mid": { params: (o) => ({ id: o.goal, mid: o.milestone }), body: () => ({ title: "Treino longo", done: true }) },
  "DELETE /goals/:id/milestones/:mid": { params: (o) => ({ id: o.goal, mid: o.milestone }), destructive: true },

  "GET /diary": { query: { ...page, from: "2026-01-01", to: YESTERDAY, mood: "4,5", emotion: "calm", q: "dia" } },
  "GET /diary/on-this-day": {},
  "GET /diary/overview": { query: { from: "2026-01-01", to: YESTERDAY } },
  "GET /diary/insights": {},
  "POST /diary": { body: () => ({ title: "Notas", content: "Hoje aprendi algo.", mood: 3, emotions: [], date: YESTERDAY }) },
  "GET /diary/:id": { params: (o) => ({ id: o.diary }) },
  "PATCH /diary/:id": { params: (o) => ({ id: o.diary }), body: () => ({ content: "Caminhei muito.", mood: 5 }) },
  "DELETE /diary/:id": { params: (o) => ({ id: o.diary }), destructive: true },

  "POST /transactions/parse": { body: () => ({ text: "gastei 12,50 no almoço ontem", today: YESTERDAY }) },
  "POST /transactions/import": { raw: { type: "text/csv", text: csv }, query: { dryRun: "true" } },
  "GET /transactions/export.csv": { query: { from: "2026-01-01", to: YESTERDAY, type: "expense", q: "café" } },
  "GET /finances/insights": { query: { month: thisMonth } },
  "GET /transactions": { query: { ...page, from: "2026-01-01", to: YESTERDAY, type: "expense", q: "café" } },
  "POST /transactions": { body: () => ({ type: "income", amountCents: 250_000, description: "Salário", date: YESTERDAY, category: "salary" }) },
  "GET /transactions/:id": { params: (o) => ({ id: o.transaction }) },
  "PATCH /transactions/:id": { params: (o) => ({ id: o.transaction }), body: () => ({ amountCents: 1300, description: "Café e bolo" }) },
  "DELETE /transactions/:id": { params: (o) => ({ id: o.transaction }), destructive: true },
  "GET /finances/categories": {},
  "POST /finances/categories": { body: () => ({ name: "Presentes", type: "expense" }) },
  "PATCH /finances/categories/:id": { params: (o) => ({ id: o.category }), body: () => ({ name: "Viagens longas" }) },
  "DELETE /finances/categories/:id": { params: (o) => ({ id: o.category }), destructive: true },
  "GET /finances/recurring": {},
  "POST /finances/recurring": { body: () => ({ type: "income", amountCents: 250_000, description: "Salário", category: "salary", frequency: "monthly", startDate: TOMORROW }) },
  "PATCH /finances/recurring/:id": { params: (o) => ({ id: o.recurring }), body: () => ({ amountCents: 3_900, description: "Ginásio e piscina" }) },
  // The date the rule made above (monthly from yesterday) waits for next: a skip of any other is a 409.
  "POST /finances/recurring/:id/skip": { params: (o) => ({ id: o.recurring }), body: () => ({ date: occurrence(YESTERDAY, "monthly", 1) }) },
  "DELETE /finances/recurring/:id": { params: (o) => ({ id: o.recurring }), destructive: true },
  "GET /finances/summary": { query: { month: thisMonth } },
  "GET /finances/analysis": { query: { month: thisMonth } },
  "GET /budgets": { query: { ...page, month: thisMonth } },
  "POST /budgets": { body: () => ({ category: "groceries", limitCents: 5_000 }) },
  "GET /budgets/:id": { params: (o) => ({ id: o.budget }), query: { month: thisMonth } },
  "PATCH /budgets/:id": { params: (o) => ({ id: o.budget }), body: () => ({ limitCents: 12_000 }) },
  "DELETE /budgets/:id": { params: (o) => ({ id: o.budget }), destructive: true },
  "GET /savings-goals": { query: page },
  "POST /savings-goals": { body: () => ({ title: "Carro", targetCents: 500_000, savedCents: 1_000, deadline: "2027-06-30" }) },
  "GET /savings-goals/:id": { params: (o) => ({ id: o.savings }) },
  "PATCH /savings-goals/:id": { params: (o) => ({ id: o.savings }), body: () => ({ savedCents: 2_000 }) },
  "DELETE /savings-goals/:id": { params: (o) => ({ id: o.savings }), destructive: true },

  "GET /cycle/days": { query: { ...page, from: "2026-01-01", to: YESTERDAY } },
  "POST /cycle/days": { body: () => ({ date: isoDay(-3), flow: "light", symptoms: [], mood: 3, notes: "Bem" }) },
  "POST /cycle/days/range": { body: () => ({ start: isoDay(-9), end: isoDay(-6), flow: "light" }) },
  "GET /cycle/days/:id": { params: (o) => ({ id: o.cycleDay }) },
  "PATCH /cycle/days/:id": { params: (o) => ({ id: o.cycleDay }), body: () => ({ flow: "heavy", notes: "Cansada" }) },
  "DELETE /cycle/days/:id": { params: (o) => ({ id: o.cycleDay }), destructive: true },
  "GET /cycle/predictions": {},
  "POST /cycle/long-cycles": { body: () => ({ start: isoDay(-70) }) },
  "DELETE /cycle/long-cycles/:start": { params: (o) => ({ start: o.longCycle }), destructive: true },

  "GET /routines": { query: page },
  "GET /routines/check-ins": { query: { from: "2026-01-01", to: YESTERDAY } },
  "POST /routines": { body: () => ({ title: "Alongar", category: "other", description: "Cinco minutos", frequency: "daily", durationMinutes: 5, reminderTime: "07:30", steps: [{ text: "Pescoço" }, { text: "Costas" }] }) },
  "GET /routines/:id": { params: (o) => ({ id: o.routine }) },
  "PATCH /routines/:id": { params: (o) => ({ id: o.routine }), body: () => ({ title: "Meditar 10 minutos", durationMinutes: 10 }) },
  "DELETE /routines/:id": { params: (o) => ({ id: o.routine }), destructive: true },
  "POST /routines/:id/check-ins": { params: (o) => ({ id: o.routine }), body: () => ({ date: isoDay(-2) }) },
  "DELETE /routines/:id/check-ins/:date": { params: (o) => ({ id: o.routine, date: o.checkInDate }), destructive: true },
  "POST /routines/:id/steps/:stepId/ticks": { params: (o) => ({ id: o.routine, stepId: o.step }), body: () => ({ date: isoDay(-2) }) },
  "DELETE /routines/:id/steps/:stepId/ticks/:date": { params: (o) => ({ id: o.routine, stepId: o.step, date: o.checkInDate }), destructive: true },
  // The sweeps' routine has steps, so its target is 1 (decision 0117): 1 is the most it takes.
  "PUT /routines/:id/counts/:date": { params: (o) => ({ id: o.routine, date: isoDay(-2) }), body: () => ({ count: 1 }) },

  "GET /assistant/messages": { query: page },
  "DELETE /assistant/messages": { destructive: true },
  "POST /assistant/messages": { body: () => ({ message: "quanto gastei este mês?" }) },
  "POST /assistant/drafts/:id/confirm": { params: (o) => ({ id: o.draft }), body: () => ({}), destructive: true },
  "POST /assistant/drafts/:id/discard": { params: (o) => ({ id: o.draft }), destructive: true },

  "GET /reports/weekly": { query: page },
  "GET /reports/weekly/:weekStart": { params: () => ({ weekStart: "2026-11-16" }) },

  "GET /calendar/google": {},
  "POST /calendar/google/connect": {},
  "GET /calendar/google/authorize": {},
  "GET /calendar/google/callback": { query: { code: "abc", state: "def" } },
  "PATCH /calendar/google/calendars/:id": { params: () => ({ id: crypto.randomUUID() }), body: () => ({ selected: true }) },
  "POST /calendar/google/sync": {},
  "DELETE /calendar/google": {},
  "GET /calendar/google/events/:id/history": { params: (o) => ({ id: o.event }) },
};

/** A path with its parameters filled in (each value encoded as one segment unless `raw`). */
export const fill = (path: string, params: Record<string, string>, raw = false) =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => (raw ? params[name] : encodeURIComponent(params[name] ?? "x")));

/** Sends one request to the Worker as `cookie` (none: anonymous), from a fresh address. */
export function send(
  method: string,
  pathAndQuery: string,
  options: { cookie?: string; body?: BodyInit | null; type?: string | null; language?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { origin: ORIGIN, ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.type) headers["content-type"] = options.type;
  if (options.language) headers["accept-language"] = options.language;
  return SELF.fetch(`${ORIGIN}/api/v1${pathAndQuery}`, { method, headers, body: options.body ?? undefined, redirect: "manual" });
}
