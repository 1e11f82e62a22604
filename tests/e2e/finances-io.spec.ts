import { expect, test } from "@playwright/test";
import { createUser, dismissCookieBanner, lisbonDate, untilHydrated } from "./support";

/** A Caixa Geral de Depósitos export as the bank sends it: Windows-1252, `;`, title lines first. */
function cgdExport(today: string) {
  const [y, m] = today.split("-");
  const text = [
    `Consultar saldos e movimentos à ordem - 01-${m}-${y}`,
    "Conta ;0123012345600 - EUR - Conta Caixa",
    "",
    "Data mov. ;Data valor ;Descrição ;Débito ;Crédito ;Saldo contabilístico ;",
    `01-${m}-${y};01-${m}-${y};COMPRA PINGO DOCE SETUBAL ;23,45;;976,55;`,
    `01-${m}-${y};01-${m}-${y};TRF SEPA+ REEMBOLSO SEGURO ;;120,00;1.096,55;`,
    "",
    "Saldo contabilístico ;1.096,55 EUR",
  ].join("\r\n");
  return Buffer.from(Uint8Array.from(text, (ch) => (ch === "€" ? 0x80 : ch.charCodeAt(0))));
}

test.describe("finances: sentence, bank import, CSV export", () => {
  test("'café 2,50' by sentence on the dashboard, a bank file through the preview, its insight, then a CSV export", async ({ page, context }) => {
    test.setTimeout(120_000);
    await dismissCookieBanner(page);
    await createUser(context.request, `e2e-financas-io-${Date.now()}@example.com`, { toursDone: true });
    await page.goto("/app/financas");
    await untilHydrated(page);

    // Entry by sentence: a draft to confirm, then it is on the dashboard.
    await page.getByRole("textbox", { name: "Adicionar por frase" }).fill("café 2,50");
    await page.getByRole("button", { name: "Interpretar" }).click();
    await expect(page.getByText("Confirme a transação")).toBeVisible();
    await page.getByRole("button", { name: "Guardar transação" }).click();
    await expect(page.getByText("Transação guardada")).toBeVisible();
    await expect(page.getByTestId("recent-transactions")).toContainText("Café");
    await expect(page.getByTestId("recent-transactions")).toContainText("2,50");

    // A bank export through the preview: the pending and balance lines are left out, two movements go in.
    const today = lisbonDate();
    await page.getByRole("button", { name: "Importar", exact: true }).click();
    await page.getByLabel("Escolher ficheiro").setInputFiles({ name: "movimentos.csv", mimeType: "text/csv", buffer: cgdExport(today) });
    await expect(page.getByText("2 movimentos a importar")).toBeVisible();
    await page.getByRole("button", { name: "Importar tudo" }).click();
    await expect(page.getByText("2 movimentos importados")).toBeVisible();
    await expect(page.getByTestId("recent-transactions")).toContainText("PINGO DOCE");

    // Observações, computed from these movements: the month's biggest expense category.
    await page.reload();
    await untilHydrated(page);
    await expect(page.getByTestId("finance-insights")).toContainText("foi a maior despesa de");

    // The CSV export: UTF-8 with a BOM, `;` and decimal commas in Portuguese, every row.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exportar CSV" }).click()]);
    const bytes = await (await download.createReadStream()).toArray();
    const csv = Buffer.concat(bytes).toString("utf8");
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain("Café");
    expect(csv).toContain("2,50");
    expect(csv).toMatch(/PINGO DOCE[^\r\n]*;/);
  });
});
