import { expect, test } from "@playwright/test";
import { createUser, dismissCookieBanner, PASSWORD } from "./support";

test("the deletion dialog says what happens to a paid subscription, then deletes the account", async ({ page }) => {
  const email = `apagar-${Date.now()}@example.com`;
  await dismissCookieBanner(page);
  await createUser(page.request, email, { toursDone: true });
  await page.goto("/app/perfil");
  await page.getByRole("tab", { name: "Segurança" }).click();
  await page.getByRole("button", { name: "Eliminar a minha conta" }).click();

  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("cancelada de imediato no Stripe");
  await expect(dialog).toContainText("garantia de 30 dias, contacte o suporte");
  await dialog.getByLabel("Senha").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Eliminar definitivamente" }).click();

  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get("/api/v1/me")).status()).toBe(401);
});
