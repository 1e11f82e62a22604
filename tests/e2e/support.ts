import { expect, type APIRequestContext, type Page } from "@playwright/test";

export const PASSWORD = "segredo-123";

/** The origin header a page of this server sends (CSRF check). */
export const originOf = (request: APIRequestContext) => ({ origin: `http://localhost:${process.env.E2E_PORT ?? 8790}` });

/** The calendar day (YYYY-MM-DD) of an instant in Lisbon, the test users' zone; now when none is given. */
export const lisbonDate = (instant: string | Date = new Date()) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Lisbon" }).format(new Date(instant));

/** Today in Lisbon moved by `days` calendar days (negative: back), as YYYY-MM-DD. */
export function lisbonDay(days = 0) {
  const date = new Date(`${lisbonDate()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Creates a confirmed, onboarded account through the API and the development mailbox, and signs
 * the request context (shared with its page) in. `toursDone` marks every guided tour as seen;
 * `onboarded: false` stops before onboarding.
 */
export async function createUser(request: APIRequestContext, email: string, options: { fullName?: string; toursDone?: boolean; onboarded?: boolean } = {}) {
  // Each test account signs up from its own address, as real people do (sign-up is throttled per address).
  const headers = { ...originOf(request), "cf-connecting-ip": `198.51.100.${Math.floor(Math.random() * 250) + 1}` };
  const fullName = options.fullName ?? "Rita Faria";
  const signup = await request.post("/api/v1/auth/signup", { headers, data: { fullName, email, password: PASSWORD, confirmPassword: PASSWORD } });
  expect(signup.status()).toBe(201);
  const { items } = await (await request.get("/api/dev/mailbox")).json();
  const mail = items.find((m: { to: string; text: string }) => m.to === email && m.text.includes("/auth/confirm"));
  await request.get(mail.text.match(/https?:\/\/\S*\/auth\/confirm\S*/)[0], { maxRedirects: 0 });
  const login = await request.post("/api/v1/auth/login", { headers, data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  if (options.onboarded === false) return;
  const onboarding = await request.post("/api/v1/me/onboarding", { headers, data: { fullName, language: "pt", timeZone: "Europe/Lisbon", firstModules: [] } });
  expect(onboarding.status()).toBe(200);
  if (options.toursDone) {
    const guides = ["dashboard", ...["calendario", "tarefas", "objetivos", "diario", "financas", "ciclo-menstrual", "autocuidado", "chat", "assistant", "relatorios-semanais"].map((m) => `module-${m}`)];
    await request.patch("/api/v1/me", { headers, data: { preferences: { completedGuides: guides } } });
  }
}

/** Stores a cookie choice before the page loads, so the banner does not cover the screen. */
export async function dismissCookieBanner(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem("rumo-cookie-consent", "rejected");
    localStorage.setItem("rumo-gdpr-consent", JSON.stringify({ accepted: false, functional: false, analytics: false, marketing: false, timestamp: new Date().toISOString() }));
  });
}

/** Waits until React has taken the page over (app/root.tsx marks <html data-hydrated>): typing or
 * clicking earlier reaches the server-rendered HTML but no handler. */
export async function untilHydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}
