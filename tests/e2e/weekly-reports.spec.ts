import { expect, test, type APIRequestContext } from "@playwright/test";
import { createUser, dismissCookieBanner, lisbonDate, originOf, untilHydrated } from "./support";

const lisbon = (at: Date, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Lisbon", ...options }).format(at);

/** The next Monday 07:00 in Lisbon after now (06:00 or 07:00 UTC depending on summer time). */
function nextReportTime(now = new Date()) {
  const today = lisbonDate(now);
  const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7; // 0 = Monday
  const monday = new Date(Date.parse(`${today}T00:00:00Z`) + (7 - weekday) * 86_400_000).toISOString().slice(0, 10);
  return [6, 7].map((h) => new Date(`${monday}T0${h}:00:00Z`)).find((at) => lisbon(at, { hour: "2-digit", hourCycle: "h23" }) === "07")!;
}

async function post(request: APIRequestContext, path: string, data: unknown) {
  const response = await request.post(`/api/v1${path}`, { headers: originOf(request), data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
  return response.json();
}

test.describe("weekly reports", () => {
  // The cron runs every eligible account of the e2e database inline; the charts chunk loads on first use.
  test.setTimeout(180_000);

  // The account is in its Pro trial (which includes the Light features); plan gating per tier is
  // covered by tests/worker/weekly-reports.test.ts.
  test("a user's week becomes a report on Monday 07:00, announced and shown with its charts", async ({ page, context }) => {
    const request = context.request;
    await createUser(request, `e2e-reports-${Date.now()}@example.com`, { toursDone: true });
    const headers = originOf(request);
    await dismissCookieBanner(page);

    // Before the first Monday: the empty state.
    await page.goto("/app/relatorios-semanais");
    await untilHydrated(page);
    await expect(page.getByRole("heading", { name: "Ainda não há relatórios" })).toBeVisible();

    // The week: a task done, an event, a diary entry, an expense (all today, in this week).
    const today = lisbonDate();
    const { task } = await post(request, "/tasks", { title: "Entregar relatório" });
    expect((await request.patch(`/api/v1/tasks/${task.id}`, { headers, data: { status: "done" } })).status()).toBe(200);
    await post(request, "/events", { title: "Reunião de equipa", start: `${today}T10:00:00+00:00`, end: `${today}T11:00:00+00:00` });
    await post(request, "/diary", { title: "Bom dia", content: "Correu bem.", mood: 4, emotions: ["happy"], date: today });
    await post(request, "/transactions", { type: "expense", amountCents: 1240, description: "Almoço", date: today, category: "restaurants" });

    const at = nextReportTime();
    // The quarter-hour job, as at 07:00 on the (Lisbon) user's Monday.
    const cron = await request.post(`/api/dev/cron?schedule=${encodeURIComponent("*/15 * * * *")}&job=weekly-reports&inline=1&at=${at.toISOString()}`, { headers });
    expect(cron.status(), await cron.text()).toBe(200);

    // The 'weekly report ready' notification leads to the report.
    await page.goto("/app/notificacoes");
    await untilHydrated(page);
    const notice = page.getByText("O seu relatório semanal está pronto").first();
    await expect(notice).toBeVisible();

    await page.goto("/app/relatorios-semanais");
    await untilHydrated(page);
    const report = page.getByTestId("weekly-report");
    // The week as one range: "Semana de 30 de novembro – 6 de dezembro de 2026", "Semana de 7–13 de dezembro de 2026".
    await expect(report.getByRole("heading", { level: 2 })).toHaveText(/^Semana de \d{1,2}( de [a-zç]+( de \d{4})?\s–\s|–)\d{1,2} de [a-zç]+ de \d{4}$/);
    await expect(report.getByTestId("card-tasks")).toContainText("1");
    await expect(report.getByTestId("card-events")).toContainText("1");
    await expect(report.getByTestId("card-mood")).toContainText("4");
    await expect(report.getByTestId("card-spent")).toContainText("12,40");
    await expect(report.getByText("Feliz · 1")).toBeVisible();
    await expect(report.getByTestId("report-activity-chart")).toBeVisible({ timeout: 60_000 });
    await expect(report.getByTestId("report-mood-chart")).toBeVisible();
    await expect(report.getByTestId("report-spending-chart")).toBeVisible();
    await expect(report.getByTestId("report-activity-chart").locator(".recharts-bar-rectangle").first()).toBeAttached();

    // The same screen under the Premium group.
    await page.goto("/app/premium/reports");
    await untilHydrated(page);
    await expect(page.getByTestId("weekly-report").getByTestId("card-tasks")).toContainText("1");
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true });
    // Seven columns of phase names were cut to "Menstr" and "Folicul" on a phone.
    test("the cycle's days of a report are whole, in both languages", async ({ page, context }) => {
      const request = context.request;
      await createUser(request, `e2e-reports-cycle-${Date.now()}@example.com`, { toursDone: true });
      const headers = originOf(request);
      await dismissCookieBanner(page);
      // The cycle appears in a report only with the opt-in for personal data.
      expect((await request.patch("/api/v1/me", { headers, data: { preferences: { aiOnPersonalData: true } } })).status()).toBe(200);
      await post(request, "/cycle/days", { date: lisbonDate(), flow: "medium" });
      const cron = await request.post(`/api/dev/cron?schedule=${encodeURIComponent("*/15 * * * *")}&job=weekly-reports&inline=1&at=${nextReportTime().toISOString()}`, { headers });
      expect(cron.status(), await cron.text()).toBe(200);
      for (const language of ["pt", "en"] as const) {
        expect((await request.patch("/api/v1/me", { headers, data: { language } })).status()).toBe(200);
        await page.goto("/app/relatorios-semanais");
        await untilHydrated(page);
        // The panel: the section its heading opens.
        const days = page.getByRole("heading", { name: language === "pt" ? "Ciclo menstrual" : "Menstrual cycle", level: 3 }).locator("xpath=..").getByRole("listitem");
        await expect(days).toHaveCount(7);
        await expect(days.filter({ hasText: "Menstrual" }).first()).toBeVisible();
        const cut = await days.evaluateAll((items) => items.filter((item) => item.scrollWidth > item.clientWidth + 1).map((item) => item.textContent));
        expect(cut, language).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      }
    });
  });

  test("a Free user sees the upsell and, before any report, the empty state", async ({ page, context }) => {
    const email = `e2e-reports-free-${Date.now()}@example.com`;
    await createUser(context.request, email, { toursDone: true });
    const headers = originOf(context.request);
    await context.request.post("/api/dev/billing/trial", { headers, data: { email, endsAt: new Date(Date.now() - 60_000).toISOString() } });
    await dismissCookieBanner(page);
    await page.goto("/app/relatorios-semanais");
    await untilHydrated(page);
    await expect(page.getByTestId("premium-notice")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Ainda não há relatórios" })).toBeVisible();
  });
});
