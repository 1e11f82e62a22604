import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createUser, dismissCookieBanner, originOf, untilHydrated } from "./support";

// Issue 20's accessibility sweep: axe-core on every /app screen, 0 serious or critical violations.
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

/** The serious and critical violations on the page, one line each (rule, help, where). */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
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

    const found: Record<string, string[]> = {};
    for (const screen of SCREENS) {
      const response = await page.goto(`/app/${screen}`, { waitUntil: "domcontentloaded" });
      expect(response?.status(), screen).toBeLessThan(400);
      await untilHydrated(page);
      // Skeletons give way to content (or an empty state) before the check.
      await page.waitForLoadState("networkidle");
      const violations = await seriousViolations(page);
      if (violations.length) found[screen] = violations;
    }
    expect(found).toEqual({});
  });
}
