import { expect, test } from "@playwright/test";
import { createUser, dismissCookieBanner, lisbonDay, originOf, untilHydrated } from "./support";

/**
 * Every /app screen hydrates without an error, in both languages, with data on it. The server's
 * text and the browser's must match to the character: the Worker's V8 wrote the English day
 * ranges ("November 1 – 6", the cycle's fertile window) with thin spaces and Chromium with plain
 * ones, so the finances and cycle screens threw React #418 and were rendered again in the browser.
 */
test("every /app screen hydrates without an error, in Portuguese and English", async ({ page }) => {
  test.setTimeout(150_000);
  await createUser(page.request, `e2e-hydration-${Date.now()}@example.com`, { toursDone: true });
  const headers = originOf(page.request);
  // Periods four weeks apart give a prediction with its fertile window (a range of days).
  for (const days of [-61, -33, -5]) {
    expect((await page.request.post("/api/v1/cycle/days", { headers, data: { date: lisbonDay(days), flow: "medium" } })).status()).toBeLessThan(300);
  }
  for (const [days, cents] of [[0, 1250], [-31, 900]]) {
    const created = await page.request.post("/api/v1/transactions", { headers, data: { type: "expense", amountCents: cents, description: "Mercearia", date: lisbonDay(days), category: "groceries" } });
    expect(created.status(), await created.text()).toBe(201);
  }
  const task = await page.request.post("/api/v1/tasks", { headers, data: { title: "Ligar à avó", dueDate: lisbonDay(0) } });
  expect(task.status(), await task.text()).toBe(201);
  const event = await page.request.post("/api/v1/events", { headers, data: { title: "Jantar", start: `${lisbonDay(1)}T19:30:00Z`, end: `${lisbonDay(1)}T21:00:00Z` } });
  expect(event.status(), await event.text()).toBe(201);

  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  await dismissCookieBanner(page);
  for (const language of ["pt", "en"]) {
    expect((await page.request.patch("/api/v1/me", { headers, data: { language } })).status()).toBe(200);
    for (const path of ["/app/dashboard", "/app/tarefas", "/app/calendario", "/app/objetivos", "/app/diario", "/app/autocuidado", "/app/financas", "/app/ciclo-menstrual", "/app/chat", "/app/relatorios-semanais", "/app/perfil", "/app/meu-impacto"]) {
      await page.goto(path);
      await untilHydrated(page);
    }
    // The screens this was about did show their ranges.
    await page.goto("/app/ciclo-menstrual");
    await expect(page.getByTestId("fertile-window")).toHaveText(/\d/);
  }
  expect(errors).toEqual([]);
});

/**
 * Onboarding offers the browser's zone beside the account's: the server, in UTC, cannot know it,
 * so it joins the list after hydration (a browser in Tokyo got React #418 here).
 */
test.describe("in a browser outside UTC", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("onboarding hydrates without an error, then offers and chooses the browser's zone", async ({ page }) => {
    await createUser(page.request, `e2e-onboarding-zone-${Date.now()}@example.com`, { onboarded: false });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await dismissCookieBanner(page);
    await page.goto("/app/onboarding");
    await untilHydrated(page);
    // The one select whose options are zones.
    const zone = page.locator("select").filter({ has: page.locator("option[value='Africa/Maputo']") });
    await expect(zone.locator("option[value='Asia/Tokyo']")).toHaveCount(1);
    // And chooses it: sign-up's default (Europe/Lisbon) is no answer (decision 0111).
    await expect(zone).toHaveValue("Asia/Tokyo");
    // Sign-up's zone is still in the list, for a person who wants it.
    await expect(zone.locator("option[value='Europe/Lisbon']")).toHaveCount(1);
    expect(errors).toEqual([]);
  });
});
