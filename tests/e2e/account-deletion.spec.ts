import { expect, test } from "@playwright/test";
import { createUser, dismissCookieBanner, PASSWORD, untilHydrated } from "./support";

test("the deletion dialog says what happens to a paid subscription, then deletes the account", async ({ page }) => {
  const email = `apagar-${Date.now()}@example.com`;
  await dismissCookieBanner(page);
  await createUser(page.request, email, { toursDone: true });
  // Another tab of the same account, connected to its realtime socket.
  const other = await page.context().newPage();
  await other.goto("/app/meu-impacto");
  await untilHydrated(other);
  await expect(other.locator('[data-realtime="open"]').first()).toBeAttached({ timeout: 15_000 });
  await page.goto("/app/perfil");
  await page.getByRole("tab", { name: "Segurança" }).click();
  await page.getByRole("button", { name: "Eliminar a minha conta" }).click();

  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("cancelada de imediato no Stripe");
  await expect(dialog).toContainText("garantia de 30 dias, contacte o suporte");
  await dialog.getByLabel("Senha").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Eliminar definitivamente" }).click();

  // The landing says it was done.
  await expect(page).toHaveURL(/\/\?notice=account-deleted$/);
  await expect(page.getByTestId("account-deleted")).toHaveText("A sua conta e todos os seus dados foram eliminados.");
  expect((await page.request.get("/api/v1/me")).status()).toBe(401);
  // The other tab left the account's screens for the same landing, which says why.
  await expect(other).toHaveURL(/\/\?notice=account-deleted$/, { timeout: 15_000 });
  await expect(other.getByTestId("account-deleted")).toBeVisible();
  // Once only: the landing itself says nothing of it.
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("account-deleted")).toHaveCount(0);
});

test("the landing's deletion notice is in the visitor's language", async ({ page, context, baseURL }) => {
  await dismissCookieBanner(page);
  await context.addCookies([{ name: "rumo-language", value: "en", url: baseURL! }]);
  await page.goto("/?notice=account-deleted");
  await expect(page.getByTestId("account-deleted")).toHaveText("Your account and all of its data have been deleted.");
});

test("an installed app keeps the landing that says the account was deleted (it goes to /auth otherwise)", async ({ browser }) => {
  const context = await browser.newContext({ locale: "pt-PT" });
  await context.addInitScript(() => {
    const original = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => (query === "(display-mode: standalone)" ? ({ ...original(query), matches: true, media: query } as MediaQueryList) : original(query));
  });
  const page = await context.newPage();
  await page.goto("/?notice=account-deleted");
  await expect(page.getByTestId("account-deleted")).toBeVisible();
  await page.waitForLoadState("load");
  await expect(page).toHaveURL(/\/\?notice=account-deleted$/);
  await context.close();
});
