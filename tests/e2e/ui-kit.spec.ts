import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { dismissCookieBanner, untilHydrated } from "./support";

// The kit gallery (/dev/ui, development only) in the real browser: the date picker's keyboard
// use and typed input, the money input, and axe over every component.
test.describe("UI kit gallery", () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto("/dev/ui");
    await untilHydrated(page);
  });

  test("the date picker opens on a Monday-first month and is driven by the keyboard", async ({ page }) => {
    const date = page.getByRole("textbox", { name: "Data limite" }).first();
    await date.fill("31/01/2026");
    await date.press("Tab");
    await expect(page.getByTestId("date-value")).toContainText("2026-01-31");
    await expect(date).toHaveValue("31/01/2026");

    await page.getByRole("button", { name: /Escolher data/ }).first().click();
    const grid = page.getByRole("grid");
    await expect(grid).toBeVisible();
    await expect(page.getByRole("columnheader").first()).toHaveAttribute("abbr", "segunda-feira");
    await expect(page.locator(":focus")).toHaveAttribute("data-date", "2026-01-31");

    await page.keyboard.press("ArrowRight");
    await expect(page.locator(":focus")).toHaveAttribute("data-date", "2026-02-01");
    await expect(page.getByRole("heading", { name: "fevereiro de 2026" })).toBeVisible();
    await page.keyboard.press("PageDown");
    await expect(page.locator(":focus")).toHaveAttribute("data-date", "2026-03-01");
    await page.keyboard.press("Home");
    await expect(page.locator(":focus")).toHaveAttribute("data-date", "2026-02-23");
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await expect(grid).toBeHidden();
    await expect(page.getByTestId("date-value")).toContainText("2026-03-01");
    await expect(date).toHaveValue("01/03/2026");

    // Escape closes without changing the value and gives the focus back to the calendar button.
    await page.getByRole("button", { name: /Escolher data/ }).first().click();
    await expect(grid).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Escape");
    await expect(grid).toBeHidden();
    await expect(page.getByRole("button", { name: /Escolher data/ }).first()).toBeFocused();
    await expect(page.getByTestId("date-value")).toContainText("2026-03-01");
  });

  test("a typed impossible date is refused with a message", async ({ page }) => {
    const date = page.getByRole("textbox", { name: "Data limite" }).first();
    await date.fill("2026-02-30");
    await date.press("Tab");
    await expect(date).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Data inválida. Use dd/mm/aaaa.")).toBeVisible();
  });

  test("the money input holds cents and shows euros the Portuguese way", async ({ page }) => {
    const amount = page.getByRole("textbox", { name: "Valor" });
    await amount.fill("1.234,5");
    await amount.press("Tab");
    await expect(page.getByTestId("money-value")).toHaveText("Em cêntimos: 123450");
    await expect(amount).toHaveValue(/^1\s234,50$/);
    await amount.fill("2.50");
    await amount.press("Tab");
    await expect(page.getByTestId("money-value")).toHaveText("Em cêntimos: 250");
  });

  test("the destructive dialog opens on Cancel and Escape cancels", async ({ page }) => {
    await page.getByRole("button", { name: "Apagar tarefa" }).click();
    await expect(page.getByRole("button", { name: "Cancelar" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("heading", { name: "Apagar esta tarefa?" })).toBeHidden();
    await expect(page.getByText("Tarefa apagada.")).toHaveCount(0);
  });

  test("no serious or critical axe violations, with the calendar open", async ({ page }) => {
    await page.getByRole("button", { name: /Escolher data/ }).first().click();
    await expect(page.getByRole("grid")).toBeVisible();
    // Headless UI's focus sentinels around an open Popover are aria-hidden on purpose: they only
    // hand the focus on when tabbing out of the portal, and are never reached as content.
    const results = await new AxeBuilder({ page }).exclude('[data-testid="cookie-banner"]').exclude('[id^="headlessui-focus-sentinel"]').analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
});
