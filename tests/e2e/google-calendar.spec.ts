import { expect, test } from "@playwright/test";
import { createUser, dismissCookieBanner, untilHydrated } from "./support";

// `npm start` has no Google credentials (docs/decisions/0035): the Preferências section offers the
// connection, sends the browser through /api/v1/calendar/google/authorize, and comes back to the
// same tab saying the connection is unavailable; the calendar shows no sync line when not connected.
test("Perfil → Preferências offers Google Calendar and explains when it cannot connect", async ({ page }) => {
  await dismissCookieBanner(page);
  await createUser(page.request, `gcal-${Date.now()}@example.com`, { toursDone: true });
  await page.goto("/app/perfil?tab=preferences");
  await untilHydrated(page);
  const section = page.getByTestId("google-calendar-settings");
  await expect(section.getByRole("heading", { name: "Google Calendar" })).toBeVisible();
  await section.getByRole("button", { name: "Ligar Google Calendar" }).click();
  await expect(page).toHaveURL(/\/app\/perfil\?tab=preferences&google=unavailable$/);
  await untilHydrated(page);
  await expect(page.getByRole("tab", { name: "Preferências" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("google-calendar-settings")).toContainText("A ligação ao Google não está disponível neste momento.");

  await page.goto("/app/calendario");
  await untilHydrated(page);
  await expect(page.getByRole("heading", { name: "Calendário", level: 1 })).toBeVisible();
  await expect(page.getByTestId("google-sync-status")).toHaveCount(0);
});
