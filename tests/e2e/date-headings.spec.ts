import { expect, test, type Locator } from "@playwright/test";
import { createUser, dismissCookieBanner, lisbonDate, originOf, untilHydrated } from "./support";

/**
 * Headings made of a formatted date ("novembro de 2026", "domingo, 29 de novembro") start with a
 * capital and keep the rest as Intl wrote it. CSS `capitalize` made "Novembro De 2026".
 */
async function expectSentenceCase(heading: Locator) {
  await expect(heading).toBeVisible();
  const { text, transform, firstLetter } = await heading.evaluate((element) => ({
    // innerText follows text-transform, so it is what the person reads (bar the first letter).
    text: (element as HTMLElement).innerText,
    transform: getComputedStyle(element).textTransform,
    firstLetter: getComputedStyle(element, "::first-letter").textTransform,
  }));
  expect(text).toMatch(/ de /);
  expect(text).not.toMatch(/ De /);
  expect(transform).toBe("none");
  expect(firstLetter).toBe("uppercase");
}

test("month and day headings of finances, the cycle and the calendar read 'Novembro de 2026', not 'Novembro De 2026'", async ({ page, context }) => {
  test.setTimeout(90_000);
  await dismissCookieBanner(page);
  await createUser(context.request, `e2e-date-headings-${Date.now()}@example.com`, { toursDone: true });
  const today = lisbonDate();
  const created = await context.request.post("/api/v1/transactions", {
    headers: originOf(context.request),
    data: { type: "expense", amountCents: 250, description: "Café", date: today, category: "restaurants" },
  });
  expect(created.status()).toBe(201);

  await page.goto("/app/financas");
  await untilHydrated(page);
  await expectSentenceCase(page.getByTestId("finances-month"));
  await page.getByRole("tab", { name: "Transações" }).click();
  await expectSentenceCase(page.getByRole("heading", { level: 3 }).filter({ hasText: / de / }).first());

  // The cycle's calendar shows once a day is logged.
  expect((await context.request.post("/api/v1/cycle/days", { headers: originOf(context.request), data: { date: today, flow: "light" } })).status()).toBeLessThan(300);
  await page.goto("/app/ciclo-menstrual");
  await untilHydrated(page);
  await expectSentenceCase(page.locator("h2[aria-live=polite]"));

  await page.goto("/app/calendario?view=month");
  await untilHydrated(page);
  await expectSentenceCase(page.locator("h2[aria-live=polite]"));
  // The agenda's day headings ("segunda-feira, 7 de dezembro"), from an event on a fixed day.
  const event = await context.request.post("/api/v1/events", {
    headers: originOf(context.request),
    data: { title: "Jantar", start: "2026-12-07T20:00:00+00:00", end: "2026-12-07T21:00:00+00:00" },
  });
  expect(event.status()).toBe(201);
  await page.goto("/app/calendario?view=agenda&date=2026-12-07");
  await untilHydrated(page);
  await expectSentenceCase(page.getByTestId("agenda").getByRole("heading", { level: 3 }).first());
});
