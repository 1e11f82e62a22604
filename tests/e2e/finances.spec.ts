import { expect, test } from "@playwright/test";
import { createUser, dismissCookieBanner, lisbonDate, originOf, untilHydrated } from "./support";

test.describe("finances", () => {
  test("add a transaction and see it on the dashboard; filter the list; hide values, remembered", async ({ page, context }) => {
    // A long path on a shared machine: sign-up, three screens, two reloads.
    test.setTimeout(120_000);
    await dismissCookieBanner(page);
    await createUser(context.request, `e2e-financas-${Date.now()}@example.com`, { toursDone: true });
    await page.goto("/app/financas");
    await untilHydrated(page);
    await expect(page.getByRole("heading", { name: "Ainda não há transações" })).toBeVisible();

    // Add an expense through the form.
    await page.getByTestId("add-transaction").click();
    const form = page.getByTestId("transaction-form");
    await form.getByLabel("Valor").fill("45,90");
    await form.getByLabel("Valor").press("Tab");
    await form.getByLabel("Descrição").fill("Continente");
    await form.getByLabel("Categoria", { exact: true }).selectOption("groceries");
    await form.getByRole("button", { name: "Guardar" }).click();
    await expect(form).toBeHidden();
    await expect(page.getByTestId("recent-transactions")).toContainText("Continente");
    await expect(page.getByTestId("recent-transactions")).toContainText("45,90");
    // Up to today while the month runs ("do mês" on its last day, when nothing of it is still to come).
    await expect(page.getByText(/^Despesas (até hoje|do mês)$/).locator("..")).toContainText("45,90");

    // A category of the user's own, created from the form and used at once.
    await page.getByTestId("add-transaction").click();
    await form.getByRole("button", { name: "+ Nova categoria" }).click();
    await form.getByLabel("Nome da nova categoria").fill("Animais");
    await form.getByRole("button", { name: "Criar categoria" }).click();
    await expect(form.getByLabel("Categoria", { exact: true }).locator("option:checked")).toHaveText("Animais");
    await form.getByLabel("Valor").fill("12");
    await form.getByLabel("Valor").press("Tab");
    await form.getByRole("button", { name: "Guardar" }).click();
    await expect(form).toBeHidden();
    await expect(page.getByTestId("recent-transactions")).toContainText("Animais");

    // An income through the API; the screen follows (realtime or the next load).
    const today = lisbonDate();
    const income = await context.request.post("/api/v1/transactions", {
      headers: originOf(context.request),
      data: { type: "income", amountCents: 150000, description: "Salário novembro", date: today, category: "salary" },
    });
    expect(income.status()).toBe(201);
    await page.getByRole("tab", { name: "Transações" }).click();
    await expect(page.getByTestId("transaction-row")).toHaveCount(3);
    await page.getByTestId("finance-filters").getByLabel("Tipo").selectOption("income");
    await page.getByRole("button", { name: "Aplicar filtros" }).click();
    await expect(page.getByTestId("transaction-row")).toHaveCount(1);
    await expect(page.getByTestId("transaction-row")).toContainText("Salário novembro");
    await page.getByRole("button", { name: "Limpar filtros" }).click();
    await expect(page.getByTestId("transaction-row")).toHaveCount(3);
    await page.getByTestId("finance-filters").getByLabel("Pesquisar na descrição").fill("contin");
    await page.getByRole("button", { name: "Aplicar filtros" }).click();
    await expect(page.getByTestId("transaction-row")).toHaveCount(1);
    await expect(page.getByTestId("transaction-row")).toContainText("Continente");

    // Hide values: masked everywhere, and still masked after a reload.
    const remembered = page.waitForResponse((r) => r.url().endsWith("/api/v1/me") && r.request().method() === "PATCH");
    await page.getByTestId("toggle-values").click();
    expect((await remembered).status()).toBe(200);
    await expect(page.getByTestId("transaction-list")).not.toContainText("45,90");
    await expect(page.locator('[data-money="shown"]')).toHaveCount(0);
    await page.goto("/app/financas");
    await untilHydrated(page);
    await expect(page.getByTestId("toggle-values")).toHaveAttribute("aria-pressed", "true");
    await expect(page.locator('[data-money="hidden"]').first()).toBeVisible();
    await expect(page.getByTestId("recent-transactions")).not.toContainText("45,90");
    // Search results too: the amount is masked there as well.
    await page.keyboard.press("Control+k");
    const search = page.getByRole("dialog");
    await search.getByRole("combobox").fill("Continente");
    await expect(search.getByText(/valor oculto/)).toBeVisible();
    await expect(search).not.toContainText("45,90");
    await page.keyboard.press("Escape");
    await page.getByTestId("toggle-values").click();
    await expect(page.getByTestId("recent-transactions")).toContainText("45,90");

    // Spending by category: a category opens its expenses of the month, in the page (client navigation).
    await page.getByTestId("category-bars").getByRole("link", { name: /Animais/ }).click();
    await expect(page.getByRole("tab", { name: "Transações" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("transaction-row")).toHaveCount(1);
    await expect(page.getByTestId("transaction-row")).toContainText("Animais");
    await expect(page.getByTestId("finance-filters").getByLabel("Tipo")).toHaveValue("expense");
  });

  test("a dialog opened at once by the keyboard gives the focus back to its opener on Escape", async ({ page, context }) => {
    await dismissCookieBanner(page);
    await createUser(context.request, `e2e-financas-focus-${Date.now()}@example.com`, { toursDone: true });
    const created = await context.request.post("/api/v1/transactions", { headers: originOf(context.request), data: { type: "expense", amountCents: 250, description: "Café", date: lisbonDate(), category: "restaurants" } });
    expect(created.status()).toBe(201);
    await page.goto("/app/financas");
    await untilHydrated(page);
    // Within the page's first seconds, before any dialog code has loaded (decision 0067).
    await page.getByRole("tab", { name: "Transações" }).click();
    const edit = page.getByRole("button", { name: "Editar Café" });
    await edit.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Editar transação" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("heading", { name: "Editar transação" })).toBeHidden();
    await expect(edit).toBeFocused();
  });

  test.describe("amounts in the server's HTML (no JavaScript)", () => {
    // Server HTML only: the breakdown must not wait for hydration or a chart library (decision 0063).
    test.use({ javaScriptEnabled: false });

    test("every expense category with its amount, share and bar, largest first; masked when values are hidden", async ({ page, context }) => {
      await createUser(context.request, `e2e-financas-cat-${Date.now()}@example.com`, { toursDone: true });
      const today = lisbonDate();
      const headers = originOf(context.request);
      for (const [amountCents, category] of [[1200, "transport"], [4590, "groceries"], [800, "groceries"], [300000, "salary"]] as const) {
        const type = category === "salary" ? "income" : "expense";
        const created = await context.request.post("/api/v1/transactions", { headers, data: { type, amountCents, date: today, category } });
        expect(created.status()).toBe(201);
      }

      await page.goto("/app/financas");
      const rows = page.getByTestId("category-bars").getByTestId("category-bar");
      // Income is not spending: two rows, groceries (53,90 €, 82 %) before transport (12,00 €, 18 %).
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText("Supermercado");
      await expect(rows.nth(0)).toContainText("53,90 €");
      await expect(rows.nth(0)).toContainText("82%");
      await expect(rows.nth(1)).toContainText("Transportes");
      await expect(rows.nth(1)).toContainText("12,00 €");
      await expect(rows.nth(1)).toContainText("18%");
      await expect(rows.nth(0).locator("[aria-hidden] > div")).toHaveAttribute("style", /width: ?100%/);
      await expect(rows.nth(1).locator("[aria-hidden] > div")).toHaveAttribute("style", /width: ?22\.3%/);
      await expect(page.locator(".recharts-surface")).toHaveCount(0);

      // A category opens its transactions of the month (the transactions tab is server-rendered for a ?tab= link).
      await rows.nth(0).getByRole("link").click();
      await expect(page).toHaveURL(/tab=transactions&type=expense&category=groceries&from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}/);
      await expect(page.getByTestId("transaction-row")).toHaveCount(2);
      await expect(page.getByTestId("transaction-list")).toContainText("45,90");
      await expect(page.getByTestId("transaction-list")).not.toContainText("12,00");

      const hide = await context.request.patch("/api/v1/me", { headers, data: { preferences: { hideFinanceValues: true } } });
      expect(hide.status()).toBe(200);
      await page.goto("/app/financas");
      await expect(rows).toHaveCount(2);
      await expect(page.getByTestId("category-bars")).not.toContainText("53,90");
      await expect(page.getByTestId("category-bars")).not.toContainText("%");
      // Said as words (visually hidden text), not as bullets or an aria-label on a span.
      await expect(rows.nth(0)).toContainText("Valor oculto");
      await expect(page.getByTestId("category-bars").locator("[aria-label]")).toHaveCount(0);
      await expect(rows.nth(1).locator("[aria-hidden] > div")).toHaveAttribute("style", /width: ?22\.3%/);
    });

    test("with values hidden, the dashboard's spending today shows bullets and says 'Valor oculto'", async ({ page, context }) => {
      await createUser(context.request, `e2e-financas-dash-${Date.now()}@example.com`, { toursDone: true });
      const today = lisbonDate();
      const headers = originOf(context.request);
      expect((await context.request.post("/api/v1/transactions", { headers, data: { type: "expense", amountCents: 4590, date: today, category: "groceries" } })).status()).toBe(201);
      await page.goto("/app/dashboard");
      const card = page.getByTestId("today-spending");
      await expect(card).toContainText("45,90");
      await expect(card).not.toContainText("Valor oculto");

      expect((await context.request.patch("/api/v1/me", { headers, data: { preferences: { hideFinanceValues: true } } })).status()).toBe(200);
      await page.goto("/app/dashboard");
      await expect(card).not.toContainText("45,90");
      await expect(card.locator('[aria-hidden="true"]').first()).toContainText("•••••");
      await expect(card.locator(".sr-only").first()).toContainText("Valor oculto");
      await expect(card.locator("[aria-label]")).toHaveCount(0);
    });
  });
});
