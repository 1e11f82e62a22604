import { expect, test } from "@playwright/test";
import { createUser, dismissCookieBanner, lisbonDay, untilHydrated } from "./support";

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
});
