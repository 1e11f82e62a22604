import { expect, test } from "@playwright/test";
import { createUser, dismissCookieBanner, lisbonDate, originOf, untilHydrated } from "./support";

test.describe("tasks", () => {
  test("quick add a task, 'Agendar' it onto the day timeline, complete it, delete it with undo", async ({ page, context }) => {
    // Sign-up, a build's first page and the 5-second undo window: more than the default 30 s.
    test.setTimeout(90_000);
    const request = context.request;
    await createUser(request, `e2e-tasks-${Date.now()}@example.com`, { toursDone: true });
    await dismissCookieBanner(page);
    await page.goto("/app/tarefas");
    await untilHydrated(page);
    await expect(page.getByText("Sem tarefas pendentes")).toBeVisible();
    await expect(page.getByText("Horário de trabalho: 09:00–18:00")).toBeVisible();

    // Every hour of every day becomes working time, so 'Agendar' finds a slot today whenever the test runs.
    await page.getByRole("button", { name: "Alterar horário" }).click();
    const hours = page.getByTestId("working-hours-form");
    await hours.getByLabel("Início").fill("00:00");
    await hours.getByLabel("Início").press("Tab");
    await hours.getByLabel("Fim").fill("23:59");
    await hours.getByLabel("Fim").press("Tab");
    await hours.getByRole("checkbox").nth(5).check();
    await hours.getByRole("checkbox").nth(6).check();
    await hours.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByText("Horário de trabalho: 00:00–23:59")).toBeVisible();

    // Quick add: Enter turns the sentence into a draft the user confirms.
    const quickAdd = page.getByLabel("Adição rápida");
    await quickAdd.fill("estudar inglês durante 45 minutos");
    await quickAdd.press("Enter");
    const form = page.getByTestId("task-form");
    await expect(form.getByRole("heading", { name: "Confirmar tarefa" })).toBeVisible();
    await expect(form.getByLabel("Título")).toHaveValue("Estudar inglês");
    await expect(form.getByLabel("Duração (minutos)")).toHaveValue("45");
    // No day said, no due date: the task is not overdue tomorrow, and 'Agendar' places it in the first
    // free slot, today or, near midnight, tomorrow.
    await expect(form.getByRole("textbox", { name: "Data limite" })).toHaveValue("");
    await form.getByRole("button", { name: "Criar tarefa" }).click();
    await expect(form).toBeHidden();

    const pending = page.getByTestId("pending-list");
    const item = pending.getByTestId("task-item").filter({ hasText: "Estudar inglês" });
    await expect(item).toBeVisible();

    // 'Agendar' places it in the first free slot; the day timeline shows it with its times.
    await item.getByRole("button", { name: "Agendar" }).click();
    await expect(page.getByText(/Agendada para/)).toBeVisible();
    const timeline = page.getByTestId("day-timeline");
    const scheduled = timeline.getByTestId("task-item").filter({ hasText: "Estudar inglês" });
    await expect(scheduled).toBeVisible();
    await expect(scheduled).toContainText(/\d{2}:\d{2}–\d{2}:\d{2}/);
    // The timeline moves to the day it was placed on: today, unless the test runs near midnight.
    const [placed] = (await (await request.get("/api/v1/tasks")).json()).items as { scheduledStart: string }[];
    const placedDay = lisbonDate(placed.scheduledStart);
    if (placedDay === lisbonDate()) await expect(timeline.getByRole("heading", { level: 2 })).toContainText("Hoje");
    else await expect(page).toHaveURL(new RegExp(`date=${placedDay}`));
    await page.screenshot({ path: "test-results/tasks-desktop.png", fullPage: true });

    // Complete: it leaves the pending list and shows as done on the timeline.
    // The box follows the server's answer (a recurring task answers with its next one), so click, then look.
    const toastOf = (title: string) => page.getByRole("status").filter({ hasText: title });
    await scheduled.getByRole("checkbox", { name: "Marcar como concluída" }).click();
    await expect(toastOf("Tarefa concluída")).toBeVisible();
    await expect(pending.getByTestId("task-item")).toHaveCount(0);
    await expect(scheduled.getByRole("checkbox", { name: "Marcar como por fazer" })).toBeChecked();
    // A slip of the finger: the toast's 'Anular' makes it a task to do again.
    await toastOf("Tarefa concluída").getByRole("button", { name: "Anular" }).click();
    await expect(pending.getByTestId("task-item")).toHaveCount(1);
    await expect(scheduled.getByRole("checkbox", { name: "Marcar como concluída" })).not.toBeChecked();
    await scheduled.getByRole("checkbox", { name: "Marcar como concluída" }).click();
    await expect(pending.getByTestId("task-item")).toHaveCount(0);
    await expect(scheduled.getByRole("checkbox", { name: "Marcar como por fazer" })).toBeChecked();

    // Delete with undo: 'Anular' brings it back; without it the DELETE is sent after the window.
    await scheduled.getByRole("button", { name: "Eliminar: Estudar inglês" }).click();
    await expect(scheduled).toBeHidden();
    await toastOf("Tarefa eliminada").getByRole("button", { name: "Anular" }).click();
    await expect(scheduled).toBeVisible();
    await scheduled.getByRole("button", { name: "Eliminar: Estudar inglês" }).click();
    await expect(scheduled).toBeHidden();
    await expect.poll(async () => (await (await request.get("/api/v1/tasks")).json()).items.length, { timeout: 10_000 }).toBe(0);
    await page.reload();
    await untilHydrated(page);
    await expect(page.getByText("Nada agendado neste dia")).toBeVisible();
  });

  test("the create form keeps what was typed and shows the title error next to the field", async ({ page, context }) => {
    await createUser(context.request, `e2e-tasks-form-${Date.now()}@example.com`, { toursDone: true });
    await dismissCookieBanner(page);
    await page.goto("/app/tarefas");
    await untilHydrated(page);
    await page.getByRole("button", { name: "Nova tarefa" }).first().click();
    const form = page.getByTestId("task-form");
    await form.getByLabel("Descrição").fill("Levar os documentos");
    await form.getByRole("button", { name: "Criar tarefa" }).click();
    await expect(form.getByText("O título da tarefa é obrigatório")).toBeVisible();
    await expect(form.getByLabel("Descrição")).toHaveValue("Levar os documentos");
    await form.getByLabel("Título").fill("Ir ao banco");
    await form.getByLabel("Prioridade").selectOption("high");
    await form.getByRole("button", { name: "Criar tarefa" }).click();
    const item = page.getByTestId("pending-list").getByTestId("task-item").filter({ hasText: "Ir ao banco" });
    await expect(item).toContainText("Alta");
  });

  test("on a phone the screen fits the width, with the quick add, the timeline and the pending list stacked", async ({ page, context }) => {
    const request = context.request;
    await createUser(request, `e2e-tasks-phone-${Date.now()}@example.com`, { toursDone: true });
    const today = lisbonDate();
    for (const [title, priority, dueDate] of [["Pagar a renda da casa do mês de dezembro", "high", "2026-01-05"], ["Comprar pão", "low", null], ["Ligar à avó", "medium", today]] as const) {
      const created = await request.post("/api/v1/tasks", { headers: originOf(request), data: { title, priority, dueDate, durationMinutes: 30 } });
      expect(created.status()).toBe(201);
    }
    await page.setViewportSize({ width: 375, height: 800 });
    await dismissCookieBanner(page);
    await page.goto("/app/tarefas");
    await untilHydrated(page);
    const items = page.getByTestId("pending-list").getByTestId("task-item");
    await expect(items).toHaveCount(3);
    // The overdue task stands out; one due today says so in words.
    await expect(items.first().getByTestId("overdue")).toContainText("Atrasada");
    await expect(items.filter({ hasText: "Ligar à avó" }).getByTestId("due")).toHaveText("Até hoje");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const quickAdd = await page.getByTestId("quick-add").boundingBox();
    const timeline = await page.getByTestId("day-timeline").boundingBox();
    const pending = await page.getByTestId("pending-list").boundingBox();
    expect(quickAdd!.y < timeline!.y && timeline!.y < pending!.y).toBe(true);
    await page.screenshot({ path: "test-results/tasks-phone.png", fullPage: true });
  });

  test("after a quick add's draft is confirmed, the focus is back in the quick add for the next task", async ({ page, context }) => {
    test.setTimeout(60_000);
    await createUser(context.request, `e2e-tasks-quick-focus-${Date.now()}@example.com`, { toursDone: true });
    await dismissCookieBanner(page);
    await page.goto("/app/tarefas");
    await untilHydrated(page);
    const quickAdd = page.getByLabel("Adição rápida");
    await quickAdd.fill("amanhã às 15h reunião com a Ana");
    await quickAdd.press("Enter");
    const form = page.getByTestId("task-form");
    await expect(form.getByRole("heading", { name: "Confirmar tarefa" })).toBeVisible();
    await form.getByRole("button", { name: "Criar tarefa" }).click();
    await expect(form).toHaveCount(0);
    // A task for tomorrow moves the screen to tomorrow; the box is emptied and keeps the focus.
    await expect(quickAdd).toHaveValue("");
    await expect(quickAdd).toBeFocused();
    await page.waitForTimeout(500);
    await expect(quickAdd).toBeFocused();
  });

  test("when the module's tour ends, the focus goes to the page's heading, not to the page", async ({ page, context }) => {
    test.setTimeout(60_000);
    await createUser(context.request, `e2e-tasks-tour-focus-${Date.now()}@example.com`);
    await dismissCookieBanner(page);
    await page.goto("/app/tarefas");
    await untilHydrated(page);
    const tour = page.getByTestId("tour");
    await expect(tour).toContainText("Tarefas");
    await tour.getByRole("button", { name: "Pular" }).click();
    await expect(tour).toHaveCount(0);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toBeFocused();
    // A click closed it: no focus ring on the heading for a mouse user (:focus-visible after keys only).
    expect(await heading.evaluate((h) => h.matches(":focus-visible"))).toBe(false);
  });

  test("a task with steps: created with them, one ticked from the row, kept after a reload with its count (decision 0114)", async ({ page, context }) => {
    test.setTimeout(90_000);
    await createUser(context.request, `e2e-task-steps-${Date.now()}@example.com`, { toursDone: true });
    await dismissCookieBanner(page);
    await page.goto("/app/tarefas");
    await untilHydrated(page);

    await page.getByRole("button", { name: "Nova tarefa" }).first().click();
    const form = page.getByTestId("task-form");
    await form.getByLabel("Título").fill("Preparar viagem");
    // Typed as a list: Enter in a step opens the next one (and does not submit the form).
    await form.getByRole("button", { name: "Adicionar passo" }).click();
    for (const [n, text] of [["1", "Reservar hotel"], ["2", "Comprar bilhetes"], ["3", "Fazer mala"]]) {
      await expect(form.getByLabel(`Passo ${n}`, { exact: true })).toBeFocused();
      await page.keyboard.type(text);
      if (n !== "3") await page.keyboard.press("Enter");
    }
    await expect(form).toBeVisible();
    await form.getByRole("button", { name: "Criar tarefa" }).click();
    await expect(form).toBeHidden();

    const row = () => page.getByTestId("pending-list").getByTestId("task-item").filter({ hasText: "Preparar viagem" });
    const count = () => row().getByRole("button", { name: /^Passos de «Preparar viagem»/ });
    await expect(count()).toHaveText("0 de 3 passos");
    await count().click();
    await expect(count()).toHaveAttribute("aria-expanded", "true");
    await row().getByRole("checkbox", { name: "Comprar bilhetes" }).check();
    await expect(count()).toHaveText("1 de 3 passos");
    // The task itself is not done by its steps.
    await expect(row().getByRole("checkbox", { name: "Marcar como concluída: Preparar viagem" })).not.toBeChecked();

    // Stored: after a reload the count and the tick are still there.
    await page.reload();
    await untilHydrated(page);
    await expect(count()).toHaveText("1 de 3 passos");
    await count().click();
    await expect(row().getByRole("checkbox", { name: "Comprar bilhetes" })).toBeChecked();
    await expect(row().getByRole("checkbox", { name: "Reservar hotel" })).not.toBeChecked();
    await expect(row().getByRole("checkbox", { name: "Fazer mala" })).not.toBeChecked();
  });
});
