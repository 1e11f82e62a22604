import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { createUser, dismissCookieBanner, lisbonDay, originOf, PASSWORD, untilHydrated } from "./support";

/**
 * The offline write queue beyond tasks and transactions (issue 18 part A, docs/decisions/
 * 0044-offline-queue-rules.md): diary entries and routine check-ins, a task created and then
 * completed offline, and a sign-out with changes still waiting.
 */

/** Until the service worker controls the page and the user's cache holds these screens. */
async function untilCached(page: Page, paths: readonly string[]) {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 60_000 }).toBe(true);
  await expect
    .poll(
      () =>
        page.evaluate(async (wanted) => {
          for (const name of await caches.keys()) {
            if (!name.startsWith("rumo-user-")) continue;
            const cache = await caches.open(name);
            const stored = await Promise.all(wanted.map((path) => cache.match(location.origin + path)));
            if (stored.every(Boolean)) return true;
          }
          return false;
        }, paths),
      { timeout: 60_000 },
    )
    .toBe(true);
}

/** The rows of the queue's IndexedDB (app/lib/offline/idb-store.ts), whoever they belong to. */
const queuedRows = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ userId: string; label: string; body: Record<string, unknown> }[]>((resolve, reject) => {
        const open = indexedDB.open("rumo-offline");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("changes")) return resolve([]);
          const all = db.transaction("changes").objectStore("changes").getAll();
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => reject(all.error);
        };
      }),
  );

const tasksTitled = async (request: APIRequestContext, prefix: string) =>
  ((await (await request.get("/api/v1/tasks?limit=200")).json()).items as { title: string; status: string; steps: { text: string; done: boolean }[] }[]).filter((task) => task.title.startsWith(prefix));

/** A new user signed in on the page's browser context, its tours done and the cookie banner dismissed. */
async function signUp(page: Page, label: string) {
  const email = `e2e-offline-${label}-${Date.now()}@example.com`;
  await createUser(page.request, email, { toursDone: true });
  await dismissCookieBanner(page);
  return email;
}

async function newTaskOffline(page: Page, title: string) {
  await page.getByRole("button", { name: "Nova tarefa" }).first().click();
  const form = page.getByTestId("task-form");
  await form.getByLabel("Título").fill(title);
  await form.getByRole("button", { name: "Criar tarefa" }).click();
  await expect(form).toBeHidden();
}

/** A new user on the tasks screen, kept by the offline cache, then offline and reloaded from it. */
async function tasksOffline(page: Page, context: BrowserContext, label: string) {
  await signUp(page, label);
  await page.goto("/app/tarefas");
  await untilHydrated(page);
  await untilCached(page, ["/app/tarefas", "/app/tarefas.data"]);
  await context.setOffline(true);
  await page.reload();
  await untilHydrated(page);
}

test.describe("offline writes", () => {
  test("an event created and one renamed offline in the calendar are drawn at once, and each is saved once when back online", async ({ page, context }) => {
    test.setTimeout(180_000);
    const request = context.request;
    await signUp(page, "event");
    await page.setViewportSize({ width: 1280, height: 900 });
    const existing = await request.post("/api/v1/events", { headers: originOf(request), data: { title: "Reunião de equipa", start: "2026-12-08T10:00:00Z", end: "2026-12-08T11:00:00Z", timeZone: "Europe/Lisbon" } });
    expect(existing.status()).toBe(201);
    const eventsTitled = async (prefix: string) =>
      ((await (await request.get("/api/v1/events?from=2026-12-07&to=2026-12-13")).json()).items as { title: string }[]).filter((event) => event.title.startsWith(prefix));

    // Monday 7 December 2026, in the week view: the worker in control, the dialog's code at hand.
    await page.goto("/app/calendario?view=week&date=2026-12-07");
    await untilHydrated(page);
    await untilCached(page, ["/app/calendario"]);
    const grid = page.getByTestId("time-grid");
    await expect(grid.getByTestId("calendar-item").filter({ hasText: "Reunião de equipa" })).toHaveCount(1);

    await context.setOffline(true);
    await page.getByRole("button", { name: "Novo evento" }).click();
    const dialog = page.getByTestId("event-dialog");
    await dialog.getByLabel("Título").fill("Dentista sem rede");
    await dialog.getByRole("button", { name: "Guardar" }).click();
    // Kept, not refused ("Sem ligação…"): the dialog closes, the event is drawn and listed as waiting.
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Guardado neste dispositivo")).toBeVisible();
    await expect(grid.getByTestId("calendar-item").filter({ hasText: "Dentista sem rede" })).toHaveCount(1);
    await expect(grid.getByRole("button", { name: /Dentista sem rede.*por enviar/ })).toHaveCount(1);
    const queued = page.getByTestId("queued-changes").getByTestId("pending-change");
    await expect(queued).toHaveCount(1);
    await expect(queued).toContainText("Novo evento");
    await expect(queued).toContainText("Dentista sem rede");

    await grid.getByTestId("calendar-item").filter({ hasText: "Reunião de equipa" }).click();
    await dialog.getByLabel("Título").fill("Reunião de equipa (sala 2)");
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expect(dialog).toBeHidden();
    await expect(grid.getByTestId("calendar-item").filter({ hasText: "Reunião de equipa (sala 2)" })).toHaveCount(1);
    await expect(page.getByTestId("offline-pending-count")).toHaveText("2 alterações por enviar");
    expect(await eventsTitled("Dentista sem rede")).toHaveLength(0);

    await context.setOffline(false);
    await expect.poll(async () => (await eventsTitled("Dentista sem rede")).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => (await eventsTitled("Reunião de equipa")).map((event) => event.title), { timeout: 20_000 }).toEqual(["Reunião de equipa (sala 2)"]);
    await expect(page.getByTestId("queued-changes")).toBeHidden({ timeout: 20_000 });
    await expect(page.getByTestId("offline-status")).toBeHidden({ timeout: 20_000 });
    // On screen once: the server's event, no longer the queued one beside it.
    await expect(grid.getByTestId("calendar-item").filter({ hasText: "Dentista sem rede" })).toHaveCount(1);
    await expect(grid.getByRole("button", { name: /por enviar/ })).toHaveCount(0);
    await page.reload();
    await untilHydrated(page);
    await expect(grid.getByTestId("calendar-item").filter({ hasText: "Dentista sem rede" })).toHaveCount(1);
    expect(await eventsTitled("Dentista sem rede")).toHaveLength(1);
  });

  test("a goal's progress stepped offline is shown at once, survives a reload and is saved once when back online", async ({ page, context }) => {
    test.setTimeout(180_000);
    const request = context.request;
    await signUp(page, "goal");
    const created = await request.post("/api/v1/goals", { headers: originOf(request), data: { title: "Ler 12 livros" } });
    expect(created.status()).toBe(201);
    const goalId = (await created.json()).id as string;
    // The worker in control first, so that the goals screen it serves is stored for offline.
    await page.goto("/app/meu-impacto");
    await untilHydrated(page);
    await untilCached(page, ["/app/tarefas"]);
    await page.goto("/app/objetivos");
    await untilHydrated(page);
    await untilCached(page, ["/app/objetivos"]);

    await context.setOffline(true);
    const card = page.getByTestId("goal-card").filter({ hasText: "Ler 12 livros" });
    await card.getByRole("button", { name: "Aumentar progresso 10%" }).click();
    await expect(card.getByTestId("goal-progress")).toHaveText("10%");
    await card.getByRole("button", { name: "Aumentar progresso 10%" }).click();
    await expect(card.getByTestId("goal-progress")).toHaveText("20%");
    // Kept, not "Não foi possível atualizar": folded into one change waiting.
    const queued = page.getByTestId("queued-changes").getByTestId("pending-change");
    await expect(queued).toHaveCount(1);
    await expect(queued).toContainText("Objetivo alterado");
    await page.reload();
    await untilHydrated(page);
    await expect(card.getByTestId("goal-progress")).toHaveText("20%");

    await context.setOffline(false);
    await expect.poll(async () => (await (await request.get(`/api/v1/goals/${goalId}`)).json()).progress, { timeout: 20_000 }).toBe(20);
    await expect(page.getByTestId("queued-changes")).toBeHidden({ timeout: 20_000 });
    await expect(card.getByTestId("goal-progress")).toHaveText("20%");
  });

  test("a diary entry and a routine check-in made offline survive a reload and are saved once", async ({ page, context }) => {
    test.setTimeout(180_000);
    const request = context.request;
    await signUp(page, "diary");
    const created = await request.post("/api/v1/routines", { headers: originOf(request), data: { title: "Alongar de manhã", category: "body", frequency: "daily", durationMinutes: 5 } });
    expect(created.status()).toBe(201);
    const routineId = (await created.json()).routine.id as string;

    // The worker in control and storing this user's screens (the prefetch), then both screens
    // visited once online, so that they open offline.
    await page.goto("/app/meu-impacto");
    await untilHydrated(page);
    await untilCached(page, ["/app/tarefas"]);
    await page.goto("/app/diario");
    await untilHydrated(page);
    await page.goto("/app/autocuidado");
    await untilHydrated(page);
    await untilCached(page, ["/app/diario", "/app/autocuidado"]);

    await context.setOffline(true);
    await page.goto("/app/diario");
    await untilHydrated(page);
    await page.getByLabel("Título").fill("Dia sem rede");
    await page.getByLabel("O que aconteceu, o que sentiu").fill("Escrito no comboio, sem ligação.");
    await page.getByRole("button", { name: "Guardar entrada" }).click();
    await expect(page.getByTestId("queued-changes")).toContainText("Dia sem rede");
    await expect(page.getByTestId("queued-changes").getByTestId("pending-change")).toHaveCount(1);

    await page.goto("/app/autocuidado");
    await untilHydrated(page);
    const routine = page.getByTestId("routine").filter({ hasText: "Alongar de manhã" });
    await routine.getByRole("button", { name: "Marcar como feito" }).click();
    await expect(page.getByTestId("queued-changes")).toContainText("Alongar de manhã");
    await expect(page.getByTestId("offline-pending-count")).toHaveText("2 alterações por enviar");

    // A reload offline: still there, the day shown as done and waiting.
    await page.reload();
    await untilHydrated(page);
    await expect(page.getByTestId("queued-changes")).toContainText("Alongar de manhã");
    await expect(routine.getByRole("button", { name: "Marcar como feito" })).toHaveAttribute("aria-pressed", "true");

    await context.setOffline(false);
    await page.reload();
    await untilHydrated(page);
    // The offline banner loads after the first paint (decision 0094), so its absence right after the
    // reload does not mean the queue was sent: wait for the server to hold both changes.
    const checkIns = async () => ((await (await request.get("/api/v1/routines/check-ins")).json()).items as { routineId: string }[]).filter((item) => item.routineId === routineId);
    await expect.poll(checkIns, { timeout: 20_000 }).toHaveLength(1);
    await expect(page.getByTestId("offline-status")).toBeHidden({ timeout: 20_000 });
    const entries = ((await (await request.get("/api/v1/diary?limit=50")).json()).items as { title: string; content: string; draft: boolean }[]).filter((e) => e.title === "Dia sem rede");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ content: "Escrito no comboio, sem ligação.", draft: false });
    expect(await checkIns()).toHaveLength(1);
    await expect(routine.getByRole("button", { name: "Marcar como feito" })).toHaveAttribute("aria-pressed", "true");
  });

  test("taps on a counted routine offline are one queued count, shown waiting, sent once as the last count (decision 0117)", async ({ page, context }) => {
    test.setTimeout(180_000);
    const request = context.request;
    await signUp(page, "counts");
    const created = await request.post("/api/v1/routines", { headers: originOf(request), data: { title: "Beber água", timesPerDay: 3 } });
    expect(created.status()).toBe(201);
    const routineId = (await created.json()).routine.id as string;

    await page.goto("/app/meu-impacto");
    await untilHydrated(page);
    await untilCached(page, ["/app/tarefas"]);
    await page.goto("/app/autocuidado");
    await untilHydrated(page);
    await untilCached(page, ["/app/autocuidado"]);

    await context.setOffline(true);
    await page.reload();
    await untilHydrated(page);
    const routine = page.getByTestId("routine").filter({ hasText: "Beber água" });
    const plusOne = routine.getByRole("button", { name: "Mais uma vez: Beber água" });
    for (let n = 1; n <= 3; n++) {
      await plusOne.click();
      await expect(routine.getByTestId("count")).toContainText(`${n} de 3`);
    }
    await expect(routine.getByTestId("count")).toContainText("por enviar");
    await expect(routine.locator(`[data-date="${lisbonDay(0)}"]`)).toHaveAttribute("aria-pressed", "true");
    // One change in the queue, with the last count.
    await expect.poll(async () => (await queuedRows(page)).map((row) => row.body)).toEqual([{ count: 3 }]);
    await expect(page.getByTestId("offline-pending-count")).toHaveText("1 alteração por enviar");

    // Still there after a reload offline.
    await page.reload();
    await untilHydrated(page);
    await expect(routine.getByRole("group", { name: "Beber água: 3 de 3 vezes hoje" })).toBeVisible();

    await context.setOffline(false);
    await page.reload();
    await untilHydrated(page);
    const answer = async () => (await (await request.get(`/api/v1/routines/${routineId}`)).json()).routine as { countToday: number; checkedInToday: boolean };
    await expect.poll(answer, { timeout: 20_000 }).toMatchObject({ countToday: 3, checkedInToday: true });
    await expect(page.getByTestId("offline-status")).toBeHidden({ timeout: 20_000 });
    const checkIns = ((await (await request.get("/api/v1/routines/check-ins")).json()).items as { routineId: string }[]).filter((item) => item.routineId === routineId);
    expect(checkIns).toHaveLength(1);
  });

  test("a diary entry deleted offline stays deleted after a reload, and is deleted on the server once back online", async ({ page, context }) => {
    test.setTimeout(180_000);
    const request = context.request;
    await signUp(page, "diary-delete");
    const created = await request.post("/api/v1/diary", { headers: originOf(request), data: { title: "Apagar sem rede", content: "Escrito para apagar." } });
    expect(created.status()).toBe(201);
    const entryId = (await created.json()).entry.id as string;

    // The worker in control, and the diary visited once online (with the entry), so that it opens offline.
    await page.goto("/app/meu-impacto");
    await untilHydrated(page);
    await untilCached(page, ["/app/tarefas"]);
    await page.goto("/app/diario");
    await untilHydrated(page);
    await untilCached(page, ["/app/diario"]);

    await context.setOffline(true);
    await page.goto("/app/diario");
    await untilHydrated(page);
    await page.getByRole("tab", { name: "Entradas" }).click();
    const list = page.getByTestId("diary-entries");
    await list.locator("li").filter({ hasText: "Apagar sem rede" }).getByRole("button", { name: "Eliminar" }).click();
    // Kept in the queue once the undo window ends.
    await expect(page.getByTestId("queued-changes")).toContainText("Apagar sem rede", { timeout: 15_000 });

    // A reload offline: the page's data (the cached screen) still has the entry; it stays off the list.
    await page.reload();
    await untilHydrated(page);
    await expect(page.getByTestId("queued-changes")).toContainText("Apagar sem rede");
    await page.getByRole("tab", { name: "Entradas" }).click();
    await expect(page.getByRole("tabpanel").getByText("Apagar sem rede")).toHaveCount(0);

    await context.setOffline(false);
    await page.reload();
    await untilHydrated(page);
    await expect.poll(async () => (await request.get(`/api/v1/diary/${entryId}`)).status(), { timeout: 20_000 }).toBe(404);
    await expect(page.getByTestId("offline-status")).toBeHidden({ timeout: 20_000 });
    await page.getByRole("tab", { name: "Entradas" }).click();
    await expect(page.getByRole("tabpanel").getByText("Apagar sem rede")).toHaveCount(0);
  });

  test("a task created offline, then edited and completed offline, is one done task online", async ({ page, context }) => {
    test.setTimeout(180_000);
    const request = context.request;
    await tasksOffline(page, context, "task");
    await newTaskOffline(page, "Regar as plantas");
    const queued = page.getByTestId("queued-changes").getByTestId("pending-change");
    await expect(queued).toHaveCount(1);

    await queued.getByRole("button", { name: "Editar" }).click();
    const form = page.getByTestId("task-form");
    await form.getByLabel("Título").fill("Regar as plantas da varanda");
    await form.getByRole("button", { name: "Guardar" }).click();
    await expect(form).toBeHidden();
    await expect(queued).toContainText("Regar as plantas da varanda");
    await queued.getByLabel("Marcar como concluída").click();
    await expect(queued.getByLabel("Marcar como por fazer")).toBeChecked();
    // Folded into the creation: still one change waiting.
    await expect(queued).toHaveCount(1);
    await expect(page.getByTestId("offline-pending-count")).toHaveText("1 alteração por enviar");

    await page.reload();
    await untilHydrated(page);
    await expect(page.getByTestId("queued-changes").getByLabel("Marcar como por fazer")).toBeChecked();

    await context.setOffline(false);
    await page.reload();
    await untilHydrated(page);
    // The banner loads after the first paint (0094): wait for the server to hold the task.
    await expect.poll(async () => (await tasksTitled(request, "Regar as plantas")).length, { timeout: 20_000 }).toBe(1);
    await expect(page.getByTestId("offline-status")).toBeHidden({ timeout: 20_000 });
    const tasks = await tasksTitled(request, "Regar as plantas");
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ title: "Regar as plantas da varanda", status: "done" });
  });

  test("the steps of a task created offline tick at once, and each tick reaches its real step after the task is saved (0114, revised)", async ({ page, context }) => {
    test.setTimeout(180_000);
    const request = context.request;
    await tasksOffline(page, context, "task-steps");
    await page.getByRole("button", { name: "Nova tarefa" }).first().click();
    const form = page.getByTestId("task-form");
    await form.getByLabel("Título").fill("Bolo de laranja");
    await form.getByRole("button", { name: "Adicionar passo" }).click();
    for (const [n, text] of [["1", "Farinha"], ["2", "Ovos"], ["3", "Laranjas"]]) {
      await expect(form.getByLabel(`Passo ${n}`, { exact: true })).toBeFocused();
      await page.keyboard.type(text);
      if (n !== "3") await page.keyboard.press("Enter");
    }
    await form.getByRole("button", { name: "Criar tarefa" }).click();
    await expect(form).toBeHidden();

    const steps = page.getByTestId("queued-task-steps");
    // Drawn from the queue (IndexedDB) once the tick is kept there: a moment after the click.
    await steps.getByLabel("Ovos").click();
    await expect(steps.getByLabel("Ovos")).toBeChecked();
    await expect(steps.getByLabel("Farinha")).not.toBeChecked();
    // The creation and the tick: two changes, the tick behind the task.
    await expect(page.getByTestId("offline-pending-count")).toHaveText("2 alterações por enviar");
    await page.reload();
    await untilHydrated(page);
    await expect(page.getByTestId("queued-task-steps").getByLabel("Ovos")).toBeChecked();

    await context.setOffline(false);
    await page.reload();
    await untilHydrated(page);
    await expect.poll(async () => (await tasksTitled(request, "Bolo de laranja"))[0]?.steps.map((s) => `${s.text}:${s.done}`), { timeout: 20_000 }).toEqual([
      "Farinha:false",
      "Ovos:true",
      "Laranjas:false",
    ]);
    await expect(page.getByTestId("offline-status")).toBeHidden({ timeout: 20_000 });
    expect(await tasksTitled(request, "Bolo de laranja")).toHaveLength(1);
  });

  test("a task completed and renamed offline looks so at once, and one that cannot be deleted offline says why", async ({ page, context }) => {
    test.setTimeout(180_000);
    const request = context.request;
    await signUp(page, "task-edits");
    for (const title of ["Ligar à avó", "Comprar pão", "Lavar o carro"]) expect((await request.post("/api/v1/tasks", { headers: originOf(request), data: { title } })).status()).toBe(201);
    await page.goto("/app/tarefas");
    await untilHydrated(page);
    await untilCached(page, ["/app/tarefas", "/app/tarefas.data"]);

    await context.setOffline(true);
    await page.getByRole("checkbox", { name: "Marcar como concluída: Ligar à avó" }).click();
    // The row shows it done (before, it stayed unticked, inviting a second tap).
    await expect(page.getByRole("checkbox", { name: "Marcar como por fazer: Ligar à avó" })).toBeChecked();
    await page.getByRole("button", { name: "Editar: Comprar pão" }).click();
    const form = page.getByTestId("task-form");
    await form.getByLabel("Título").fill("Comprar pão e leite");
    await form.getByRole("button", { name: "Guardar" }).click();
    await expect(form).toBeHidden();
    await expect(page.getByTestId("task-item").filter({ hasText: "Comprar pão e leite" })).toHaveCount(1);
    // A deletion is not kept for later: said at once, the task stays (before: "Tarefa eliminada",
    // then the task came back with "Erro ao eliminar").
    await page.getByRole("button", { name: "Eliminar: Lavar o carro" }).click();
    await expect(page.getByText("Sem ligação: só é possível eliminar tarefas com ligação.", { exact: false })).toBeVisible();
    await expect(page.getByText("Tarefa eliminada")).toHaveCount(0);
    await expect(page.getByTestId("task-item").filter({ hasText: "Lavar o carro" })).toHaveCount(1);

    // Reloaded offline, the same.
    await page.reload();
    await untilHydrated(page);
    await expect(page.getByRole("checkbox", { name: "Marcar como por fazer: Ligar à avó" })).toBeChecked();
    await expect(page.getByTestId("task-item").filter({ hasText: "Comprar pão e leite" })).toHaveCount(1);
    await expect(page.getByTestId("offline-pending-count")).toHaveText("2 alterações por enviar");

    await context.setOffline(false);
    await expect(page.getByTestId("offline-status")).toBeHidden({ timeout: 20_000 });
    const titles = (await (await request.get("/api/v1/tasks?limit=200")).json()).items.map((task: { title: string; status: string }) => `${task.title}:${task.status}`);
    expect(titles.sort()).toEqual(["Comprar pão e leite:todo", "Lavar o carro:todo", "Ligar à avó:done"]);
  });

  test("offline, a screen never opened says there is no connection and opens when it is back; a write the queue does not keep says why it failed", async ({ page, context }) => {
    test.setTimeout(180_000);
    const request = context.request;
    await signUp(page, "unvisited");
    expect((await request.post("/api/v1/goals", { headers: originOf(request), data: { title: "Correr 10 km" } })).status()).toBe(201);
    // A daily series that runs through this week, whatever day today is.
    const start = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const series = { title: "Aula diária", start: `${start}T10:00:00Z`, end: `${start}T11:00:00Z`, timeZone: "UTC", rrule: "FREQ=DAILY" };
    expect((await request.post("/api/v1/events", { headers: originOf(request), data: series })).status()).toBe(201);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/app/tarefas");
    await untilHydrated(page);
    await untilCached(page, ["/app/tarefas", "/app/calendario.data"]);

    await context.setOffline(true);
    // The calendar was kept (prefetched). "This and the following" splits a series on the server and
    // is not queued offline (event-dialog.tsx says why): the reason, not "Erro".
    await page.getByRole("link", { name: "Calendário" }).first().click();
    await page.getByTestId("calendar-item").filter({ hasText: "Aula diária" }).first().click();
    await page.getByLabel("Título").first().fill("Aula diária (nova sala)");
    await page.getByRole("dialog").getByRole("button", { name: "Guardar", exact: true }).click();
    await page.getByRole("button", { name: "Este e os seguintes" }).click();
    await expect(page.getByRole("dialog").getByText("Sem ligação: isto só se pode fazer online.", { exact: false })).toBeVisible();
    await expect(page.getByTestId("queued-changes")).toHaveCount(0);
    await page.getByRole("dialog").getByRole("button", { name: "Cancelar" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Descartar" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // Goals were never opened on this device.
    await page.getByRole("link", { name: "Objetivos" }).first().click();
    const notKept = page.getByTestId("no-connection");
    await expect(notKept).toContainText("Sem ligação");
    await expect(notKept).toContainText("Este ecrã ainda não foi guardado neste dispositivo.");
    await expect(page.getByText("Algo correu mal")).toHaveCount(0);

    await context.setOffline(false);
    await expect(page.getByRole("heading", { name: "Objetivos", level: 1 })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("Correr 10 km")).toBeVisible();
  });

  test("signing out offline with changes waiting asks, keeps them for that user only, and sends them at the next sign-in", async ({ page, context }) => {
    test.setTimeout(180_000);
    const request = context.request;
    const email = await signUp(page, "signout");
    await page.goto("/app/tarefas");
    await untilHydrated(page);
    await untilCached(page, ["/app/tarefas"]);

    await context.setOffline(true);
    await page.reload();
    await untilHydrated(page);
    await newTaskOffline(page, "Ligar à avó");
    await page.getByRole("button", { name: "Terminar sessão" }).first().click();
    await expect(page.getByTestId("sign-out-pending")).toHaveText("Tem 1 alteração feita offline que ainda não chegou ao servidor.");
    await page.getByRole("button", { name: "Terminar sessão e guardar" }).click();
    // The user's cached screens are gone; the change stays, under their id.
    await expect.poll(() => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("rumo-user-")))).toEqual([]);
    const kept = await queuedRows(page);
    expect(kept.map((row) => row.label)).toEqual(["Ligar à avó"]);
    const owner = kept[0].userId;

    // Back online: the unfinished sign-out is finished before anything is sent. The offline page is
    // left first: its "no connection" screen reloads itself when the connection returns, and that
    // navigation would race (and abort) the one below.
    await page.goto("about:blank");
    await context.setOffline(false);
    await page.goto("/app/tarefas");
    // The signed-out app hands over to /auth (the loader's redirect, then the sign-in page's own
    // start may navigate once more): wait for where it ends, not for one navigation's load event.
    await expect(page).toHaveURL(/\/auth/, { timeout: 30_000 });
    await untilHydrated(page);
    // /auth is a document whose page script may still be finishing the sign-out (decision 0052).
    await expect.poll(async () => (await request.get("/api/v1/tasks")).status()).toBe(401);

    // Another person signs in on this browser: they neither see nor send it.
    await createUser(request, `e2e-offline-other-${Date.now()}@example.com`, { toursDone: true });
    await page.goto("/app/tarefas");
    await untilHydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("queued-changes")).toHaveCount(0);
    expect(await tasksTitled(request, "Ligar à avó")).toHaveLength(0);
    expect((await queuedRows(page)).map((row) => row.userId)).toEqual([owner]);
    // The cookies change under the page below. A live app page would notice its ended session (the
    // security probe's timer) and go to /auth at some moment of its own, racing the next goto.
    await page.goto("about:blank");
    expect((await request.post("/api/v1/auth/logout", { headers: originOf(request) })).status()).toBe(204);

    // The first user signs in again: the change is sent, once.
    expect((await request.post("/api/v1/auth/login", { headers: originOf(request), data: { email, password: PASSWORD } })).status()).toBe(200);
    await page.goto("/app/tarefas");
    await untilHydrated(page);
    await expect.poll(async () => (await tasksTitled(request, "Ligar à avó")).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => (await queuedRows(page)).length).toBe(0);
  });

  test("between tries of an unfinished sign-out, a change made offline is kept and sent before the sign-out ends", async ({ page, context }) => {
    test.setTimeout(120_000);
    const request = context.request;
    const email = await signUp(page, "unfinished");
    // The server refuses the logout (its D1 is out), so the sign-out stays unfinished and the
    // person stays in their app, told so.
    let failing = true;
    await page.route("**/api/v1/auth/logout", (route) =>
      failing ? route.fulfill({ status: 503, contentType: "application/json", headers: { "retry-after": "1" }, body: JSON.stringify({ error: { code: "unavailable", message: "" } }) }) : route.continue(),
    );
    await page.goto("/app/tarefas");
    await untilHydrated(page);
    await page.getByRole("button", { name: "Terminar sessão" }).first().click();
    await expect(page.getByText("A sessão ainda não terminou")).toBeVisible();
    await page.getByRole("link", { name: "Tarefas" }).first().click();
    await expect(page.getByRole("button", { name: "Nova tarefa" }).first()).toBeVisible();
    // The app's code is served by its worker offline (the task form is a chunk of its own).
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 60_000 }).toBe(true);

    // The connection drops: the task is kept on this device, as on any signed-in page.
    await context.setOffline(true);
    await newTaskOffline(page, "Pagar a água");
    await expect(page.getByTestId("queued-changes")).toContainText("Pagar a água");
    expect((await queuedRows(page)).map((row) => row.label)).toEqual(["Pagar a água"]);

    // Back, with a server that answers: the task is sent first, then the session ends.
    failing = false;
    await context.setOffline(false);
    await expect(page.getByRole("form", { name: "Entrar" })).toBeVisible({ timeout: 30_000 });
    // The sign-out's own hand-over lands on /auth; the screen reloading its data once the queue has
    // sent (OFFLINE_SYNCED_EVENT) may get there first, through the loader's redirect with `next`.
    await expect(page).toHaveURL(/\/auth(\?next=%2Fapp%2Ftarefas)?$/);
    expect(await page.evaluate(() => localStorage.getItem("rumo-sign-out-pending"))).toBeNull();
    expect((await request.get("/api/v1/tasks")).status()).toBe(401);
    expect(await queuedRows(page)).toEqual([]);
    expect((await request.post("/api/v1/auth/login", { headers: originOf(request), data: { email, password: PASSWORD } })).status()).toBe(200);
    expect(await tasksTitled(request, "Pagar a água")).toHaveLength(1);
  });

  test("a period logged offline on the cycle screen is drawn at once as waiting, and saved once when back online", async ({ page, context }) => {
    test.setTimeout(180_000);
    const request = context.request;
    await signUp(page, "cycle");
    await page.goto("/app/meu-impacto");
    await untilHydrated(page);
    await untilCached(page, ["/app/tarefas"]);
    await page.goto("/app/ciclo-menstrual");
    await untilHydrated(page);
    await untilCached(page, ["/app/ciclo-menstrual"]);

    await context.setOffline(true);
    await page.reload();
    await untilHydrated(page);
    // An ongoing period started two days ago: three days up to today.
    const start = lisbonDay(-2);
    const dates = [start, lisbonDay(-1), lisbonDay(0)];
    await page.getByRole("button", { name: "Registar período" }).click();
    const dialog = page.getByRole("dialog", { name: "Registar período" });
    await dialog.getByLabel("Primeiro dia", { exact: true }).fill(start.split("-").reverse().join("/"));
    await dialog.getByLabel("Primeiro dia", { exact: true }).press("Tab");
    await expect(dialog.getByTestId("period-length")).toHaveText("3 dias");
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("queued-changes").getByTestId("pending-change")).toHaveCount(1);
    const todayCell = page.getByTestId("cycle-calendar").locator(`[data-date="${dates[2]}"]`);
    await expect(todayCell).toHaveAttribute("data-pending", "true");
    await expect(todayCell).toHaveAttribute("aria-label", /Médio.*por enviar/);
    expect((await queuedRows(page)).map((row) => row.body)).toEqual([{ start, flow: "medium" }]);

    await context.setOffline(false);
    const logged = async () => ((await (await request.get(`/api/v1/cycle/days?from=${dates[0]}&to=${dates[2]}`)).json()).items as { date: string; flow: string }[]).map((d) => `${d.date} ${d.flow}`);
    await expect.poll(logged, { timeout: 20_000 }).toEqual(dates.map((d) => `${d} medium`));
    await expect(page.getByTestId("queued-changes")).toBeHidden({ timeout: 20_000 });
    await page.reload();
    await untilHydrated(page);
    await expect(todayCell).toHaveAttribute("data-marks", /logged/);
    await expect(todayCell).not.toHaveAttribute("data-pending", "true");
    expect(await logged()).toHaveLength(3);
  });
});

