import { devices, expect, test, type APIRequestContext } from "@playwright/test";
import { createUser, dismissCookieBanner, originOf, untilHydrated } from "./support";

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function createTasks(request: APIRequestContext, titles: string[]) {
  for (const title of titles) expect((await request.post("/api/v1/tasks", { headers: originOf(request), data: { title } })).status()).toBe(201);
}

test.describe("toasts on the desktop", () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieBanner(page);
    await createUser(page.request, uniqueEmail("toasts"), { toursDone: true });
  });

  test("'Tarefa eliminada / Anular' stands above the Feedback button, not over it", async ({ page }) => {
    await createTasks(page.request, ["Pagar a renda"]);
    await page.goto("/app/tarefas");
    await untilHydrated(page);
    await page.getByRole("button", { name: "Eliminar: Pagar a renda" }).click();
    const deleted = page.getByRole("status").filter({ hasText: "Tarefa eliminada" });
    await expect(deleted.getByRole("button", { name: "Anular" })).toBeVisible();
    const toast = (await deleted.boundingBox())!;
    const feedback = (await page.getByRole("button", { name: "Feedback" }).boundingBox())!;
    expect(toast.y + toast.height).toBeLessThanOrEqual(feedback.y);
  });
});

test.describe("toasts on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: devices["Pixel 7"].userAgent });

  test.beforeEach(async ({ page }) => {
    await dismissCookieBanner(page);
    await createUser(page.request, uniqueEmail("toasts-phone"), { toursDone: true });
  });

  test("three tasks completed in a row: a deck one toast high above the tab bar, spread by a tap", async ({ page }) => {
    const titles = ["Regar as plantas", "Ligar ao banco", "Pagar a renda"];
    await createTasks(page.request, titles);
    await page.goto("/app/tarefas");
    await untilHydrated(page);
    for (const title of titles) {
      await page.getByRole("checkbox", { name: `Marcar como concluída: ${title}` }).click();
      await expect(page.getByRole("checkbox", { name: `Marcar como concluída: ${title}` })).toHaveCount(0);
    }
    const toasts = page.getByRole("status").filter({ hasText: "Tarefa concluída" });
    await expect(toasts).toHaveCount(3);
    const toaster = page.getByTestId("toaster");
    const newest = (await toasts.last().boundingBox())!;
    const deck = (await toaster.boundingBox())!;
    // The newest whole; the two older ones only as edges above it (8 px each).
    expect(deck.height).toBeLessThanOrEqual(newest.height + 20);
    const tabs = (await page.getByRole("navigation", { name: "Navegação principal" }).last().boundingBox())!;
    expect(deck.y + deck.height).toBeLessThanOrEqual(tabs.y);
    // Only the newest toast's 'Anular' can be reached; a tap on the deck spreads it out.
    await expect(toasts.first().getByRole("button", { name: "Anular" })).toBeHidden();
    await toasts.last().getByText("Tarefa concluída").click();
    await expect(toasts.first().getByRole("button", { name: "Anular" })).toBeVisible();
    expect((await toaster.boundingBox())!.height).toBeGreaterThan(2 * newest.height);
  });
});
