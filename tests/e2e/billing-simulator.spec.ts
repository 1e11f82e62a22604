import { expect, test, type Page } from "@playwright/test";
import { createUser, dismissCookieBanner, originOf, untilHydrated } from "./support";

// Billing end to end with no network: `npm start` points the stripe client at the local Stripe
// simulator, whose checkout and portal pages deliver signed webhooks to the app (docs/decisions/0017).

/** Clicks `name` on `page` and returns the tab it opens (checkout and portal open in a new tab). */
async function opensTab(page: Page, name: string): Promise<Page> {
  // A click before hydration reaches no handler (the button opens the tab from script).
  await untilHydrated(page);
  const [tab] = await Promise.all([page.waitForEvent("popup"), page.getByRole("button", { name }).click()]);
  return tab;
}

/** A trial user who went through the simulator's checkout and paid; returns the checkout tab. */
async function payForPro(page: Page, email: string): Promise<Page> {
  await createUser(page.request, email, { toursDone: true });
  await page.goto("/app/premium");
  const checkout = await opensTab(page, "Continuar com o Pro");
  await checkout.waitForURL(/\/dev\/stripe\/checkout\/cs_test_/);
  await expect(checkout.getByRole("heading", { name: "Pagamento de teste" })).toBeVisible();
  await expect(checkout.getByText("Plano Pro: 9,99 € por mês")).toBeVisible();
  await checkout.getByRole("button", { name: "Pagar" }).click();
  await checkout.waitForURL(/\/payment-success\?session_id=cs_test_/);
  await expect(checkout.getByRole("heading", { name: "Obrigado! Pagamento concluído" })).toBeVisible();
  return checkout;
}

/**
 * A trial user who chose Light and paid in the simulator: still in the Pro trial, with Light to start
 * when it ends. Returns /me's subscription and the trial's last day as the screens write it (Lisbon).
 */
async function payForLightInTrial(page: Page, email: string): Promise<{ day: string; subscription: { paidStartsAt: string } }> {
  await createUser(page.request, email, { toursDone: true });
  await page.goto("/app/premium");
  const checkout = await opensTab(page, "Escolher Light");
  await checkout.waitForURL(/\/dev\/stripe\/checkout\/cs_test_/);
  await checkout.getByRole("button", { name: "Pagar" }).click();
  await checkout.waitForURL(/\/payment-success\?session_id=cs_test_/);
  const { subscription } = await (await page.request.get("/api/v1/me")).json();
  expect(subscription).toMatchObject({ tier: "pro", subscribed: true, isTrialActive: true, paidTier: "light" });
  const day = new Intl.DateTimeFormat("pt-PT", { dateStyle: "long", timeZone: "Europe/Lisbon" }).format(new Date(subscription.trialEndsAt));
  return { day, subscription };
}

// Each test signs up and walks several pages on a shared, busy machine.
test.describe.configure({ timeout: 90_000 });
test.beforeEach(async ({ page }) => dismissCookieBanner(page));

test("a trial user pays in the simulator, becomes Pro paid, then cancels in the portal", async ({ page }) => {
  const email = `sim-pay-${Date.now()}@example.com`;
  await payForPro(page, email);

  // The app's own trial ends; the paid subscription keeps Pro.
  await page.request.post("/api/dev/billing/trial", { headers: originOf(page.request), data: { email, endsAt: new Date(Date.now() - 60_000).toISOString() } });
  await page.goto("/app/perfil");
  await page.getByRole("tab", { name: "Subscrição" }).click();
  const card = page.getByTestId("plan-card");
  await expect(card.getByRole("heading", { name: "Pro" })).toBeVisible();
  await expect(card.getByText(/Renova a/)).toBeVisible();
  await expect(card.getByText("O seu teste Pro terminou")).toHaveCount(0);

  const portal = await opensTab(page, "Gerir subscrição");
  await portal.waitForURL(/\/dev\/stripe\/portal\/bps_/);
  await expect(portal.getByTestId("sim-status")).toHaveText("Estado: em teste");
  await portal.getByRole("button", { name: "Terminar o teste e cobrar" }).click();
  await expect(portal.getByTestId("sim-status")).toHaveText("Estado: ativa");
  await portal.getByRole("button", { name: "Cancelar no fim do período" }).click();
  await expect(portal.getByText(/não será renovada/)).toBeVisible();
  // Told by the webhook, the plan card says when Pro ends instead of when it renews.
  await page.goto("/app/premium");
  await expect(card.getByText(/Termina a/)).toBeVisible();
  await expect(card.getByText(/Renova a/)).toHaveCount(0);
  await portal.getByRole("button", { name: "Cancelar agora" }).click();
  await expect(portal.getByText("Não há nenhuma subscrição ativa.")).toBeVisible();

  await page.goto("/app/premium");
  await expect(card.getByRole("heading", { name: "Gratuito" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Upgrade" })).toBeVisible();
});

test("a trial user who pays for Light is told Light starts when the trial ends, at Light's price", async ({ page }) => {
  // The trial's last day on the user's calendar (Lisbon): Light's first charge, with Stripe's trial ending then.
  const { day } = await payForLightInTrial(page, `sim-light-trial-${Date.now()}@example.com`);
  const card = page.getByTestId("plan-card");
  for (const open of [
    async () => {
      await page.goto("/app/perfil");
      await page.getByRole("tab", { name: "Subscrição" }).click();
    },
    () => page.goto("/app/premium"),
  ]) {
    await open();
    await expect(card.getByRole("heading", { name: "Pro" })).toBeVisible();
    await expect(card.getByText(`Teste Pro ativo até ${day}`)).toBeVisible();
    await expect(card.getByTestId("plan-card-next")).toHaveText(new RegExp(`^Escolheu o plano Light: começa a ${day}, a 5,99\\s€/mês\\.`));
    // Not Pro's price, and not a renewal of something never charged.
    await expect(card.getByText(/9,99/)).toHaveCount(0);
    await expect(card.getByText(/Renova a/)).toHaveCount(0);
    await expect(card.getByRole("button", { name: "Gerir subscrição" })).toBeVisible();
  }
});

test("the payment-success page leads a signed-in user back into the app, not to sign-in", async ({ page, browser }) => {
  const checkout = await payForPro(page, `sim-success-header-${Date.now()}@example.com`);
  const header = checkout.getByRole("banner");
  await expect(header.getByRole("link", { name: "Ir para a app" })).toHaveAttribute("href", "/app");
  await expect(header.getByRole("link", { name: "Entrar" })).toHaveCount(0);
  await expect(header.getByRole("link", { name: "Começar grátis" })).toHaveCount(0);

  // A visitor (no session) on the same page is still offered sign-in.
  const visitor = await browser.newContext({ locale: "pt-PT" });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(checkout.url());
  await expect(visitorPage.getByRole("banner").getByRole("link", { name: "Entrar" })).toBeVisible();
  await expect(visitorPage.getByRole("banner").getByRole("link", { name: "Ir para a app" })).toHaveCount(0);
  await visitor.close();
});

test("a Light subscriber switches to Pro in the portal, and /app/premium then shows Pro", async ({ page }) => {
  const email = `sim-upgrade-${Date.now()}@example.com`;
  await createUser(page.request, email, { toursDone: true });
  await page.goto("/app/premium");
  const checkout = await opensTab(page, "Escolher Light");
  await checkout.waitForURL(/\/dev\/stripe\/checkout\/cs_test_/);
  await expect(checkout.getByText("Plano Light: 5,99 € por mês")).toBeVisible();
  await checkout.getByRole("button", { name: "Pagar" }).click();
  await checkout.waitForURL(/\/payment-success\?session_id=cs_test_/);
  // The app's own trial ends: what is left is the paid Light plan.
  await page.request.post("/api/dev/billing/trial", { headers: originOf(page.request), data: { email, endsAt: new Date(Date.now() - 60_000).toISOString() } });

  await page.goto("/app/premium");
  const card = page.getByTestId("plan-card");
  await expect(card.getByRole("heading", { name: "Light" })).toBeVisible();
  const offer = page.getByTestId("switch-to-pro");
  await expect(offer.getByRole("heading", { name: "Passar para o Pro" })).toBeVisible();
  await expect(offer.getByText("Assistente IA", { exact: true })).toBeVisible();
  await expect(offer.getByText("Insights IA", { exact: true })).toBeVisible();

  // Opened at the plan change, as Stripe's portal is with flow_data.
  const portal = await opensTab(page, "Mudar para Pro");
  await portal.waitForURL(/\/dev\/stripe\/portal\/bps_/);
  await expect(portal.getByRole("heading", { name: "Mudar de plano" })).toBeVisible();
  await expect(portal.getByRole("button", { name: "Mudar para o plano Light" })).toHaveCount(0);
  await portal.getByRole("button", { name: "Mudar para o plano Pro" }).click();
  // The change made, the portal returns to Rumo, which the webhook has already told.
  await portal.waitForURL(/\/app\/premium$/);
  await expect(portal.getByTestId("plan-card").getByRole("heading", { name: "Pro" })).toBeVisible();

  await page.reload();
  await expect(card.getByRole("heading", { name: "Pro" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Gerir subscrição" })).toBeVisible();
  await expect(page.getByTestId("switch-to-pro")).toHaveCount(0);
});

test("a trial user who chose Light switches to Pro before Light starts: Pro starts then, nothing charged before", async ({ page }) => {
  const { day, subscription } = await payForLightInTrial(page, `sim-upgrade-trial-${Date.now()}@example.com`);

  // Still in the Pro trial, with Light to start when it ends: the move to Pro is offered.
  await page.goto("/app/premium");
  const offer = page.getByTestId("switch-to-pro");
  await expect(offer.getByRole("heading", { name: "Passar para o Pro" })).toBeVisible();
  await expect(offer.getByText(/Quando o teste terminar, começa o Pro em vez do Light; até lá não é cobrado nada\./)).toBeVisible();

  const portal = await opensTab(page, "Mudar para Pro");
  await portal.waitForURL(/\/dev\/stripe\/portal\/bps_/);
  await expect(portal.getByTestId("sim-status")).toHaveText("Estado: em teste");
  await portal.getByRole("button", { name: "Mudar para o plano Pro" }).click();
  await portal.waitForURL(/\/app\/premium$/);

  await page.reload();
  const card = page.getByTestId("plan-card");
  await expect(card.getByTestId("plan-card-next")).toHaveText(new RegExp(`^Escolheu o plano Pro: começa a ${day}, a 9,99\\s€/mês\\.`));
  await expect(page.getByTestId("switch-to-pro")).toHaveCount(0);
  expect((await (await page.request.get("/api/v1/me")).json()).subscription).toMatchObject({ paidTier: "pro", paidStartsAt: subscription.paidStartsAt, isTrialActive: true });
});

test("a failed renewal shows the payment-failed notice", async ({ page }) => {
  await payForPro(page, `sim-fail-${Date.now()}@example.com`);
  await page.goto("/app/premium");
  const portal = await opensTab(page, "Gerir subscrição");
  await portal.getByRole("button", { name: "Falhar a próxima renovação" }).click();
  await expect(portal.getByTestId("sim-status")).toHaveText("Estado: pagamento em atraso");

  await page.goto("/app/notificacoes");
  await expect(page.getByText("Pagamento falhou").first()).toBeVisible();
  await expect(page.getByText("Não foi possível cobrar 9,99 € da sua subscrição.", { exact: false }).first()).toBeVisible();
});

test("a declined card goes back to the cancel page and leaves the user on the trial", async ({ page }) => {
  await createUser(page.request, `sim-decline-${Date.now()}@example.com`, { toursDone: true });
  await page.goto("/app/premium");
  const checkout = await opensTab(page, "Continuar com o Pro");
  await checkout.waitForURL(/\/dev\/stripe\/checkout\//);
  await checkout.getByRole("button", { name: "Recusar" }).click();
  await checkout.waitForURL(/\/payment-cancel$/);
  await expect(checkout.getByRole("heading", { name: "Pagamento cancelado" })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("plan-card").getByRole("button", { name: "Continuar com o Pro" })).toBeVisible();
});
