import { expect, test } from "@playwright/test";
import { createUser, dismissCookieBanner, originOf, untilHydrated } from "./support";

test.describe("global search", () => {
  test("Ctrl+K, part of a word typed without its accent, Enter opens that task", async ({ page, context }) => {
    test.setTimeout(90_000);
    const request = context.request;
    await createUser(request, `e2e-search-${Date.now()}@example.com`, { toursDone: true });
    const headers = originOf(request);
    const created = await request.post("/api/v1/tasks", { headers, data: { title: "Consulta no podólogo", description: "Levar os exames" } });
    expect(created.status()).toBe(201);
    const { task } = await created.json();
    await request.post("/api/v1/tasks", { headers, data: { title: "Comprar pão" } });

    await dismissCookieBanner(page);
    await page.goto("/app/meu-impacto");
    await untilHydrated(page);
    await page.keyboard.press("Control+k");
    const dialog = page.getByRole("dialog");
    const input = dialog.getByRole("combobox");
    await expect(input).toBeFocused();
    await input.fill("podolo");

    const option = dialog.getByRole("option", { name: /Consulta no podólogo/ });
    await expect(option).toBeVisible();
    await expect(option).toHaveAttribute("aria-selected", "true");
    await expect(dialog.getByRole("group", { name: "Tarefas" })).toBeVisible();
    await expect(dialog.getByRole("option")).toHaveCount(1);

    await input.press("Enter");
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/app/tarefas\\?task=${task.id}$`));
    await expect(page.getByTestId("task-item").filter({ hasText: "Consulta no podólogo" })).toHaveClass(/ring-2/);

    // The query went to the recent searches; a search with no match says so; Escape closes.
    await page.keyboard.press("Control+k");
    await expect(dialog.getByRole("button", { name: "podolo" })).toBeVisible();
    await input.fill("xyzzy");
    await expect(dialog.getByText("Nenhum resultado encontrado")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  });
});
