import { expect, test, type APIRequestContext } from "@playwright/test";
import { createUser } from "./support";

const port = Number(process.env.E2E_PORT ?? 8790);
const origin = `http://localhost:${port}`;

/** A confirmed, onboarded account signed in on the page's request context. */
const signUpAndSignIn = (request: APIRequestContext, email: string) => createUser(request, email, { fullName: "Rita Faria" });

test.describe("Premium screen", () => {
  test("a trial user sees the Pro trial and the 'continue with Pro' action, with nothing locked", async ({ page }) => {
    await signUpAndSignIn(page.request, `trial-${Date.now()}@example.com`);
    await page.goto("/app/premium");
    const card = page.getByTestId("plan-card");
    await expect(card.getByRole("heading", { name: "Pro" })).toBeVisible();
    await expect(card.getByText(/Teste Pro ativo até/)).toBeVisible();
    await expect(card.getByRole("button", { name: "Continuar com o Pro" })).toBeVisible();
    await expect(page.getByTestId("pro-lock")).toHaveCount(0);
    // The plans with the prices of DECISIONS.md, Pro against its crossed-out price.
    const light = page.getByRole("listitem").filter({ has: page.getByRole("button", { name: "Escolher Light" }) });
    const pro = page.getByRole("listitem").filter({ has: page.getByRole("button", { name: "Escolher Pro" }) });
    await expect(light.getByText("5,99 €", { exact: true })).toBeVisible();
    await expect(pro.getByText("9,99 €", { exact: true })).toBeVisible();
    await expect(pro.locator("s")).toHaveText("19,99 €");
  });

  test("a Free user after the trial sees the PRO locks, the premium notice and the Upgrade action", async ({ page }) => {
    const email = `free-${Date.now()}@example.com`;
    await signUpAndSignIn(page.request, email);
    await page.request.post("/api/dev/billing/trial", { headers: { origin }, data: { email, endsAt: new Date(Date.now() - 60_000).toISOString() } });
    await page.goto("/app/premium");
    const card = page.getByTestId("plan-card");
    await expect(card.getByRole("heading", { name: "Gratuito" })).toBeVisible();
    await expect(card.getByText("O seu teste Pro terminou")).toBeVisible();
    await expect(card.getByRole("button", { name: "Upgrade" })).toBeVisible();
    await expect(page.getByText("Funcionalidade Premium - disponível apenas para utilizadores Premium")).toBeVisible();
    await expect(page.getByRole("note").getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/app/premium");
    // Diary, self-care, weekly reports, calendar sync, advanced finances, assistant and AI insights.
    await expect(page.getByTestId("pro-lock")).toHaveCount(8);
    await expect(page.getByRole("listitem").filter({ hasText: "Assistente IA" }).getByTestId("pro-lock")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Tarefas" }).getByTestId("pro-lock")).toHaveCount(0);
  });

  test("a coupon is checked with the specification's outcomes", async ({ page }) => {
    await signUpAndSignIn(page.request, `coupon-${Date.now()}@example.com`);
    await page.goto("/app/premium");
    await page.getByLabel("Cupão").fill("NAOEXISTE");
    await page.getByRole("button", { name: "Aplicar" }).click();
    await expect(page.getByRole("alert")).toHaveText("Cupão inválido");
  });

  test("visitors are sent to sign in", async ({ page }) => {
    const response = await page.request.get("/app/premium", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/auth?next=%2Fapp%2Fpremium");
  });
});
