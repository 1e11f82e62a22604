import { expect, test } from "@playwright/test";
import { createUser, dismissCookieBanner, lisbonDay, originOf, untilHydrated } from "./support";

test.describe("wellbeing", () => {
  // The overview's chart chunk is fetched and evaluated on first use, on a busy shared machine.
  test.setTimeout(120_000);

  test("a diary entry with two emotions is kept as a draft while typing, saved, and shows in the overview", async ({ page, context }) => {
    await createUser(context.request, `e2e-diary-${Date.now()}@example.com`, { toursDone: true });
    await dismissCookieBanner(page);
    await page.goto("/app/diario");
    await untilHydrated(page);

    await page.getByLabel("Título").fill("Manhã no jardim");
    await page.getByRole("button", { name: "Feliz" }).click();
    await page.getByRole("button", { name: "Grato(a)" }).click();
    await page.getByRole("button", { name: "Bem", exact: false }).first().click();
    await page.getByLabel("O que aconteceu, o que sentiu").fill("Regar as plantas com calma antes do trabalho.");
    // Saved as a draft without pressing anything.
    await expect(page.getByTestId("draft-status")).toHaveText("Rascunho guardado");
    await page.getByRole("button", { name: "Guardar entrada" }).click();

    const entries = page.getByTestId("diary-entries");
    await expect(entries.getByText("Manhã no jardim")).toBeVisible();
    await expect(entries.getByText("Feliz")).toBeVisible();
    await expect(entries.getByText("Rascunho")).toHaveCount(0);

    await page.getByRole("tab", { name: "Visão geral" }).click();
    const overview = page.getByTestId("diary-overview");
    await expect(overview.getByTestId("emotion-chart")).toBeVisible({ timeout: 30_000 });
    await expect(overview.getByText("Feliz: 1")).toBeAttached();
    await expect(overview.getByText("Grato(a): 1")).toBeAttached();
    await expect(overview.getByTestId("mood-chart")).toBeVisible();
  });

  test("words typed just before the tab is closed are kept, and coming back reopens that draft, not a new one (0108 \"Revised\")", async ({ context }) => {
    await createUser(context.request, `e2e-diary-close-${Date.now()}@example.com`, { toursDone: true });
    const page = await context.newPage();
    await dismissCookieBanner(page);
    await page.goto("/app/diario");
    await untilHydrated(page);
    const text = page.getByLabel("O que aconteceu, o que sentiu");
    await text.fill("Primeiras palavras");
    await expect(page.getByTestId("draft-status")).toHaveText("Rascunho guardado");
    // Within the autosave pause: the tab is closed (pagehide) before the pause ends.
    await text.fill("Primeiras palavras e as últimas");
    await page.close({ runBeforeUnload: true });

    const again = await context.newPage();
    await dismissCookieBanner(again);
    await again.goto("/app/diario");
    await untilHydrated(again);
    await expect(again.getByRole("heading", { name: "Continuar rascunho" })).toBeVisible();
    await expect(again.getByLabel("O que aconteceu, o que sentiu")).toHaveValue("Primeiras palavras e as últimas");
    // Writing on goes to the same draft: one entry in the list.
    await again.getByLabel("O que aconteceu, o que sentiu").fill("Primeiras palavras e as últimas. Mais uma.");
    await expect(again.getByTestId("draft-status")).toHaveText("Rascunho guardado");
    await again.getByRole("tab", { name: "Entradas" }).click();
    await expect(again.getByTestId("diary-entries").locator("li")).toHaveCount(1);
    // Ctrl+Enter saves it.
    await again.getByRole("tab", { name: "Escrever" }).click();
    await again.getByLabel("O que aconteceu, o que sentiu").press("Control+Enter");
    await expect(again.getByTestId("diary-entries").getByText("Rascunho")).toHaveCount(0);
    await expect(again.getByTestId("diary-entries").locator("li")).toHaveCount(1);
  });

  test("words typed while a new entry's first save is on its way are kept when the tab is closed then (0108 \"Revised 3\")", async ({ context }) => {
    await createUser(context.request, `e2e-diary-close-new-${Date.now()}@example.com`, { toursDone: true });
    const page = await context.newPage();
    await dismissCookieBanner(page);
    await page.goto("/app/diario");
    await untilHydrated(page);
    // The new entry's first save (its POST) is held on its way: it reaches the server only after the tab is gone.
    let creation: { body: string; headers: Record<string, string> } | undefined;
    await page.route(
      "**/api/v1/diary",
      (route) => {
        const request = route.request();
        creation = { body: request.postData() ?? "", headers: request.headers() };
      },
      { times: 1 },
    );
    const text = page.getByLabel("O que aconteceu, o que sentiu");
    await text.fill("Primeiras palavras");
    await expect.poll(() => creation).toBeDefined();
    await text.fill("Primeiras palavras e as últimas");
    await page.close({ runBeforeUnload: true });

    // The creation lands late (after the closing words, which wait for it on the server).
    const landed = await context.request.post("/api/v1/diary", {
      data: creation!.body,
      headers: { ...originOf(context.request), "content-type": "application/json", "Idempotency-Key": creation!.headers["idempotency-key"], "x-rumo-user": creation!.headers["x-rumo-user"] },
    });
    expect(landed.status()).toBe(201);
    const contents = async () => ((await (await context.request.get("/api/v1/diary")).json()) as { items: { content: string }[] }).items.map((entry) => entry.content);
    // One entry, with the last words.
    await expect.poll(contents, { timeout: 10_000 }).toEqual(["Primeiras palavras e as últimas"]);

    // The closed page kept its words on this device; the next visit sends them again with their key: nothing new.
    const again = await context.newPage();
    await dismissCookieBanner(again);
    await again.goto("/app/diario");
    await untilHydrated(again);
    await again.waitForFunction(() => !localStorage.getItem("rumo-diary-closing-words"), undefined, { timeout: 20_000 });
    expect(await contents()).toEqual(["Primeiras palavras e as últimas"]);
  });

  test("a long diary entry reads in full from the list on a phone, without opening it to edit (0108)", async ({ page, context }) => {
    await createUser(context.request, `e2e-diary-long-${Date.now()}@example.com`, { toursDone: true });
    const paragraphs = Array.from({ length: 8 }, (_, i) => `Parágrafo ${i + 1}: escrevi sobre o dia, as conversas e o que senti ao fim da tarde.`);
    for (const body of [
      { title: "Um dia longo", content: paragraphs.join("\n\n"), mood: 4 },
      { title: "Curta", content: "Só uma linha.", mood: 3 },
    ]) {
      expect((await context.request.post("/api/v1/diary", { data: body, headers: originOf(context.request) })).status()).toBe(201);
    }
    await dismissCookieBanner(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/app/diario");
    await untilHydrated(page);
    await page.getByRole("tab", { name: "Entradas" }).click();

    const long = page.getByTestId("diary-entries").getByRole("listitem").filter({ hasText: "Um dia longo" });
    const short = page.getByTestId("diary-entries").getByRole("listitem").filter({ hasText: "Curta" });
    const text = long.getByText("Parágrafo 1", { exact: false });
    const clampedHeight = (await text.boundingBox())!.height;
    // Only the entry whose three lines hide something offers the rest.
    await expect(short.getByRole("button", { name: "Ler tudo" })).toHaveCount(0);
    const more = long.getByRole("button", { name: "Ler tudo" });
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await more.click();
    const less = long.getByRole("button", { name: "Mostrar menos" });
    await expect(less).toHaveAttribute("aria-expanded", "true");
    expect((await text.boundingBox())!.height).toBeGreaterThan(clampedHeight * 3);
    // Still the list (no writer opened), and the page keeps the phone's width.
    await expect(page.getByRole("tab", { name: "Entradas" })).toHaveAttribute("aria-selected", "true");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await less.click();
    await expect(long.getByRole("button", { name: "Ler tudo" })).toBeVisible();
  });

  test("checking a routine in on three days shows a three-day streak", async ({ page, context }) => {
    await createUser(context.request, `e2e-selfcare-${Date.now()}@example.com`, { toursDone: true });
    await dismissCookieBanner(page);
    await page.goto("/app/autocuidado");
    await untilHydrated(page);

    await page.getByRole("button", { name: "Nova rotina" }).click();
    await page.getByLabel("Título").fill("Respirar fundo");
    await page.getByRole("button", { name: "Guardar" }).click();
    const routine = page.getByTestId("routine").filter({ hasText: "Respirar fundo" });
    await expect(routine).toBeVisible();
    await expect(routine.getByTestId("streak")).toContainText("Sem sequência ainda");

    // Today with one tap, then the two days before (late check-ins, within the 7-day window).
    await routine.getByRole("button", { name: "Marcar como feito" }).click();
    await expect(routine.getByTestId("streak")).toContainText("1 dia seguido");
    await routine.locator(`[data-date="${lisbonDay(-1)}"]`).click();
    await expect(routine.getByTestId("streak")).toContainText("2 dias seguidos");
    await routine.locator(`[data-date="${lisbonDay(-2)}"]`).click();
    await expect(routine.getByTestId("streak")).toContainText("3 dias seguidos");

    // It survives a reload (computed by the server from the stored check-ins).
    await page.reload();
    await untilHydrated(page);
    await expect(page.getByTestId("routine").filter({ hasText: "Respirar fundo" }).getByTestId("streak")).toContainText("3 dias seguidos");
  });

  test("a routine with two steps is done by ticking both, and un-ticking one undoes it (decision 0112)", async ({ page, context }) => {
    await createUser(context.request, `e2e-selfcare-steps-${Date.now()}@example.com`, { toursDone: true });
    await dismissCookieBanner(page);
    await page.goto("/app/autocuidado");
    await untilHydrated(page);

    await page.getByRole("button", { name: "Nova rotina" }).click();
    await page.getByLabel("Título").fill("Rotina da manhã");
    await page.getByRole("button", { name: "Adicionar passo" }).click();
    await page.getByLabel("Passo 1", { exact: true }).fill("Beber água");
    await page.getByRole("button", { name: "Adicionar passo" }).click();
    await page.getByLabel("Passo 2", { exact: true }).fill("Alongar 5 min");
    await page.getByRole("button", { name: "Guardar" }).click();
    const routine = () => page.getByTestId("routine").filter({ hasText: "Rotina da manhã" });
    await expect(routine().getByTestId("routine-steps")).toContainText("0 de 2 passos");

    // The first tick is progress only; the second does the day, with its streak.
    await routine().getByRole("checkbox", { name: "Beber água" }).check();
    await expect(routine().getByTestId("routine-steps")).toContainText("1 de 2 passos");
    await expect(routine().getByRole("button", { name: "Marcar como feito: Rotina da manhã" })).toHaveAttribute("aria-pressed", "false");
    await routine().getByRole("checkbox", { name: "Alongar 5 min" }).check();
    await expect(routine().getByRole("button", { name: "Marcar como feito: Rotina da manhã" })).toHaveAttribute("aria-pressed", "true");
    await expect(routine().getByTestId("streak")).toContainText("1 dia seguido");

    // Done on the server: after a reload both steps are ticked and the day is done.
    await page.reload();
    await untilHydrated(page);
    await expect(routine().getByRole("checkbox", { name: "Beber água" })).toBeChecked();
    await expect(routine().getByRole("checkbox", { name: "Alongar 5 min" })).toBeChecked();
    await expect(routine().getByRole("button", { name: "Marcar como feito: Rotina da manhã" })).toHaveAttribute("aria-pressed", "true");

    // Un-ticking a step undoes the day; the other step stays ticked.
    await routine().getByRole("checkbox", { name: "Beber água" }).uncheck();
    await expect(routine().getByRole("button", { name: "Marcar como feito: Rotina da manhã" })).toHaveAttribute("aria-pressed", "false");
    await expect(routine().getByRole("checkbox", { name: "Alongar 5 min" })).toBeChecked();
    await expect(routine().getByTestId("streak")).toContainText("Sem sequência ainda");

    // A past day of the strip opens that day's checklist (decision 0112, revised): ticking its
    // steps there does that day, with the same rule as today's.
    const twoDaysAgo = routine().locator(`[data-date="${lisbonDay(-2)}"]`);
    await expect(twoDaysAgo).toHaveAttribute("aria-pressed", "false");
    await twoDaysAgo.click();
    const dialog = page.getByRole("dialog", { name: /^Rotina da manhã: / });
    await expect(dialog.getByTestId("routine-steps")).toContainText("0 de 2 passos");
    await dialog.getByRole("checkbox", { name: "Beber água" }).check();
    await expect(dialog.getByTestId("routine-steps")).toContainText("1 de 2 passos");
    await dialog.getByRole("checkbox", { name: "Alongar 5 min" }).check();
    await expect(dialog.getByTestId("routine-steps")).toContainText("2 de 2 passos");
    await dialog.getByRole("button", { name: "Fechar" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(twoDaysAgo).toHaveAttribute("aria-pressed", "true");
    // Focus back on the day that opened it.
    await expect(twoDaysAgo).toBeFocused();

    // Stored: after a reload the day is done, and its checklist shows both steps ticked.
    await page.reload();
    await untilHydrated(page);
    await expect(twoDaysAgo).toHaveAttribute("aria-pressed", "true");
    await twoDaysAgo.press("Enter");
    await expect(dialog.getByRole("checkbox", { name: "Beber água" })).toBeChecked();
    await expect(dialog.getByRole("checkbox", { name: "Alongar 5 min" })).toBeChecked();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  });

  test("a routine done 3 times a day is counted with +1, done at the third, kept after a reload, and −1 undoes the day (decision 0117)", async ({ page, context }) => {
    await createUser(context.request, `e2e-selfcare-counts-${Date.now()}@example.com`, { toursDone: true });
    await dismissCookieBanner(page);
    await page.goto("/app/autocuidado");
    await untilHydrated(page);

    await page.getByRole("button", { name: "Nova rotina" }).click();
    await page.getByLabel("Título").fill("Beber água");
    await page.getByLabel("Vezes por dia").fill("3");
    await page.getByRole("button", { name: "Guardar" }).click();
    const routine = () => page.getByTestId("routine").filter({ hasText: "Beber água" });
    const counter = routine().getByRole("group", { name: /^Beber água: \d de 3 vezes hoje$/ });
    await expect(counter).toHaveAccessibleName("Beber água: 0 de 3 vezes hoje");
    // No one-tap check-in: the count does the day.
    await expect(routine().getByRole("button", { name: "Marcar como feito: Beber água" })).toHaveCount(0);
    const today = routine().locator(`[data-date="${lisbonDay(0)}"]`);

    const plusOne = routine().getByRole("button", { name: "Mais uma vez: Beber água" });
    await plusOne.click();
    await expect(routine().getByTestId("count")).toContainText("1 de 3");
    await plusOne.click();
    await expect(routine().getByTestId("count")).toContainText("2 de 3");
    await expect(today).toHaveAttribute("aria-pressed", "false");
    // The keyboard too.
    await plusOne.focus();
    await page.keyboard.press("Enter");
    await expect(counter).toHaveAccessibleName("Beber água: 3 de 3 vezes hoje");
    await expect(today).toHaveAttribute("aria-pressed", "true");
    await expect(routine().getByTestId("streak")).toContainText("1 dia seguido");
    await expect(plusOne).toBeDisabled();

    // Kept on the server.
    await page.reload();
    await untilHydrated(page);
    await expect(counter).toHaveAccessibleName("Beber água: 3 de 3 vezes hoje");
    await expect(today).toHaveAttribute("aria-pressed", "true");
    await expect(routine().getByTestId("streak")).toContainText("1 dia seguido");

    // −1: under the target the day is not done, on the server too.
    await routine().getByRole("button", { name: "Menos uma vez: Beber água" }).click();
    await expect(counter).toHaveAccessibleName("Beber água: 2 de 3 vezes hoje");
    await expect(today).toHaveAttribute("aria-pressed", "false");
    await expect(routine().getByTestId("streak")).toContainText("Sem sequência ainda");
    await page.reload();
    await untilHydrated(page);
    await expect(counter).toHaveAccessibleName("Beber água: 2 de 3 vezes hoje");
    await expect(today).toHaveAttribute("aria-pressed", "false");
  });

  test("a past day's count of a counted routine is set from its day in the strip, and shows there and in the history after a reload (decision 0117, revised)", async ({ page, context }) => {
    await createUser(context.request, `e2e-selfcare-past-counts-${Date.now()}@example.com`, { toursDone: true });
    const created = await context.request.post("/api/v1/routines", { headers: originOf(context.request), data: { title: "Beber água", timesPerDay: 8 } });
    expect(created.status()).toBe(201);
    await dismissCookieBanner(page);
    await page.goto("/app/autocuidado");
    await untilHydrated(page);

    const routine = () => page.getByTestId("routine").filter({ hasText: "Beber água" });
    const day = lisbonDay(-2);
    const stripDay = routine().locator(`[data-date="${day}"]`);
    const historyDay = page.getByTestId("history-routine").filter({ hasText: "Beber água" }).locator(`[data-date="${day}"]`);
    await expect(stripDay).toHaveAccessibleName(/: por fazer \(Beber água\)$/);
    await expect(stripDay).toHaveAttribute("aria-haspopup", "dialog");

    // The day's counter, in a dialog: five taps are that day's count, sent as the last one.
    await stripDay.click();
    const dialog = page.getByRole("dialog", { name: /^Beber água: / });
    const counter = dialog.getByRole("group", { name: /^Beber água, .*: \d de 8 vezes$/ });
    await expect(counter).toHaveAccessibleName(/: 0 de 8 vezes$/);
    const plusOne = dialog.getByRole("button", { name: "Mais uma vez: Beber água" });
    for (let n = 1; n <= 5; n++) {
      await plusOne.click();
      await expect(counter).toHaveAccessibleName(new RegExp(`: ${n} de 8 vezes$`));
    }
    await dialog.getByRole("button", { name: "Fechar" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(stripDay).toBeFocused();
    await expect(stripDay).toHaveAccessibleName(/: 5 de 8 vezes \(Beber água\)$/);
    await expect(stripDay.getByTestId("day-count")).toHaveText("5/8");
    await expect(stripDay).toHaveAttribute("aria-pressed", "false");
    // Today's counter is another day's: untouched.
    await expect(routine().getByRole("group", { name: "Beber água: 0 de 8 vezes hoje" })).toBeVisible();

    // Stored: after a reload the strip and the history show the day counted part of the way.
    await page.reload();
    await untilHydrated(page);
    await expect(stripDay).toHaveAccessibleName(/: 5 de 8 vezes \(Beber água\)$/);
    await expect(stripDay.getByTestId("day-count")).toHaveText("5/8");
    await expect(historyDay).toHaveAttribute("data-state", "partial");
    await expect(historyDay).toHaveAttribute("title", /: 5 de 8 vezes$/);
    await expect(routine().getByTestId("streak")).toContainText("Sem sequência ainda");

    // Up to the target from the same dialog: the day is done, in the strip and the history.
    await stripDay.click();
    await expect(counter).toHaveAccessibleName(/: 5 de 8 vezes$/);
    for (let n = 6; n <= 8; n++) {
      await plusOne.click();
      await expect(counter).toHaveAccessibleName(new RegExp(`: ${n} de 8 vezes$`));
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(stripDay).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await untilHydrated(page);
    await expect(stripDay).toHaveAttribute("aria-pressed", "true");
    await expect(historyDay).toHaveAttribute("data-state", "done");
  });

  test("a routine's reminder time is set in the form, shown on its card after a reload, and cleared (decision 0099)", async ({ page, context }) => {
    await createUser(context.request, `e2e-selfcare-reminder-${Date.now()}@example.com`, { toursDone: true });
    await dismissCookieBanner(page);
    await page.goto("/app/autocuidado");
    await untilHydrated(page);

    await page.getByRole("button", { name: "Nova rotina" }).click();
    await page.getByLabel("Título").fill("Beber água");
    await page.getByLabel("Lembrete").fill("7:45");
    await page.getByLabel("Lembrete").press("Tab");
    await expect(page.getByLabel("Lembrete")).toHaveValue("07:45");
    await page.getByRole("button", { name: "Guardar" }).click();
    const routine = () => page.getByTestId("routine").filter({ hasText: "Beber água" });
    await expect(routine().getByTestId("reminder")).toContainText("🔔 07:45");

    await page.reload();
    await untilHydrated(page);
    await expect(routine().getByTestId("reminder")).toContainText("🔔 07:45");
    await expect(routine().getByTestId("reminder")).toContainText("Lembrete às 07:45");

    // Editing shows the time; "Sem lembrete" clears it.
    await routine().getByRole("button", { name: "Editar «Beber água»" }).click();
    await expect(page.getByLabel("Lembrete")).toHaveValue("07:45");
    await page.getByRole("button", { name: "Sem lembrete" }).click();
    await expect(page.getByLabel("Lembrete")).toHaveValue("");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByText("Rotina atualizada")).toBeVisible();
    await page.reload();
    await untilHydrated(page);
    await expect(routine()).toBeVisible();
    await expect(routine().getByTestId("reminder")).toHaveCount(0);
  });

  test("after the trial a routine can still be removed, though not edited (decision 0029)", async ({ page, context }) => {
    const email = `e2e-selfcare-free-${Date.now()}@example.com`;
    await createUser(context.request, email, { toursDone: true });
    const created = await context.request.post("/api/v1/routines", { headers: originOf(context.request), data: { title: "Alongar de manhã", category: "body", frequency: "daily" } });
    expect(created.status(), await created.text()).toBe(201);
    await context.request.post("/api/dev/billing/trial", { headers: originOf(context.request), data: { email, endsAt: new Date(Date.now() - 60_000).toISOString() } });
    await dismissCookieBanner(page);
    await page.goto("/app/autocuidado");
    await untilHydrated(page);

    await expect(page.getByTestId("premium-notice")).toBeVisible();
    const routine = page.getByTestId("routine").filter({ hasText: "Alongar de manhã" });
    await expect(routine.getByRole("button", { name: "Editar" })).toHaveCount(0);
    // Removing takes the routine away at once; "Anular" brings it back, its history untouched.
    await routine.getByRole("button", { name: "Eliminar" }).click();
    await expect(page.getByText("Rotina eliminada")).toBeVisible();
    await expect(page.getByTestId("routine")).toHaveCount(0);
    await page.getByRole("button", { name: "Anular" }).click();
    await expect(routine).toBeVisible();
    await routine.getByRole("button", { name: "Eliminar" }).click();
    await expect(page.getByTestId("routine")).toHaveCount(0);
    // After the undo window the DELETE has been sent: a reload does not bring it back.
    await expect.poll(async () => (await (await context.request.get("/api/v1/routines")).json()).items.length, { timeout: 10_000 }).toBe(0);
    await page.reload();
    await expect(page.getByText("Ainda não tem rotinas")).toBeVisible();
  });
});
