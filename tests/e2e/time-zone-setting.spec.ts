import { expect, test } from "@playwright/test";
import { createUser, dismissCookieBanner, untilHydrated } from "./support";

// The account's time zone is chosen from a list to search, not typed: "Lisboa" typed in the free
// field it was got only a generic "Valor inválido." from the server.
test("the time zone is picked from a list by part of its name, saved, and kept after a reload", async ({ page, context }) => {
  await dismissCookieBanner(page);
  await createUser(context.request, `e2e-time-zone-${Date.now()}@example.com`, { toursDone: true });
  await page.goto("/app/configuracoes?tab=preferences");
  await untilHydrated(page);
  const zone = page.getByRole("combobox", { name: "Fuso horário" });
  // The tab's code loads on demand: type until its list answers.
  await expect(async () => {
    await zone.fill("new york");
    await expect(page.getByRole("option", { name: "America/New York" })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole("option", { name: "America/New York" }).click();
  await expect(zone).toHaveValue("America/New York");
  await page.getByRole("button", { name: "Guardar preferências" }).click();
  await expect(page.getByText("Alterações guardadas.")).toBeVisible();
  expect((await (await context.request.get("/api/v1/me")).json()).user.timeZone).toBe("America/New_York");
  await page.reload();
  await untilHydrated(page);
  await expect(page.getByRole("combobox", { name: "Fuso horário" })).toHaveValue("America/New York");
});
