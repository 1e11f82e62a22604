import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createUser, dismissCookieBanner, originOf, PASSWORD, untilHydrated } from "./support";

// Issue 20's accessibility sweep: axe-core on every screen (the public site, sign-in, onboarding,
// every /app screen and the admin screens), 0 serious or critical violations.
// The screens come from the module manifests (a module's new screen joins the sweep by itself) and
// the platform's own. `npm test` runs two of the four combinations (pt on a desktop, en on a
// phone); RUMO_FULL_SWEEP=1 (npm run test:quality) runs all four.
const PLATFORM_SCREENS = ["dashboard", "meu-impacto", "perfil", "notificacoes", "premium", "roadmap"];
// Loaded at run time: the manifests belong to the app's TypeScript project, not to the tests'.
const MANIFESTS = "../../app/modules/index.ts";
async function screens() {
  const { MODULES } = (await import(MANIFESTS)) as { MODULES: { screens: { path: string }[] }[] };
  return [...PLATFORM_SCREENS, ...new Set(MODULES.flatMap((m) => m.screens.map((s) => s.path)))];
}

/** The screens with amounts on them, swept a second time with values hidden. */
const MONEY_SCREENS = ["dashboard", "financas", "relatorios-semanais"];

const LAYOUTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const COMBINATIONS: { language: "pt" | "en"; layout: keyof typeof LAYOUTS }[] = process.env.RUMO_FULL_SWEEP
  ? [
      { language: "pt", layout: "desktop" },
      { language: "pt", layout: "phone" },
      { language: "en", layout: "desktop" },
      { language: "en", layout: "phone" },
    ]
  : [
      { language: "pt", layout: "desktop" },
      { language: "en", layout: "phone" },
    ];

/**
 * The serious and critical violations on the page, one line each (rule, help, where). With
 * `alsoUnsure`, also what axe could not decide for those rules ("needs review"), e.g. an aria-label
 * on a plain span, which it cannot tell whether a screen reader reads.
 */
async function seriousViolations(page: Page, { alsoUnsure = [] as string[] } = {}) {
  const { violations, incomplete } = await new AxeBuilder({ page }).analyze();
  return [...violations, ...incomplete.filter((v) => alsoUnsure.includes(v.id))]
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Each /app screen loaded, hydrated and settled, then analysed: its violations by screen. */
async function sweepScreens(page: Page, screens: string[], options?: { alsoUnsure?: string[] }) {
  const found: Record<string, string[]> = {};
  for (const screen of screens) {
    const response = await page.goto(`/app/${screen}`, { waitUntil: "domcontentloaded" });
    expect(response?.status(), screen).toBeLessThan(400);
    await untilHydrated(page);
    // Skeletons give way to content (or an empty state) before the check.
    await page.waitForLoadState("networkidle");
    const violations = await seriousViolations(page, options);
    if (violations.length) found[screen] = violations;
  }
  return found;
}

for (const { language, layout } of COMBINATIONS) {
  test(`every /app screen in ${language} on a ${layout} has no serious or critical axe violation`, async ({ page }) => {
    const SCREENS = await screens();
    // About 25 screens, each loaded, hydrated and analysed.
    test.setTimeout(SCREENS.length * 15_000);
    await page.setViewportSize(LAYOUTS[layout]);
    await dismissCookieBanner(page);
    await createUser(page.request, `a11y-${language}-${layout}-${Date.now()}@example.com`, { toursDone: true });
    const patch = await page.request.patch("/api/v1/me", { headers: originOf(page.request), data: { language } });
    expect(patch.status()).toBe(200);

    expect(await sweepScreens(page, SCREENS)).toEqual({});

    // Again with "Ocultar valores" on, where amounts are masked: the screens that show money
    // (decision 0063: a mask is said as words, never an aria-label on a span).
    const hide = await page.request.patch("/api/v1/me", { headers: originOf(page.request), data: { preferences: { hideFinanceValues: true } } });
    expect(hide.status()).toBe(200);
    expect(await sweepScreens(page, MONEY_SCREENS, { alsoUnsure: ["aria-prohibited-attr"] })).toEqual({});
  });
}

// The public site and the sign-in page, signed out, in the language the visitor chose (stored in the
// browser and mirrored in a cookie, as the language switch does).
const PUBLIC_PAGES = ["/", "/about", "/pricing", "/premium", "/payment-success", "/payment-cancel", "/blog", "/privacy", "/terms", "/legal-center", "/status", "/auth"];

for (const { language, layout } of COMBINATIONS) {
  test(`every public page in ${language} on a ${layout} has no serious or critical axe violation`, async ({ page }) => {
    test.setTimeout((PUBLIC_PAGES.length + 1) * 30_000);
    await page.setViewportSize(LAYOUTS[layout]);
    await page.context().addCookies([{ name: "rumo-language", value: language, url: originOf(page.request).origin }]);
    await page.addInitScript((chosen) => localStorage.setItem("rumo-language", chosen), language);
    await dismissCookieBanner(page);
    // One blog post too (whichever is first), so the Markdown article layout is checked.
    await page.goto("/blog");
    const firstPost = await page.locator('main a[href^="/blog/"]:not([href*="rss.xml"])').first().getAttribute("href");
    const found: Record<string, string[]> = {};
    for (const path of [...PUBLIC_PAGES, ...(firstPost ? [firstPost] : [])]) {
      const response = await page.goto(path, { waitUntil: "domcontentloaded" });
      expect(response?.status(), path).toBeLessThan(400);
      await untilHydrated(page);
      expect(await page.locator("html").getAttribute("lang"), path).toMatch(new RegExp(`^${language}`));
      const violations = await seriousViolations(page);
      if (violations.length) found[path] = violations;
    }
    expect(found).toEqual({});
  });
}

// Onboarding (a confirmed account that has not finished it) and the admin screens (playwright.config.ts
// makes a11y-admin@e2e.rumo.test an admin: its own address, as admin.spec.ts signs up the other one;
// signed in when it exists from an earlier run on the same server).
const ADMIN_SCREENS = ["admin", "user-management", "admin/audit", "analytics", "system-health", "launch-readiness", "admin/feature-flags", "admin/feedback", "admin/incidents"];

test("onboarding and every admin screen have no serious or critical axe violation", async ({ page }) => {
  test.setTimeout((ADMIN_SCREENS.length + 2) * 30_000);
  await dismissCookieBanner(page);
  const headers = { ...originOf(page.request), "cf-connecting-ip": "198.51.100.77" };
  const admin = "a11y-admin@e2e.rumo.test";
  const signIn = await page.request.post("/api/v1/auth/login", { headers, data: { email: admin, password: PASSWORD } });
  if (signIn.status() !== 200) await createUser(page.request, admin, { fullName: "Ana Admin", toursDone: true });
  const found = await sweepScreens(page, ADMIN_SCREENS);

  // A new account, confirmed and signed in but not onboarded, lands on the onboarding screen.
  await page.context().clearCookies();
  const email = `a11y-onboarding-${Date.now()}@example.com`;
  const signup = await page.request.post("/api/v1/auth/signup", { headers, data: { fullName: "Rui Novo", email, password: PASSWORD, confirmPassword: PASSWORD } });
  expect(signup.status()).toBe(201);
  const { items } = await (await page.request.get("/api/dev/mailbox")).json();
  const mail = items.find((m: { to: string; text: string }) => m.to === email && m.text.includes("/auth/confirm"));
  await page.request.get(mail.text.match(/https?:\/\/\S*\/auth\/confirm\S*/)[0], { maxRedirects: 0 });
  expect((await page.request.post("/api/v1/auth/login", { headers, data: { email, password: PASSWORD } })).status()).toBe(200);
  await page.goto("/app/onboarding", { waitUntil: "domcontentloaded" });
  await untilHydrated(page);
  await expect(page).toHaveURL(/\/app\/onboarding/);
  const violations = await seriousViolations(page);
  if (violations.length) found.onboarding = violations;
  expect(found).toEqual({});
});
