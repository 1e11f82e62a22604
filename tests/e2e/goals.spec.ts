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
    // The card moves it at once and saves after: the reload waits for the save, or it cancels it.
    const saved = page.waitForResponse((r) => /\/api\/v1\/goals\/[^/]+\/milestones\//.test(r.url()) && r.request().method() === "PATCH");
    await card.getByRole("button", { name: "Subir o marco Correr 12 km" }).click();
    await expect(card.getByTestId("goal-milestone").first()).toContainText("Correr 12 km");
    expect((await saved).ok()).toBe(true);
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
  test("after 'Criar objetivo' from the empty state, the focus goes to the new goal's card, not to the page", async ({ page, context }) => {
    test.setTimeout(60_000);
    await dismissCookieBanner(page);
    await createUser(context.request, `e2e-goals-create-focus-${Date.now()}@example.com`, { toursDone: true });
    await page.goto("/app/objetivos");
    await untilHydrated(page);
    // The empty state's own 'Novo objetivo' (the header has another): it goes with the empty state.
    const opener = page.getByRole("button", { name: "Novo objetivo" }).nth(1);
    await opener.focus();
    await page.keyboard.press("Enter");
    const form = page.getByTestId("goal-form");
    await form.getByLabel("Título").fill("Ler doze livros");
    await form.getByRole("button", { name: "Criar objetivo" }).click();
    await expect(form).toHaveCount(0);
    const card = page.getByTestId("goal-card").filter({ hasText: "Ler doze livros" });
    await expect(card.getByRole("heading", { name: "Ler doze livros" })).toBeFocused();
    // And it stays there (no later hand-back moves it to the page).
    await page.waitForTimeout(500);
    await expect(card.getByRole("heading", { name: "Ler doze livros" })).toBeFocused();
    // The header's 'Novo objetivo' is still there after a create: it gets the focus back, as any dialog's opener.
    const header = page.getByRole("button", { name: "Novo objetivo" });
    await header.focus();
    await page.keyboard.press("Enter");
    await form.getByLabel("Título").fill("Aprender a tocar guitarra");
    await form.getByRole("button", { name: "Criar objetivo" }).click();
    await expect(form).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Aprender a tocar guitarra" })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(header).toBeFocused();
  });

  test("on a phone, when the goals tour ends with 'Concluir', the focus goes to the page's heading", async ({ page, context }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await dismissCookieBanner(page);
    await createUser(context.request, `e2e-goals-tour-focus-${Date.now()}@example.com`);
    await page.goto("/app/objetivos");
    await untilHydrated(page);
    const tour = page.getByTestId("tour");
    await expect(tour).toBeVisible();
    await expect(tour.getByRole("button", { name: "Seguinte" })).toBeFocused();
    // By keyboard: Enter on 'Seguinte' until the last step's 'Concluir'.
    while (await tour.getByRole("button", { name: "Seguinte" }).count()) await page.keyboard.press("Enter");
    await expect(tour.getByRole("button", { name: "Concluir" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(tour).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "Objetivos" })).toBeFocused();
  });
});
