import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { createUser, dismissCookieBanner, untilHydrated } from "./support";

test.describe("assistant", () => {
  test("ask for a task, confirm the draft, and find it in Tarefas", async ({ page, context }) => {
    test.setTimeout(60_000);
    await dismissCookieBanner(page);
    await createUser(context.request, `e2e-assistant-${Date.now()}@example.com`, { toursDone: true });
    await page.goto("/app/assistente-ia");
    await untilHydrated(page);
    await expect(page.getByRole("heading", { name: "Ainda não há conversa" })).toBeVisible();

    const input = page.getByTestId("assistant-input");
    // Shift+Enter adds a line; Enter sends.
    await input.fill("lembra-me de ligar à mãe");
    await input.press("Shift+Enter");
    await expect(input).toHaveValue("lembra-me de ligar à mãe\n");
    await input.fill("lembra-me de ligar à mãe amanhã");
    await input.press("Enter");

    const card = page.getByTestId("draft-card");
    await expect(card).toBeVisible();
    await expect(card).toContainText("Ligar à mãe");
    await expect(page.getByTestId("message-assistant")).toContainText("Confirme para a guardar");

    const axe = await new AxeBuilder({ page }).exclude('[data-testid="cookie-banner"]').analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    await card.getByTestId("draft-confirm").click();
    await expect(card.getByTestId("draft-status")).toContainText("Guardado");

    await page.goto("/app/tarefas");
    await untilHydrated(page);
    await expect(page.getByText("Ligar à mãe").first()).toBeVisible();

    // The history is kept, and can be cleared after a confirmation.
    await page.goto("/app/assistant");
    await untilHydrated(page);
    await expect(page.getByTestId("message-user")).toContainText("lembra-me de ligar à mãe amanhã");
    await page.getByRole("button", { name: "Limpar histórico" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Limpar", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Ainda não há conversa" })).toBeVisible();
  });

  test("with 'Ocultar valores' on, amounts in the conversation are masked (and said as 'Valor oculto')", async ({ page, context }) => {
    test.setTimeout(60_000);
    await dismissCookieBanner(page);
    await createUser(context.request, `e2e-assistant-hidden-${Date.now()}@example.com`, { toursDone: true });
    await page.goto("/app/assistente-ia");
    await untilHydrated(page);
    const input = page.getByTestId("assistant-input");
    await input.fill("quanto gastei este mês?");
    await input.press("Enter");
    const reply = page.getByTestId("message-assistant").last();
    await expect(reply).toContainText("Gastou 0,00");
    await expect(reply).toContainText("este mês");

    const origin = new URL(page.url()).origin;
    expect((await context.request.patch("/api/v1/me", { headers: { origin }, data: { preferences: { hideFinanceValues: true } } })).status()).toBe(200);
    // The stored conversation, reloaded: the same answer with its amount hidden.
    await page.reload();
    await untilHydrated(page);
    await expect(reply).toContainText("este mês");
    await expect(reply).not.toContainText("0,00");
    await expect(reply.locator('[aria-hidden="true"]').first()).toHaveText("•••••");
    await expect(reply.locator(".sr-only", { hasText: "Valor oculto" })).toHaveCount(1);
    // A new answer is masked as it arrives.
    await input.fill("quanto gastei esta semana?");
    await input.press("Enter");
    const second = page.getByTestId("message-assistant").last();
    await expect(second).toContainText("esta semana");
    await expect(second).not.toContainText("0,00");
  });
});
