import { expect, test } from "@playwright/test";
import { createUser, dismissCookieBanner, lisbonDay, originOf, untilHydrated } from "./support";

const typed = (iso: string) => iso.split("-").reverse().join("/");

test.describe("menstrual cycle", () => {
  test("log four periods and see the prediction on the calendar", async ({ page, context }) => {
    test.setTimeout(120_000); // four logs through the dialog, each revalidating the screen
    await createUser(context.request, `e2e-cycle-${Date.now()}@example.com`, { toursDone: true });
    await dismissCookieBanner(page);
    await page.goto("/app/ciclo-menstrual");
    await untilHydrated(page);
    await expect(page.getByRole("heading", { name: "Ainda não registou nenhum dia" })).toBeVisible();
    await expect(page.getByText("não são um método contracetivo")).toBeVisible();

    // Four periods, 28, 29 and 28 days apart, the last one five days ago.
    const starts = [lisbonDay(-90), lisbonDay(-62), lisbonDay(-33), lisbonDay(-5)];
    for (const start of starts) {
      await page.getByRole("button", { name: "Registar outro dia" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Dia", { exact: true }).fill(typed(start));
      await dialog.getByRole("radio", { name: "Intenso" }).click();
      await dialog.getByLabel("Cólicas").check();
      await dialog.getByRole("button", { name: "Guardar" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText("Dia registado").last()).toBeVisible();
    }

    // (28 + 29 + 28) / 3 = 28.3 → 28 days after the last start; the range from 28 to 29 days.
    const next = lisbonDay(23);
    const prediction = page.getByTestId("cycle-prediction");
    await expect(prediction).toContainText("28 dias");
    await expect(prediction).toContainText("Média dos últimos 3 ciclos.");
    await expect(page.getByTestId("cycle-list").getByText("29 dias")).toBeVisible();
    // The fertile window as one range of days: "4–9 de dezembro", or across two months
    // "29 de novembro – 4 de dezembro" (not "4 de dezembro – 9 de dezembro"), and across two years
    // with both years ("28 de dezembro de 2026 – 1 de janeiro de 2027", a run in December).
    const range = "\\d{1,2}(–| de [a-zç]+\\s–\\s| de [a-zç]+ de \\d{4}\\s–\\s)\\d{1,2} de [a-zç]+( de \\d{4})?";
    await expect(page.getByTestId("fertile-window")).toHaveText(new RegExp(`^${range}$`));
    // The likely range, 28 to 29 days after the last start, said the same way.
    await expect(page.getByTestId("prediction-range")).toHaveText(new RegExp(`^Intervalo provável: ${range}$`));

    // The predicted start, on the calendar of its month: outlined, and said in words.
    if (next.slice(0, 7) !== lisbonDay(0).slice(0, 7)) await page.getByRole("link", { name: "Mês seguinte" }).click();
    const cell = page.getByTestId("cycle-calendar").locator(`[data-date="${next}"]`);
    await expect(cell).toHaveAttribute("data-marks", /predicted/);
    await expect(cell).toContainText("Período previsto");
    // Ovulation 14 days before it.
    const ovulation = lisbonDay(9);
    if (ovulation.slice(0, 7) === next.slice(0, 7)) await expect(page.locator(`[data-date="${ovulation}"]`)).toHaveAttribute("data-marks", /ovulation/);

    // Browsing ahead: the period two cycles after the next one is drawn too, 2 × 28 days later.
    const later = lisbonDay(23 + 56);
    await page.goto(`/app/ciclo-menstrual?mes=${later.slice(0, 7)}`);
    await expect(page.getByTestId("cycle-calendar").locator(`[data-date="${later}"]`)).toHaveAttribute("data-marks", /predicted/);
  });

  test("on a phone: logging today, then deleting it, can be undone", async ({ page, context }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await createUser(context.request, `e2e-cycle-undo-${Date.now()}@example.com`, { toursDone: true });
    await dismissCookieBanner(page);
    await page.goto("/app/ciclo-menstrual");
    await untilHydrated(page);
    await page.getByTestId("log-today").click();
    await page.getByRole("dialog").getByRole("radio", { name: "Leve" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Guardar" }).click();
    const today = page.getByTestId("cycle-calendar").locator(`[data-date="${lisbonDay(0)}"]`);
    await expect(today).toHaveAttribute("data-marks", /logged/);

    await today.click();
    await expect(page.getByRole("dialog")).toContainText("Editar");
    await page.getByRole("dialog").getByRole("button", { name: "Eliminar registo" }).click();
    await expect(page.getByText("Registo eliminado")).toBeVisible();
    await expect(today).not.toHaveAttribute("data-marks", /logged/);
    await page.getByRole("button", { name: "Anular" }).click();
    await expect(today).toHaveAttribute("data-marks", /logged/);
    // The month fits the phone's width: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("a five-day period logged in one dialog is five days marked after a reload, and its undo takes them back", async ({ page, context }) => {
    test.setTimeout(90_000);
    const request = context.request;
    await createUser(request, `e2e-cycle-period-${Date.now()}@example.com`, { toursDone: true });
    await dismissCookieBanner(page);
    await page.goto("/app/ciclo-menstrual");
    await untilHydrated(page);

    const days = [-6, -5, -4, -3, -2].map((offset) => lisbonDay(offset));
    await page.getByRole("button", { name: "Registar período" }).click();
    const dialog = page.getByRole("dialog", { name: "Registar período" });
    await dialog.getByLabel("Primeiro dia", { exact: true }).fill(typed(days[0]));
    await dialog.getByLabel("Primeiro dia", { exact: true }).press("Tab");
    await dialog.getByLabel("Ainda a decorrer").uncheck();
    await dialog.getByLabel("Último dia", { exact: true }).fill(typed(days[4]));
    await dialog.getByLabel("Último dia", { exact: true }).press("Tab");
    await expect(dialog.getByTestId("period-length")).toHaveText("5 dias");
    await dialog.getByRole("radio", { name: "Intenso" }).click();
    // One request for the whole period.
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/api/v1/cycle/")) posts.push(new URL(r.url()).pathname);
    });
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Período registado (5 dias)")).toBeVisible();
    expect(posts).toEqual(["/api/v1/cycle/days/range"]);

    const marked = async () => {
      for (const month of [...new Set(days.map((d) => d.slice(0, 7)))]) {
        await page.goto(`/app/ciclo-menstrual?mes=${month}`);
        await untilHydrated(page);
        for (const date of days.filter((d) => d.startsWith(month))) {
          const cell = page.getByTestId("cycle-calendar").locator(`[data-date="${date}"]`);
          await expect(cell, date).toHaveAttribute("data-marks", /logged/);
          await expect(cell, date).toHaveAttribute("aria-label", /Período registado: Intenso/);
        }
      }
    };
    await marked();
    const stored = async () => ((await (await request.get(`/api/v1/cycle/days?from=${days[0]}&to=${days[4]}`)).json()).items as { flow: string }[]).map((d) => d.flow);
    expect(await stored()).toEqual(["heavy", "heavy", "heavy", "heavy", "heavy"]);

    // Logged once more and undone: the five days are gone again.
    await page.getByRole("button", { name: "Registar período" }).click();
    await dialog.getByLabel("Primeiro dia", { exact: true }).fill(typed(lisbonDay(-20)));
    await dialog.getByLabel("Primeiro dia", { exact: true }).press("Tab");
    await dialog.getByLabel("Ainda a decorrer").uncheck();
    await dialog.getByLabel("Último dia", { exact: true }).fill(typed(lisbonDay(-18)));
    await dialog.getByLabel("Último dia", { exact: true }).press("Tab");
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Anular" }).click();
    await expect(page.getByText("Registo do período anulado")).toBeVisible();
    await expect.poll(async () => (await (await request.get(`/api/v1/cycle/days?from=${lisbonDay(-20)}&to=${lisbonDay(-18)}`)).json()).items.length).toBe(0);
  });

  // A period left unlogged made one 56-day cycle that pulled a 28-day mean to 35 (decision 0113).
  test("a cycle about twice the usual one is left out, and its missing period is logged from the cycle list", async ({ page, context }) => {
    test.setTimeout(90_000);
    const request = context.request;
    await createUser(request, `e2e-cycle-missed-${Date.now()}@example.com`, { toursDone: true });
    // 28, 28 and 56 days apart (the period about 28 days into the last cycle not logged), the last 5 days ago.
    for (const offset of [-117, -89, -61, -5]) {
      const answer = await request.post("/api/v1/cycle/days/range", { headers: originOf(request), data: { start: lisbonDay(offset), end: lisbonDay(offset + 3), flow: "medium" } });
      expect(answer.status()).toBe(201);
    }
    await dismissCookieBanner(page);
    await page.goto("/app/ciclo-menstrual");
    await untilHydrated(page);
    const prediction = page.getByTestId("cycle-prediction");
    await expect(prediction).toContainText("Média dos últimos 2 ciclos.");
    await expect(page.getByTestId("next-period")).toBeVisible();
    const list = page.getByTestId("cycle-list");
    await expect(list.getByTestId("cycle-likely-missed")).toContainText("provavelmente falta registar um período");

    await list.getByRole("button", { name: "Registar esse período" }).click();
    const dialog = page.getByRole("dialog", { name: "Registar período" });
    await expect(dialog.getByLabel("Primeiro dia", { exact: true })).toHaveValue(typed(lisbonDay(-33)));
    await expect(dialog.getByLabel("Ainda a decorrer")).not.toBeChecked();
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/^Período registado \(\d+ dias\)$/)).toBeVisible();
    // Four cycles of 28 days now, nothing left out.
    await expect(prediction).toContainText("Média dos últimos 4 ciclos.");
    await expect(list.getByTestId("cycle-likely-missed")).toHaveCount(0);
    const cycles = (await (await request.get("/api/v1/cycle/predictions")).json()).cycleLengths as { length: number; excluded: string | null }[];
    expect(cycles.map((c) => [c.length, c.excluded])).toEqual([
      [28, null],
      [28, null],
      [28, null],
      [28, null],
    ]);
  });

  test("a long cycle the person says was real is counted, and taking it back leaves it out again", async ({ page, context }) => {
    test.setTimeout(90_000);
    const request = context.request;
    await createUser(request, `e2e-cycle-long-${Date.now()}@example.com`, { toursDone: true });
    // 28, 28 and 56 days apart, the last 5 days ago, as above.
    for (const offset of [-117, -89, -61, -5]) {
      const answer = await request.post("/api/v1/cycle/days/range", { headers: originOf(request), data: { start: lisbonDay(offset), end: lisbonDay(offset + 3), flow: "medium" } });
      expect(answer.status()).toBe(201);
    }
    await dismissCookieBanner(page);
    await page.goto("/app/ciclo-menstrual");
    await untilHydrated(page);
    const prediction = page.getByTestId("cycle-prediction");
    const list = page.getByTestId("cycle-list");
    await expect(prediction).toContainText("Média dos últimos 2 ciclos.");

    await list.getByRole("button", { name: "Foi mesmo um ciclo longo" }).click();
    // Counted: three cycles in the mean, the question gone, the word said in the list.
    await expect(prediction).toContainText("Média dos últimos 3 ciclos.");
    await expect(list.getByTestId("cycle-confirmed-long")).toBeVisible();
    await expect(list.getByTestId("cycle-likely-missed")).toHaveCount(0);
    const counted = (await (await request.get("/api/v1/cycle/predictions")).json()) as { averageCycleLength: number; cycleLengths: { length: number; excluded: string | null; confirmedLong?: true }[] };
    expect(counted.cycleLengths.map((c) => [c.length, c.excluded, c.confirmedLong ?? null])).toEqual([
      [28, null, null],
      [28, null, null],
      [56, null, true],
    ]);
    // (28 + 28 + 56) / 3 = 37.3 → 37.
    expect(counted.averageCycleLength).toBe(37);
    // Still counted after a reload (stored, not a state of the page).
    await page.reload();
    await untilHydrated(page);
    await expect(list.getByTestId("cycle-confirmed-long")).toBeVisible();

    await list.getByRole("button", { name: "Afinal não foi" }).click();
    await expect(list.getByTestId("cycle-likely-missed")).toBeVisible();
    await expect(prediction).toContainText("Média dos últimos 2 ciclos.");
  });

  // A period begun yesterday had to be logged again through a dialog every day (decision 0105).
  test("a period with flow yesterday is carried on today with one tap, undone, then said to have ended", async ({ page, context }) => {
    test.setTimeout(90_000);
    const request = context.request;
    await createUser(request, `e2e-cycle-ongoing-${Date.now()}@example.com`, { toursDone: true });
    const [yesterday, today] = [lisbonDay(-1), lisbonDay(0)];
    expect((await request.post("/api/v1/cycle/days", { headers: originOf(request), data: { date: yesterday, flow: "heavy" } })).status()).toBe(201);
    // The question is rendered on the server: it must hydrate as the browser renders it.
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await dismissCookieBanner(page);
    await page.goto("/app/ciclo-menstrual");
    await untilHydrated(page);
    const stored = async () => ((await (await request.get(`/api/v1/cycle/days?from=${today}&to=${today}`)).json()).items as { flow: string }[]).map((d) => d.flow);

    const question = page.getByRole("group", { name: "O período continua hoje?" });
    await expect(question).toContainText("Seria o 2.º dia, com o fluxo de ontem (intenso).");
    await question.getByRole("button", { name: "Continua" }).click();
    await expect(page.getByText("Hoje registado como dia de período")).toBeVisible();
    await expect(question).toBeHidden();
    const cell = page.getByTestId("cycle-calendar").locator(`[data-date="${today}"]`);
    await expect(cell).toHaveAttribute("aria-label", /Período registado: Intenso/);
    expect(await stored()).toEqual(["heavy"]);

    // Undone: today has no log again, and the question is back.
    await page.getByRole("button", { name: "Anular" }).click();
    await expect(page.getByText("Resposta anulada")).toBeVisible();
    await expect(question).toBeVisible();
    await expect.poll(stored).toEqual([]);

    // "Já terminou": today logged without flow, and not asked again, after a reload too.
    await question.getByRole("button", { name: "Já terminou" }).click();
    await expect(page.getByText("Registado: o período terminou ontem")).toBeVisible();
    await expect(cell).toHaveAttribute("aria-label", /Dia registado sem fluxo/);
    expect(await stored()).toEqual(["none"]);
    await page.reload();
    await untilHydrated(page);
    await expect(page.getByTestId("cycle-prediction")).toBeVisible();
    await expect(question).toBeHidden();
    expect(errors).toEqual([]);
  });

  // The reminder said "Período previsto em breve" on lock screens and in e-mail (decision 0031).
  test("the discreet reminder is on by default in Preferências, and its neutral link opens the cycle screen", async ({ page, context }) => {
    await createUser(context.request, `e2e-cycle-discreet-${Date.now()}@example.com`, { toursDone: true });
    await dismissCookieBanner(page);
    await page.goto("/app/perfil?tab=preferences");
    await untilHydrated(page);
    const discreet = page.getByRole("switch", { name: "Lembrete do ciclo discreto" });
    await expect(discreet).toBeChecked();
    // The preferences tab hydrates after the page (its code loads on demand): turned off once it answers.
    await expect(async () => {
      if ((await discreet.getAttribute("aria-checked")) === "true") await discreet.click();
      await expect(discreet).not.toBeChecked({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await page.reload();
    await untilHydrated(page);
    await expect(page.getByRole("switch", { name: "Lembrete do ciclo discreto" })).not.toBeChecked();

    await page.goto("/app/lembrete");
    await expect(page).toHaveURL(/\/app\/ciclo-menstrual$/);
  });
});
