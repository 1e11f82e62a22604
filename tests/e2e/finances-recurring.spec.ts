import { expect, test } from "@playwright/test";
import { createUser, dismissCookieBanner, lisbonDate, untilHydrated } from "./support";

/** The same day next month, kept inside the month (31 January → 28 February), as the rule computes it. */
function nextMonth(date: string) {
  const [y, m, d] = date.split("-").map(Number);
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d, last), 12));
}

/** The `n`-th monthly occurrence from `date` (the day kept, clamped to short months), as a Date at noon UTC. */
function monthsLater(date: string, n: number) {
  const [y, m, d] = date.split("-").map(Number);
  const last = new Date(Date.UTC(y, m - 1 + n + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + n, Math.min(d, last), 12));
}

test.describe("finances: recurring transactions (Movimentos fixos)", () => {
  test("add a monthly expense from today, see it with next month's date and today's transaction, stop it", async ({ page, context }) => {
    test.setTimeout(120_000);
    await dismissCookieBanner(page);
    await createUser(context.request, `e2e-fixos-${Date.now()}@example.com`, { toursDone: true });
    await page.goto("/app/financas");
    await untilHydrated(page);

    await page.getByTestId("open-recurring").click();
    const dialog = page.getByTestId("recurring-dialog");
    await expect(dialog.getByTestId("recurring-empty")).toHaveText("Ainda não tem movimentos fixos.");

    // A monthly expense whose first date is today (the form's default).
    const form = dialog.getByTestId("recurring-form");
    await form.getByLabel("Valor").fill("35");
    await form.getByLabel("Valor").press("Tab");
    await form.getByLabel("Descrição").fill("Ginásio");
    await form.getByLabel("Categoria", { exact: true }).selectOption("health");
    await expect(form.getByLabel("Frequência")).toHaveValue("monthly");
    await form.getByRole("button", { name: "Adicionar" }).click();

    const item = dialog.getByTestId("recurring-item");
    await expect(item).toHaveCount(1);
    await expect(item).toContainText("Ginásio");
    await expect(item).toContainText("Mensal");
    await expect(item).toContainText("35,00");
    const next = new Intl.DateTimeFormat("pt-PT", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(nextMonth(lisbonDate()));
    await expect(item).toContainText(`Próximo: ${next}`);

    // Today's transaction is written at once.
    await dialog.getByRole("button", { name: "Fechar" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("recent-transactions")).toContainText("Ginásio");

    // Stop it, after the confirmation; the transaction already written stays.
    await page.getByTestId("open-recurring").click();
    await dialog.getByRole("button", { name: "Parar Ginásio" }).click();
    await expect(page.getByText("Parar este movimento fixo? Os movimentos já registados ficam.")).toBeVisible();
    await page.getByRole("button", { name: "Parar", exact: true }).click();
    await expect(dialog.getByTestId("recurring-empty")).toBeVisible();
    await dialog.getByRole("button", { name: "Fechar" }).click();
    await page.reload();
    await untilHydrated(page);
    await expect(page.getByTestId("recent-transactions")).toContainText("Ginásio");
  });

  test("add one with an end date (Até), skip the next one and see the date after it", async ({ page, context }) => {
    test.setTimeout(120_000);
    await dismissCookieBanner(page);
    await createUser(context.request, `e2e-fixos-fim-${Date.now()}@example.com`, { toursDone: true });
    await page.goto("/app/financas");
    await untilHydrated(page);

    await page.getByTestId("open-recurring").click();
    const dialog = page.getByTestId("recurring-dialog");
    await expect(dialog.getByTestId("recurring-empty")).toBeVisible();
    const long = (date: Date) => new Intl.DateTimeFormat("pt-PT", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(date);
    const typed = (date: Date) => new Intl.DateTimeFormat("pt-PT", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" }).format(date);
    const today = lisbonDate();
    // A car payment from today until the third month's date: today's, then three more.
    const end = monthsLater(today, 3);
    const form = dialog.getByTestId("recurring-form");
    await form.getByLabel("Valor").fill("250");
    await form.getByLabel("Valor").press("Tab");
    await form.getByLabel("Descrição").fill("Prestação do carro");
    await form.getByLabel("Categoria", { exact: true }).selectOption("transport");
    await form.getByRole("textbox", { name: /^Até/ }).fill(typed(end));
    await form.getByRole("textbox", { name: /^Até/ }).press("Tab");
    await form.getByRole("button", { name: "Adicionar" }).click();

    const item = dialog.getByTestId("recurring-item");
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(`Próximo: ${long(monthsLater(today, 1))}`);
    await expect(item).toContainText(`até ${long(end)}`);

    // Skip next month's: nothing is written for it, and the one after is shown.
    await item.getByRole("button", { name: "Saltar o próximo de Prestação do carro" }).click();
    await expect(item.getByTestId("recurring-next")).toHaveText(`Próximo: ${long(monthsLater(today, 2))}`);
    await expect(page.getByText(`Próximo movimento saltado. Segue-se a ${long(monthsLater(today, 2))}.`)).toBeVisible();

    // As the server has it, after the dialog is opened again.
    await dialog.getByRole("button", { name: "Fechar" }).click();
    await expect(dialog).toBeHidden();
    await page.getByTestId("open-recurring").click();
    await expect(dialog.getByTestId("recurring-item")).toContainText(`Próximo: ${long(monthsLater(today, 2))}`);
  });
  test("edit the amount of one in the dialog and see it after reopening", async ({ page, context }) => {
    test.setTimeout(120_000);
    await dismissCookieBanner(page);
    await createUser(context.request, `e2e-fixos-editar-${Date.now()}@example.com`, { toursDone: true });
    await page.goto("/app/financas");
    await untilHydrated(page);

    await page.getByTestId("open-recurring").click();
    const dialog = page.getByTestId("recurring-dialog");
    await expect(dialog.getByTestId("recurring-empty")).toBeVisible();
    const form = dialog.getByTestId("recurring-form");
    await form.getByLabel("Valor").fill("35");
    await form.getByLabel("Valor").press("Tab");
    await form.getByLabel("Descrição").fill("Ginásio");
    await form.getByRole("button", { name: "Adicionar" }).click();
    const item = dialog.getByTestId("recurring-item");
    await expect(item).toHaveCount(1);
    await expect(dialog.getByTestId("recurring-totals")).toHaveText("Por mês: entram 0,00 € · saem 35,00 €");

    // Escape leaves it as it was; then the amount changes in place.
    await item.getByRole("button", { name: "Editar Ginásio" }).click();
    const edit = dialog.getByTestId("recurring-edit-form");
    await expect(edit.getByLabel("Valor")).toBeFocused();
    await expect(edit).toContainText("Para mudar o tipo, a frequência ou a primeira data, pare este e crie outro.");
    await edit.getByLabel("Valor").fill("42,50");
    await page.keyboard.press("Escape");
    await expect(edit).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(item).toContainText("35,00");

    await item.getByRole("button", { name: "Editar Ginásio" }).click();
    await edit.getByLabel("Valor").fill("42,50");
    await edit.getByLabel("Valor").press("Enter");
    await expect(page.getByText("Movimento fixo alterado")).toBeVisible();
    await expect(item).toContainText("42,50");
    await expect(dialog.getByTestId("recurring-totals")).toHaveText("Por mês: entram 0,00 € · saem 42,50 €");

    // As the server has it, after the dialog is opened again.
    await dialog.getByRole("button", { name: "Fechar" }).click();
    await expect(dialog).toBeHidden();
    await page.getByTestId("open-recurring").click();
    await expect(dialog.getByTestId("recurring-item")).toContainText("42,50");
  });
});
