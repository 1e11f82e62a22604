import { expect, test } from "@playwright/test";
import { createUser, dismissCookieBanner, lisbonDate, originOf, untilHydrated } from "./support";

type Task = { id: string; title: string; scheduledStart: string | null };

const lisbonMinutes = (instant: string) => {
  const [h, m] = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Lisbon", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(instant)).split(":");
  return Number(h) * 60 + Number(m);
};

test.describe("tasks on the calendar", () => {
  test("quick add a task, 'Agendar' it, see it in the calendar's week view and move it by drag", async ({ page, context }) => {
    test.setTimeout(120_000);
    const request = context.request;
    await createUser(request, `e2e-planner-${Date.now()}@example.com`, { toursDone: true });
    // Every hour of every day is working time, so 'Agendar' finds a slot whenever the test runs.
    const hours = await request.patch("/api/v1/me", { headers: originOf(request), data: { preferences: { workingHours: { start: "00:00", end: "23:59", days: [1, 2, 3, 4, 5, 6, 7] } } } });
    expect(hours.status()).toBe(200);
    await dismissCookieBanner(page);

    await page.goto("/app/tarefas");
    await untilHydrated(page);
    const quickAdd = page.getByLabel("Adição rápida");
    await quickAdd.fill("rever relatório durante 30 minutos");
    await quickAdd.press("Enter");
    const form = page.getByTestId("task-form");
    await expect(form.getByLabel("Título")).toHaveValue("Rever relatório");
    // A sentence that names no day leaves the task undated, so 'Agendar' finds a slot even late at night.
    await expect(form.getByRole("textbox", { name: "Data limite" })).toHaveValue("");
    await form.getByRole("button", { name: "Criar tarefa" }).click();
    await expect(form).toBeHidden();
    const item = page.getByTestId("pending-list").getByTestId("task-item").filter({ hasText: "Rever relatório" });
    await item.getByRole("button", { name: "Agendar" }).click();
    await expect(page.getByText(/Agendada para/)).toBeVisible();

    const tasks = async (): Promise<Task[]> => (await (await request.get("/api/v1/tasks")).json()).items;
    const placed = (await tasks()).find((t) => t.title === "Rever relatório")!;
    expect(placed.scheduledStart).toBeTruthy();
    const start = placed.scheduledStart!;

    // The calendar's week of that day shows the scheduled task beside the events.
    await page.goto(`/app/calendario?view=week&date=${lisbonDate(start)}`);
    await untilHydrated(page);
    const block = page.getByTestId("time-grid").getByTestId("calendar-item").filter({ hasText: "Rever relatório" });
    await expect(block).toHaveCount(1);

    // Drag it an hour (48 px) down, or up when it sits late in the evening.
    const direction = lisbonMinutes(start) < 22 * 60 ? 1 : -1;
    // To the middle of the screen, not just into view: the floating Feedback button covers the
    // bottom right corner, where Sunday's column ends.
    await block.evaluate((element) => element.scrollIntoView({ block: "center", behavior: "instant" }));
    const box = (await block.boundingBox())!;
    const grabbed = await block.evaluate((element, [x, y]) => element.contains(document.elementFromPoint(x, y)), [box.x + box.width / 2, box.y + 6]);
    expect(grabbed, "the block is not under the pointer").toBe(true);
    await page.mouse.move(box.x + box.width / 2, box.y + 6);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + 6 + direction * 24, { steps: 5 });
    await page.mouse.move(box.x + box.width / 2, box.y + 6 + direction * 48, { steps: 5 });
    await page.mouse.up();
    await expect(page.getByText("Tarefa movida")).toBeVisible();

    await expect
      .poll(async () => {
        const moved = (await tasks()).find((t) => t.id === placed.id)!;
        return (Date.parse(moved.scheduledStart!) - Date.parse(start)) / 60_000;
      })
      .toBe(direction * 60);
  });
});

test.describe("Perfil → Preferências", () => {
  test("working hours and the AI opt-in for personal data are set there and kept", async ({ page, context }) => {
    test.setTimeout(90_000);
    await createUser(context.request, `e2e-prefs-${Date.now()}@example.com`, { toursDone: true });
    await dismissCookieBanner(page);
    await page.goto("/app/perfil");
    await untilHydrated(page);
    await page.getByRole("tab", { name: "Preferências" }).click();
    const setting = page.getByTestId("working-hours-setting");
    await expect(setting).toContainText("09:00–18:00");
    await setting.getByRole("button", { name: "Alterar horário" }).click();
    const hours = page.getByTestId("working-hours-form");
    await hours.getByLabel("Início").fill("08:30");
    await hours.getByLabel("Fim").fill("16:00");
    // Enter in the time field saves what was just typed (the kit commits before submitting).
    await hours.getByLabel("Fim").press("Enter");
    await expect(hours).toBeHidden();
    await expect(setting).toContainText("08:30–16:00");

    const ai = page.getByRole("switch", { name: "Usar o diário e o ciclo com IA" });
    await expect(ai).not.toBeChecked();
    await ai.click();
    await expect(ai).toBeChecked();
    await page.reload();
    await untilHydrated(page);
    await page.getByRole("tab", { name: "Preferências" }).click();
    await expect(page.getByRole("switch", { name: "Usar o diário e o ciclo com IA" })).toBeChecked();
    await expect(page.getByTestId("working-hours-setting")).toContainText("08:30–16:00");
  });
});
