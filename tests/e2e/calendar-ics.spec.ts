import { expect, test } from "@playwright/test";
import { createUser, dismissCookieBanner, untilHydrated } from "./support";

const ICS = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Google Inc//Google Calendar 70.9054//EN",
  "BEGIN:VEVENT",
  "UID:e2e-concert@google.com",
  "DTSTART;TZID=Europe/Lisbon:20261215T210000",
  "DTEND;TZID=Europe/Lisbon:20261215T230000",
  "SUMMARY:Concerto no Coliseu",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:e2e-holiday@google.com",
  "DTSTART;VALUE=DATE:20261208",
  "SUMMARY:Imaculada Conceição",
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");

test.describe("calendar iCalendar", () => {
  test.setTimeout(90_000);
  test("import an .ics with a preview, see it in month view, copy the feed URL and fetch it", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const email = `e2e-ics-${Date.now()}@example.com`;
    await createUser(page.request, email, { toursDone: true });
    await dismissCookieBanner(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto("/app/calendario?view=month&date=2026-12-01");
    await untilHydrated(page);
    await page.getByRole("button", { name: "Importar .ics" }).click();
    await page.getByLabel("Ficheiro .ics").setInputFiles({ name: "google.ics", mimeType: "text/calendar", buffer: Buffer.from(ICS) });
    const preview = page.getByTestId("ics-preview");
    await expect(preview).toContainText("2 eventos novos");
    await expect(preview).toContainText("Concerto no Coliseu");
    // Nothing saved before confirming.
    expect((await (await page.request.get("/api/v1/events?from=2026-12-01&to=2026-12-31")).json()).items).toEqual([]);
    await page.getByRole("button", { name: "Importar", exact: true }).click();
    await expect(page.getByText("2 importados, 0 atualizados, 0 ignorados.").first()).toBeVisible();
    await page.getByRole("button", { name: "Fechar", exact: true }).click();

    const month = page.getByTestId("month-view");
    await expect(month.getByTestId("calendar-item").filter({ hasText: "Concerto no Coliseu" })).toHaveCount(1);
    await expect(month.getByTestId("calendar-item").filter({ hasText: "Imaculada Conceição" })).toHaveCount(1);

    await page.getByRole("button", { name: "Subscrever noutro calendário" }).click();
    await page.getByRole("button", { name: "Mostrar endereço" }).click();
    const field = page.getByTestId("calendar-feed-url");
    await expect(field).toHaveValue(/\/api\/v1\/calendar\/feed\/[A-Za-z0-9_-]+\.ics$/);
    await page.getByRole("button", { name: "Copiar" }).click();
    await expect(page.getByText("Endereço copiado")).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await field.inputValue());

    const feed = await page.request.get(new URL(copied).pathname, { headers: { cookie: "" } });
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    const body = await feed.text();
    expect(body).toContain("SUMMARY:Concerto no Coliseu");
    expect(body).toContain("DTSTART;TZID=Europe/Lisbon:20261215T210000");
  });
});
