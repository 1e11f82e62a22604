import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { createUser, dismissCookieBanner, originOf, untilHydrated } from "./support";

test.describe("goals", () => {
  test("keeps the focus on the card's 'Concluir' / 'Reabrir' button, which is disabled while the change is sent", async ({ page, context }) => {
    test.setTimeout(60_000);
    await dismissCookieBanner(page);
    await createUser(context.request, `e2e-goals-focus-${Date.now()}@example.com`, { toursDone: true });
    await context.request.post("/api/v1/goals", { headers: originOf(context.request), data: { title: "Aprender a nadar" } });
    await page.goto("/app/objetivos");
    await untilHydrated(page);
    const card = page.getByTestId("goal-card").filter({ hasText: "Aprender a nadar" });
    await card.getByRole("button", { name: "Concluir" }).focus();
    await page.keyboard.press("Enter");
    await expect(card.getByTestId("goal-status")).toHaveText("Concluído");
    await expect(card.getByRole("button", { name: "Reabrir" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(card.getByTestId("goal-status")).not.toHaveText("Concluído");
    await expect(card.getByRole("button", { name: "Concluir" })).toBeFocused();
  });

  test("create a goal, add milestones, complete it and see the goal_progress notification", async ({ page, context }) => {
    // Sign-up, a dozen API round trips and the realtime bell: slow on a shared machine.
    test.setTimeout(60_000);
    await dismissCookieBanner(page);
    await createUser(context.request, `e2e-goals-${Date.now()}@example.com`, { toursDone: true });
    await page.goto("/app/objetivos");
    await untilHydrated(page);
    await expect(page.getByRole("heading", { name: "Ainda não tem objetivos" })).toBeVisible();

    await page.getByRole("button", { name: "Novo objetivo" }).first().click();
    const form = page.getByTestId("goal-form");
    // The API's field message shows next to the field and the dialog keeps what was typed.
    await form.getByLabel("Descrição").fill("Em abril, em Lisboa");
    await form.getByRole("button", { name: "Criar objetivo" }).click();
    await expect(form.getByText("O título do objetivo é obrigatório").first()).toBeVisible();
    await expect(form.getByLabel("Descrição")).toHaveValue("Em abril, em Lisboa");
    await form.getByLabel("Título").fill("Correr uma meia maratona");
    await form.getByRole("button", { name: "Criar objetivo" }).click();
    await expect(form).toHaveCount(0);

    const card = page.getByTestId("goal-card").filter({ hasText: "Correr uma meia maratona" });
    await expect(card.getByTestId("goal-status")).toHaveText("Pendente");
    const milestone = card.getByLabel("Título do novo marco");
    await milestone.fill("Correr 10 km");
    await milestone.press("Enter");
    await expect(card.getByText("0 de 1 marco")).toBeVisible();
    await milestone.fill("Correr 15 km");
    await milestone.press("Enter");
    await expect(card.getByText("0 de 2 marcos")).toBeVisible();

    // Rename in place (Enter saves) and reorder; the order survives a reload.
    await card.getByRole("button", { name: "Mudar o nome do marco Correr 15 km" }).click();
    const rename = card.getByLabel("Novo nome do marco Correr 15 km");
    await rename.fill("Correr 12 km");
    await rename.press("Enter");
    await expect(card.getByRole("checkbox", { name: "Correr 12 km" })).toBeVisible();
    await card.getByRole("button", { name: "Subir o marco Correr 12 km" }).click();
    await expect(card.getByTestId("goal-milestone").first()).toContainText("Correr 12 km");
    await page.reload();
    await untilHydrated(page);
    await expect(card.getByTestId("goal-milestone").first()).toContainText("Correr 12 km");
    await expect(card.getByTestId("goal-milestone").nth(1)).toContainText("Correr 10 km");

    await card.getByRole("checkbox", { name: "Correr 10 km" }).check();
    await expect(card.getByTestId("goal-progress")).toHaveText("50%");
    await expect(card.getByTestId("goal-status")).toHaveText("Em progresso");

    await card.getByRole("checkbox", { name: "Correr 12 km" }).check();
    await expect(card.getByTestId("goal-progress")).toHaveText("100%");
    await expect(card.getByTestId("goal-status")).toHaveText("Concluído");
    await expect(card.getByRole("button", { name: "Reabrir" })).toBeVisible();

    const axe = await new AxeBuilder({ page }).exclude('[data-testid="cookie-banner"]').analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

    // The completion arrives in the bell in real time.
    await page.getByRole("button", { name: /Notificações, \d+ por ler/ }).click();
    await expect(page.getByRole("tabpanel").getByText("Objetivo concluído!")).toBeVisible();
    await expect(page.getByRole("tabpanel").getByText("Concluiu «Correr uma meia maratona». Parabéns pelo caminho percorrido!")).toBeVisible();
  });

  test("on a phone: complete with the button, filter by status, open a search result, and delete with undo", async ({ page, context }) => {
    // It waits out the undo window (5 s) besides its own steps.
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await dismissCookieBanner(page);
    const request = context.request;
    await createUser(request, `e2e-goals-undo-${Date.now()}@example.com`, { toursDone: true });
    const ids: string[] = [];
    for (const body of [{ title: "Ler 12 livros", progress: 40 }, { title: "Aprender a nadar", deadline: "2020-01-10" }]) {
      const created = await request.post("/api/v1/goals", { headers: originOf(request), data: body });
      expect(created.status()).toBe(201);
      ids.push((await created.json()).id);
    }
    // A search result's link shows its goal even under a filter that would hide it.
    await page.goto(`/app/objetivos?status=completed&goal=${ids[1]}`);
    await expect(page.getByTestId("goal-card")).toHaveCount(1);
    await expect(page.getByTestId("goal-card")).toContainText("Aprender a nadar");

    await page.goto("/app/objetivos");
    await untilHydrated(page);

    const swim = page.getByTestId("goal-card").filter({ hasText: "Aprender a nadar" });
    await expect(swim.getByText("Atrasado")).toBeVisible();
    const books = page.getByTestId("goal-card").filter({ hasText: "Ler 12 livros" });
    await books.getByRole("button", { name: "Aumentar progresso 10%" }).click();
    await expect(books.getByTestId("goal-progress")).toHaveText("50%");
    await books.getByRole("button", { name: "Concluir" }).click();
    await expect(books.getByTestId("goal-status")).toHaveText("Concluído");

    await page.getByRole("link", { name: "Concluídos" }).click();
    await expect(page).toHaveURL(/status=completed/);
    await expect(page.getByTestId("goal-card")).toHaveCount(1);
    await page.getByRole("link", { name: "Todos" }).click();
    await expect(page.getByTestId("goal-card")).toHaveCount(2);

    await swim.getByRole("button", { name: "Eliminar" }).click();
    await expect(page.getByTestId("goal-card")).toHaveCount(1);
    await page.getByRole("button", { name: "Anular" }).click();
    await expect(swim).toBeVisible();
    await swim.getByRole("button", { name: "Eliminar" }).click();
    await expect(page.getByTestId("goal-card")).toHaveCount(1);
    // After the undo window the DELETE has been sent: a reload does not bring it back.
    await expect.poll(async () => (await (await request.get("/api/v1/goals")).json()).items.length, { timeout: 10_000 }).toBe(1);
    await page.reload();
    await expect(page.getByTestId("goal-card")).toHaveCount(1);
  });
});
