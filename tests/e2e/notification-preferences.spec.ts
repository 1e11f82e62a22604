import { expect, test, type Page } from "@playwright/test";
import { createUser, dismissCookieBanner, untilHydrated } from "./support";

test.use({ extraHTTPHeaders: { "cf-connecting-ip": `198.51.100.${Math.floor(Math.random() * 250) + 1}` } });

const typeRow = (page: Page, type: string) => page.getByTestId(`notification-type-${type}`);

async function openNotificationsTab(page: Page) {
  await page.goto("/app/configuracoes");
  await untilHydrated(page);
  await page.getByRole("tab", { name: "Notificações" }).click();
  await expect(page.getByRole("heading", { name: "Tipos de notificação" })).toBeVisible();
}

test("Configurações → Notificações: e-mail on for one type and a daily digest for another survive a reload; security cannot be turned off", async ({ page }) => {
  await dismissCookieBanner(page);
  await createUser(page.request, `preferencias-${Date.now()}@example.com`, { toursDone: true });
  await openNotificationsTab(page);

  // Security notices always arrive: said in words, no switch (docs/decisions/0102).
  await expect(typeRow(page, "security")).toContainText("Chegam sempre, na app e por email");
  await expect(typeRow(page, "security").getByRole("switch")).toHaveCount(0);
  // Nothing sends "Social": not listed.
  await expect(typeRow(page, "social")).toHaveCount(0);

  // System: e-mail on with the keyboard (Space on the switch).
  const systemEmail = typeRow(page, "system").getByRole("switch", { name: "Sistema: Email" });
  await expect(systemEmail).toHaveAttribute("aria-checked", "false");
  await systemEmail.focus();
  await page.keyboard.press("Space");
  await expect(typeRow(page, "system").getByRole("status")).toHaveText("Guardado");
  await expect(systemEmail).toHaveAttribute("aria-checked", "true");

  // Tasks: e-mail on, then a daily digest.
  await typeRow(page, "task").getByRole("switch", { name: "Tarefa: Email" }).click();
  await expect(typeRow(page, "task").getByRole("status")).toHaveText("Guardado");
  await typeRow(page, "task").getByRole("combobox", { name: "Tarefa: Frequência do email" }).selectOption({ label: "Resumo diário" });
  await expect(typeRow(page, "task").getByRole("status")).toHaveText("Guardado");

  // Quiet hours, for every type.
  await page.getByRole("switch", { name: "Horas de silêncio" }).click();
  await page.getByRole("textbox", { name: "Início" }).fill("23:00");
  await page.getByRole("textbox", { name: "Fim" }).fill("07:00");
  await page.getByRole("button", { name: "Guardar horas de silêncio" }).click();
  await expect(page.getByTestId("quiet-hours").getByRole("status")).toHaveText("Guardado");

  await page.goto("/app/configuracoes?tab=notifications");
  await expect(page.getByRole("heading", { name: "Tipos de notificação" })).toBeVisible();
  await expect(typeRow(page, "system").getByRole("switch", { name: "Sistema: Email" })).toHaveAttribute("aria-checked", "true");
  await expect(typeRow(page, "task").getByRole("switch", { name: "Tarefa: Email" })).toHaveAttribute("aria-checked", "true");
  await expect(typeRow(page, "task").getByRole("combobox", { name: "Tarefa: Frequência do email" })).toHaveValue("daily");
  await expect(page.getByRole("switch", { name: "Horas de silêncio" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("textbox", { name: "Início" })).toHaveValue("23:00");
  await expect(page.getByRole("textbox", { name: "Fim" })).toHaveValue("07:00");

  // The server holds what the screen shows.
  const { items } = await (await page.request.get("/api/v1/notification-preferences")).json();
  const byType = Object.fromEntries(items.map((item: { notificationType: string }) => [item.notificationType, item]));
  expect(byType.system).toMatchObject({ emailEnabled: true, quietHoursStart: "23:00", quietHoursEnd: "07:00" });
  // Security, whatever the screen sent for it: in force as always.
  expect(byType.security).toMatchObject({ inAppEnabled: true, emailEnabled: true, frequency: "instant", quietHoursStart: null, quietHoursEnd: null });
  expect(byType.task).toMatchObject({ emailEnabled: true, frequency: "daily", quietHoursStart: "23:00", quietHoursEnd: "07:00" });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the notifications tab fits 390 px without scrolling sideways", async ({ page }) => {
    await dismissCookieBanner(page);
    await createUser(page.request, `preferencias-telemovel-${Date.now()}@example.com`, { toursDone: true });
    await openNotificationsTab(page);
    await expect(typeRow(page, "weekly_report")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
