import { expect, test, type Page } from "@playwright/test";
import { createUser, dismissCookieBanner, originOf, untilHydrated } from "./support";

/** A new user, tours done and the cookie banner dismissed, on a desktop-sized window. */
async function signUp(page: Page, label: string) {
  await createUser(page.request, `e2e-calendar-${label}-${Date.now()}@example.com`, { toursDone: true });
  await dismissCookieBanner(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The event dialog of a new event titled `title`, repeating every week (the start's weekday ticked). */
async function newWeeklyEvent(page: Page, title: string) {
  await page.getByRole("button", { name: "Novo evento" }).click();
  const dialog = page.getByTestId("event-dialog");
  await dialog.getByLabel("Título").fill(title);
  await dialog.getByRole("combobox", { name: "Repetir" }).selectOption("WEEKLY");
  return dialog;
}

/** The calendar at `query`, hydrated. */
async function openCalendar(page: Page, query: string) {
  await page.goto(`/app/calendario?${query}`);
  await untilHydrated(page);
}

test.describe("calendar", () => {
  test.setTimeout(90_000);
  test("create a weekly event, see it in week and month views, move one occurrence by drag", async ({ page }) => {
    await signUp(page, "weekly");

    // Monday 7 December 2026, in the week view.
    await openCalendar(page, "view=week&date=2026-12-07");
    const dialog = await newWeeklyEvent(page, "Ioga semanal");
    await expect(dialog.getByTestId("rule-words")).toHaveText("Todas as semanas à segunda");
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expect(dialog).toBeHidden();

    const week = page.getByTestId("time-grid");
    const block = week.getByTestId("calendar-item").filter({ hasText: "Ioga semanal" });
    await expect(block).toHaveCount(1);

    await page.getByRole("link", { name: "Mês", exact: true }).click();
    const month = page.getByTestId("month-view");
    // 7, 14, 21 and 28 December (the grid runs 30 Nov to 3 Jan).
    await expect(month.getByTestId("calendar-item").filter({ hasText: "Ioga semanal" })).toHaveCount(4);

    await page.getByRole("link", { name: "Semana", exact: true }).click();
    await expect(block).toHaveCount(1);
    // Drag the occurrence two hours down (48 px an hour), then change only this one.
    await block.scrollIntoViewIfNeeded();
    const box = (await block.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 8);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + 8 + 50, { steps: 5 });
    await page.mouse.move(box.x + box.width / 2, box.y + 8 + 96, { steps: 5 });
    await page.mouse.up();
    await page.getByRole("button", { name: "Só este evento" }).click();
    await expect(page.getByText("Evento movido")).toBeVisible();

    const response = await page.request.get("/api/v1/events?from=2026-12-07&to=2026-12-14");
    const { items } = await response.json();
    expect(items.map((i: { start: string }) => i.start)).toEqual(["2026-12-07T11:00:00+00:00", "2026-12-14T09:00:00+00:00"]);

    // Delete only that occurrence from its dialog: it leaves at once, "Anular" is offered, then the DELETE goes out.
    await page.getByText("Evento movido").waitFor({ state: "hidden" });
    await block.click();
    await page.getByTestId("event-dialog").getByRole("button", { name: "Eliminar" }).click();
    await page.getByRole("button", { name: "Só este evento" }).click();
    await expect(page.getByText("Evento eliminado")).toBeVisible();
    await expect(block).toHaveCount(0);
    await expect
      .poll(async () => (await (await page.request.get("/api/v1/events?from=2026-12-07&to=2026-12-14")).json()).items.map((i: { start: string }) => i.start), { timeout: 15_000 })
      .toEqual(["2026-12-14T09:00:00+00:00"]);
  });

  test("a new weekly series whose start's own day is unticked starts on the first ticked day, and says so", async ({ page }) => {
    await signUp(page, "first");

    // Sunday 6 December 2026: a new event starts on the day shown.
    await openCalendar(page, "view=week&date=2026-12-06");
    const dialog = await newWeeklyEvent(page, "Reunião de equipa");
    const days = dialog.getByRole("group", { name: "Nos dias" }).getByRole("checkbox");
    // Monday and Wednesday instead of the start's own Sunday.
    await days.nth(0).check();
    await days.nth(6).uncheck();
    await days.nth(2).check();
    await expect(dialog.getByTestId("series-first-date")).toHaveText("Começa a segunda-feira, 7 de dezembro, o primeiro dos dias escolhidos.");
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expect(dialog).toBeHidden();

    const { items } = await (await page.request.get("/api/v1/events?from=2026-12-06&to=2026-12-13")).json();
    expect(items.map((i: { start: string }) => i.start.slice(0, 10))).toEqual(["2026-12-07", "2026-12-09"]);
    // The series itself starts on that Monday (what search and the series' own dialog open on).
    const { event } = await (await page.request.get(`/api/v1/events/${items[0].id}`)).json();
    expect(event.start.slice(0, 10)).toBe("2026-12-07");
  });

  test("a link to a recurring event on a past day (a search result) opens on its next occurrence", async ({ page }) => {
    await signUp(page, "link");
    // Every Monday since 5 January 2026 (a Monday), and a one-off that day.
    const headers = originOf(page.request);
    const created = await page.request.post("/api/v1/events", { headers, data: { title: "Ioga de segunda", start: "2026-01-05T19:00:00+00:00", end: "2026-01-05T20:00:00+00:00", timeZone: "Europe/Lisbon", rrule: "FREQ=WEEKLY;BYDAY=MO" } });
    expect(created.status()).toBe(201);
    const { event } = await created.json();
    const once = await (await page.request.post("/api/v1/events", { headers, data: { title: "Jantar", start: "2026-01-05T20:00:00+00:00", end: "2026-01-05T21:00:00+00:00" } })).json();

    // The next Monday from today on, in Lisbon (the account's zone).
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Lisbon" }).format(new Date());
    let next = today;
    while (new Date(`${next}T00:00:00Z`).getUTCDay() !== 1) next = new Date(Date.parse(`${next}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

    await openCalendar(page, `view=week&date=2026-01-05&event=${event.id}`);
    await expect(page).toHaveURL(new RegExp(`[?&]date=${next}&event=${event.id}$`));
    await expect(page.getByTestId("time-grid").getByTestId("calendar-item").filter({ hasText: "Ioga de segunda" })).toHaveCount(1);

    // An event that does not repeat stays on its day.
    await openCalendar(page, `view=week&date=2026-01-05&event=${once.event.id}`);
    await expect(page.getByTestId("time-grid").getByTestId("calendar-item").filter({ hasText: "Jantar" })).toHaveCount(1);
    await expect(page).toHaveURL(/[?&]date=2026-01-05&/);

    // An id that is nobody's, or not an id at all (what another user's id answers too: the same
    // 404, tests/worker/isolation-sweep.test.ts): the page stays on the linked day, with no error.
    for (const id of ["zz0000000000000000000000", encodeURIComponent("../me")]) {
      // This id's own request: the previous page's (the one-off's, 200) may still be answering.
      const asked = page.waitForResponse((response) => response.url().includes(`/api/v1/events/${id}`) && response.request().method() === "GET");
      await openCalendar(page, `view=week&date=2026-01-05&event=${id}`);
      expect((await asked).status()).toBe(404);
      await expect(page.getByTestId("time-grid").getByTestId("calendar-item").filter({ hasText: "Jantar" })).toHaveCount(1);
      await expect(page).toHaveURL(/[?&]date=2026-01-05&/);
    }
  });

  test("on a phone the week's seven day headings fit their columns, in Portuguese and English", async ({ page }) => {
    await signUp(page, "phone-week");
    await page.setViewportSize({ width: 360, height: 780 });
    const event = await page.request.post("/api/v1/events", { headers: originOf(page.request), data: { title: "Dentista", start: "2026-12-02T10:00:00+00:00", end: "2026-12-02T11:00:00+00:00" } });
    expect(event.status()).toBe(201);
    for (const [language, names, label] of [
      ["pt", ["seg", "ter", "qua", "qui", "sex", "sáb", "dom"], "segunda-feira, 30 de novembro"],
      ["en", ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"], "Monday, November 30"],
    ] as const) {
      expect((await page.request.patch("/api/v1/me", { headers: originOf(page.request), data: { language } })).status()).toBe(200);
      await openCalendar(page, "view=week&date=2026-12-02");
      const headings = page.getByTestId("week-day-heading");
      await expect(headings).toHaveCount(7);
      const shown = await headings.evaluateAll((links) => links.map((link) => Array.from(link.querySelectorAll("[aria-hidden]")).map((part) => (part as HTMLElement).innerText)));
      expect(shown).toEqual(names.map((name, i) => [name.toUpperCase(), String([30, 1, 2, 3, 4, 5, 6][i])]));
      await expect(headings.first()).toHaveAccessibleName(label);
      // Nothing spills into the next column (the long pt-PT names, "segunda, 30", did).
      const spill = await headings.evaluateAll((links) => links.filter((link) => link.scrollWidth > link.clientWidth).length);
      expect(spill).toBe(0);
      // The month's chips show the title, not a time that leaves no room for it.
      await openCalendar(page, "view=month&date=2026-12-02");
      await expect.poll(() => page.getByTestId("month-view").getByTestId("calendar-item").innerText()).toBe("Dentista");
    }
  });
  test("an event saved without a title says so under the field, in the app's language, and keeps what was typed", async ({ page }) => {
    await signUp(page, "untitled");
    await openCalendar(page, "view=week&date=2026-12-07");
    await page.getByRole("button", { name: "Novo evento" }).click();
    const dialog = page.getByTestId("event-dialog");
    await dialog.getByLabel(/Local/).fill("Sala 3");
    await dialog.getByRole("button", { name: "Guardar" }).click();
    // The app's message, not the browser's own bubble (in the browser's language), which stopped the form being sent.
    await expect(dialog.getByText("O título do evento é obrigatório")).toBeVisible();
    await expect(dialog.getByLabel(/Local/)).toHaveValue("Sala 3");
    await dialog.getByLabel("Título").fill("Reunião");
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("time-grid").getByTestId("calendar-item").filter({ hasText: "Reunião" })).toHaveCount(1);
  });

  test("the month's '+N' opens the day in one step: Back returns to the month at once", async ({ page }) => {
    await signUp(page, "more");
    // Five events on Wednesday 9 December: three fit the month's cell, "mais 2" opens the day.
    for (const hour of ["09", "10", "11", "12", "13"]) {
      const created = await page.request.post("/api/v1/events", { headers: originOf(page.request), data: { title: `Reunião ${hour}`, start: `2026-12-09T${hour}:00:00+00:00`, end: `2026-12-09T${hour}:30:00+00:00` } });
      expect(created.status()).toBe(201);
    }
    await openCalendar(page, "view=month&date=2026-12-07");
    // One navigation: one read of the day's data (the link and a click handler both navigating
    // started two, the first abandoned).
    const dayReads: string[] = [];
    page.on("request", (request) => {
      if (/\.data\?.*view=day/.test(request.url())) dayReads.push(request.url());
    });
    await page.getByTestId("month-view").getByRole("link", { name: "mais 2" }).click();
    await expect(page).toHaveURL(/view=day&date=2026-12-09/);
    await expect(page.getByTestId("time-grid").getByTestId("calendar-item")).toHaveCount(5);
    expect(dayReads).toHaveLength(1);
    await page.goBack();
    await expect(page).toHaveURL(/view=month&date=2026-12-07/);
    await expect(page.getByTestId("month-view")).toBeVisible();
  });
});
