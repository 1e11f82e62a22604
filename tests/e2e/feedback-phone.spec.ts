import { devices, expect, test, type Locator, type Page } from "@playwright/test";
import { createUser, dismissCookieBanner, originOf, untilHydrated } from "./support";

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Whether a press at the element's centre reaches it, not something fixed above it. */
async function pressableAtCentre(target: Locator) {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !!hit && element.contains(hit);
  });
}

const tabBarTop = async (page: Page) => (await page.getByRole("navigation", { name: "Navegação principal" }).last().boundingBox())!.y;

/**
 * On a phone the Feedback entry is in the drawer: a floating button stood over the screens' content
 * (a new routine's Guardar, the tasks' Editar/Eliminar as the list scrolled, calendar cells).
 */
test.describe("the Feedback entry on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: devices["Pixel 7"].userAgent, locale: "pt-PT" });

  test.beforeEach(async ({ page }) => {
    await dismissCookieBanner(page);
    await createUser(page.request, uniqueEmail("feedback-phone"), { toursDone: true });
  });

  test("a new routine's Guardar is pressable where it stands", async ({ page }) => {
    await page.goto("/app/autocuidado");
    await untilHydrated(page);
    await page.getByRole("button", { name: "Nova rotina" }).first().click();
    const save = page.getByRole("button", { name: "Guardar", exact: true });
    // The form (with its reminder field, 0099) is taller than a phone's screen: scrolled to, as a
    // person would, Guardar must then be pressable, not under anything fixed.
    await save.scrollIntoViewIfNeeded();
    await expect(save).toBeInViewport();
    expect(await pressableAtCentre(save), "Guardar is covered").toBe(true);
  });

  test("every task row's Eliminar above the tab bar is pressable, wherever the list is scrolled", async ({ page }) => {
    for (let i = 1; i <= 12; i++) expect((await page.request.post("/api/v1/tasks", { headers: originOf(page.request), data: { title: `Tarefa ${i}` } })).status()).toBe(201);
    await page.goto("/app/tarefas");
    await untilHydrated(page);
    await expect(page.getByRole("button", { name: "Eliminar: Tarefa 12" })).toBeVisible();
    const bottom = await tabBarTop(page);
    const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    const covered = new Set<string>();
    for (let y = 0; y <= height; y += 40) {
      await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
      for (const button of await page.getByRole("button", { name: /^Eliminar: Tarefa/ }).all()) {
        const box = await button.boundingBox();
        if (!box || box.y < 56 || box.y + box.height > bottom) continue; // under the header or the tab bar
        if (!(await pressableAtCentre(button))) covered.add((await button.getAttribute("aria-label")) ?? "?");
      }
    }
    expect([...covered]).toEqual([]);
  });

  test("opens from the drawer, sends, and floats over nothing", async ({ page }) => {
    await page.goto("/app/tarefas");
    await untilHydrated(page);
    await expect(page.getByRole("button", { name: "Feedback" })).toHaveCount(0);
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByTestId("drawer").getByRole("button", { name: "Feedback" }).click();
    await expect(page.getByTestId("drawer")).toHaveCount(0);
    const form = page.getByRole("form", { name: "Feedback da versão beta" });
    await expect(form.getByRole("textbox", { name: "Assunto (opcional)" })).toBeFocused();
    // Above the tab bar, not under it.
    const box = (await form.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(await tabBarTop(page));
    await form.getByRole("textbox", { name: "Mensagem" }).fill("Gosto muito do planeamento.");
    await form.getByRole("button", { name: "Enviar" }).click();
    await expect(page.getByText("Obrigado pelo seu feedback!")).toBeVisible();
    await expect(form).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Menu" })).toBeFocused();
  });
});
