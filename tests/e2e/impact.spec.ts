import { expect, test, type APIRequestContext } from "@playwright/test";
import { createUser, dismissCookieBanner, lisbonDate, originOf, untilHydrated } from "./support";

const completedGoal = async (request: APIRequestContext, title: string) => {
  const created = await request.post("/api/v1/goals", { headers: originOf(request), data: { title } });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  expect((await request.patch(`/api/v1/goals/${id}`, { headers: originOf(request), data: { status: "completed" } })).status()).toBe(200);
};

type Activity = { activityType: string; metadata: Record<string, unknown>; route: string | null };
const activities = async (request: APIRequestContext): Promise<Activity[]> => (await (await request.get("/api/v1/me/export")).json()).activities;

test.describe("impact dashboard on a phone", () => {
  test.use({ viewport: { width: 412, height: 823 }, hasTouch: true, isMobile: true, userAgent: "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36" });

  for (const language of ["pt", "en"] as const) {
    test(`the security card keeps its height when the probe answers, nothing below it moves (${language})`, async ({ page, context }) => {
      await dismissCookieBanner(page);
      await createUser(context.request, `e2e-impact-cls-${language}-${Date.now()}@example.com`, { toursDone: true });
      expect((await context.request.patch("/api/v1/me", { headers: originOf(context.request), data: { language } })).status()).toBe(200);
      // The probe's answer waits until the card has been measured while checking.
      let answer: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (answer = resolve));
      await page.route("**/api/v1/security/probe", async (route) => {
        await held;
        await route.continue();
      });
      await page.goto("/app/dashboard");
      const status = page.getByTestId("security-card").locator("[data-status]");
      await expect(page.getByTestId("security-card")).toContainText(language === "pt" ? "Segurança" : "Security");
      await expect(status).toHaveAttribute("data-status", "checking");
      const below = page.getByTestId("metric-time-saved");
      const before = (await below.boundingBox())!.y;
      answer();
      await expect(status).toHaveAttribute("data-status", "ok");
      expect((await below.boundingBox())!.y).toBe(before);
    });
  }
});

test.describe("impact dashboard", () => {
  test("a session records its activity, and completing goals changes the metrics without a reload", async ({ page, context }) => {
    // Sign-up, a few goals and up to one 30-second refresh of the metrics.
    test.setTimeout(90_000);
    await dismissCookieBanner(page);
    const request = context.request;
    await createUser(request, `e2e-impact-${Date.now()}@example.com`, { toursDone: true });

    await page.goto("/app/meu-impacto");
    await untilHydrated(page);
    await expect(page.getByRole("heading", { name: "Meu Impacto", level: 1 })).toBeVisible();
    await expect(page.getByTestId("metric-time-saved-value")).toHaveText("0 h");
    await expect(page.getByTestId("metric-skills-value")).toHaveText("0");
    await expect(page.getByTestId("today-agenda")).toContainText("Nada marcado para hoje.");
    // The security probe ran: session valid, another user's rows refused.
    await expect(page.getByTestId("security-card")).toContainText("Sessão válida e dados isolados de outras contas.");

    // The session's start is stored, with the screen's path (checked through the API).
    await expect.poll(async () => (await activities(request)).map((a) => a.activityType)).toContain("session_start");
    const start = (await activities(request)).find((a) => a.activityType === "session_start")!;
    expect(start.metadata).toMatchObject({ url: "/app/meu-impacto", userAgent: expect.any(String), sessionStart: expect.any(String) });
    expect(start.route).toBe("/app/meu-impacto");

    // Three completed goals: Foco Profundo, and 1.5 h (+ activity) saved per week.
    for (const title of ["Ler 12 livros", "Correr 10 km", "Aprender a nadar"]) await completedGoal(request, title);
    await expect(page.getByTestId("metric-skills")).toContainText("Foco Profundo", { timeout: 40_000 });
    await expect(page.getByTestId("metric-skills-value")).toHaveText("1");
    await expect(page.getByTestId("metric-time-saved-value")).toHaveText("1 h");
    // Goals of all time (section 9's g has no window): only the activity is of the last 30 days.
    await expect(page.getByTestId("impact-basis")).toContainText(/^Com 3 objetivos concluídos desde o início e \d+ registos? de atividade nos últimos 30 dias\.$/);
    await expect(page.getByTestId("skills").locator('[data-unlocked="true"]')).toHaveText(/Foco Profundo/);
    // The chart's current month counts the goals (the text table beside the bars).
    const month = lisbonDate().slice(0, 7);
    await expect(page.getByTestId("impact-chart").locator(`tr[data-month="${month}"]`)).toContainText("Objetivos concluídos: 3");

    // Leaving the app ends the session: session_end and session_summary arrive by beacon.
    await page.goto("/");
    await expect.poll(async () => (await activities(request)).map((a) => a.activityType), { timeout: 10_000 }).toEqual(expect.arrayContaining(["session_end", "session_summary"]));
  });

  test("on a phone, the chart below the fold is not drawn until the user scrolls near it (decision 0055)", async ({ page, context }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await dismissCookieBanner(page);
    const request = context.request;
    await createUser(request, `e2e-impact-phone-${Date.now()}@example.com`, { toursDone: true });
    await completedGoal(request, "Ler 12 livros");

    await page.goto("/app/dashboard");
    await untilHydrated(page);
    const chart = page.getByTestId("impact-chart");
    // Further down than the placeholder's half-screen margin, or this test would say nothing.
    expect((await chart.boundingBox())!.y).toBeGreaterThan(1.5 * 844);
    // Time for an idle moment after hydration: still only the busy placeholder, and no recharts svg on the page.
    await page.waitForTimeout(2000);
    await expect(chart.locator('[aria-busy="true"]')).toHaveCount(1);
    await expect(page.locator(".recharts-surface")).toHaveCount(0);
    // The figures are there as text all along.
    await expect(chart.locator("table")).toContainText("Objetivos concluídos: 1");

    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator(".recharts-surface").first()).toBeVisible({ timeout: 30_000 });
    await expect(chart.locator('[aria-busy="true"]')).toHaveCount(0);
  });

  test("with tracking turned off in Preferências, a session stores nothing", async ({ page, context }) => {
    test.setTimeout(60_000);
    await dismissCookieBanner(page);
    const request = context.request;
    await createUser(request, `e2e-impact-off-${Date.now()}@example.com`, { toursDone: true });
    await page.goto("/app/perfil");
    await untilHydrated(page);
    await page.getByRole("tab", { name: "Preferências" }).click();
    const setting = page.getByTestId("activity-tracking-setting");
    const saved = page.waitForResponse((r) => r.url().endsWith("/api/v1/me") && r.request().method() === "PATCH");
    await setting.getByRole("switch").click();
    expect((await saved).status()).toBe(200);
    await expect(setting.getByRole("switch")).not.toBeChecked();
    const before = (await activities(request)).length;
    await page.goto("/app/meu-impacto");
    await untilHydrated(page);
    await expect(page.getByTestId("impact-dashboard")).toBeVisible();
    await page.goto("/");
    await page.waitForTimeout(1000);
    expect((await activities(request)).length).toBe(before);
  });
});
