import { expect as baseExpect, test, type Locator, type Page } from "@playwright/test";
import { createUser, dismissCookieBanner, untilHydrated } from "./support";

// Issue 20's keyboard-only walks: the main path of each module done with Tab, Shift+Tab, Enter, Space,
// arrows and typing, no mouse. Every element that takes focus on the way must show it (an outline or a
// ring); the test lists the ones that do not. A last test checks that reduced motion is honoured.

// Saves go through the real server; on a loaded 2-core machine one can take more than the default 5 s.
const expect = baseExpect.configure({ timeout: 20_000 });

/** What has focus now, and whether the user can see it. */
async function focusNow(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { desc: "body", visible: true };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== "none" && style.boxShadow !== "";
    const name = el.getAttribute("aria-label") ?? el.getAttribute("name") ?? el.textContent?.trim().slice(0, 40) ?? "";
    return { desc: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${name}"`, visible: outline || ring };
  });
}

/** A keyboard walker: presses Tab until `target` has focus, noting every focused element without a visible indicator. */
function walker(page: Page) {
  const unseen = new Set<string>();
  // Any of the target's matches (a radio group's options: only one of them is a Tab stop).
  const isFocused = (target: Locator) => target.evaluateAll((els) => (els as Element[]).includes(document.activeElement as Element)).catch(() => false);
  async function tabTo(target: Locator, { backwards = false, max = 90 } = {}) {
    for (let presses = 0; presses < max; presses++) {
      await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
      const now = await focusNow(page);
      if (!now.visible) unseen.add(now.desc);
      if (await isFocused(target)) return;
    }
    throw new Error(`${max} presses of ${backwards ? "Shift+Tab" : "Tab"} never reached ${target}`);
  }
  return { tabTo, unseen, isFocused };
}

async function start(page: Page, path: string, who: string) {
  test.setTimeout(90_000);
  await dismissCookieBanner(page);
  await createUser(page.request, `e2e-keys-${who}-${Date.now()}@example.com`, { toursDone: true });
  await page.goto(path);
  await untilHydrated(page);
  await page.waitForLoadState("networkidle");
  return walker(page);
}

test.describe("keyboard-only walks", () => {
  test("tasks: quick add, confirm and complete a task", async ({ page }) => {
    const { tabTo, unseen } = await start(page, "/app/tarefas", "tasks");
    await tabTo(page.getByLabel("Adição rápida"));
    await page.keyboard.type("ligar ao canalizador");
    await page.keyboard.press("Enter");
    const form = page.getByTestId("task-form");
    await expect(form.getByRole("heading", { name: "Confirmar tarefa" })).toBeVisible();
    await tabTo(form.getByRole("button", { name: "Criar tarefa" }));
    await page.keyboard.press("Enter");
    await expect(form).toBeHidden();
    const item = page.getByTestId("pending-list").getByTestId("task-item").filter({ hasText: /canalizador/i });
    await expect(item).toBeVisible();
    await tabTo(item.getByRole("checkbox", { name: "Marcar como concluída" }));
    await page.keyboard.press("Space");
    await expect(page.getByText("Tarefa concluída")).toBeVisible();
    expect([...unseen]).toEqual([]);
  });

  test("goals: create a goal, add a milestone and tick it", async ({ page }) => {
    const { tabTo, unseen } = await start(page, "/app/objetivos", "goals");
    await tabTo(page.getByRole("button", { name: "Novo objetivo" }).first());
    await page.keyboard.press("Enter");
    const form = page.getByTestId("goal-form");
    await tabTo(form.getByLabel("Título"));
    await page.keyboard.type("Ler doze livros");
    await tabTo(form.getByRole("button", { name: "Criar objetivo" }));
    await page.keyboard.press("Enter");
    const card = page.getByTestId("goal-card").filter({ hasText: "Ler doze livros" });
    await expect(card).toBeVisible();
    await tabTo(card.getByLabel("Título do novo marco"));
    await page.keyboard.type("Primeiro livro");
    await page.keyboard.press("Enter");
    await expect(card.getByText("0 de 1 marco")).toBeVisible();
    await tabTo(card.getByRole("checkbox", { name: "Primeiro livro" }), { backwards: true });
    await page.keyboard.press("Space");
    await expect(card.getByText("1 de 1 marco")).toBeVisible();
    expect([...unseen]).toEqual([]);
  });

  test("finances: add an expense", async ({ page }) => {
    const { tabTo, unseen } = await start(page, "/app/financas", "finances");
    await tabTo(page.getByTestId("add-transaction"));
    await page.keyboard.press("Enter");
    const form = page.getByTestId("transaction-form");
    await tabTo(form.getByLabel("Valor"));
    await page.keyboard.type("12,50");
    await tabTo(form.getByLabel("Descrição"));
    await page.keyboard.type("Padaria do bairro");
    await tabTo(form.getByRole("button", { name: "Guardar" }));
    await page.keyboard.press("Enter");
    await expect(form).toBeHidden();
    await expect(page.getByTestId("recent-transactions")).toContainText("Padaria do bairro");
    await expect(page.getByTestId("recent-transactions")).toContainText("12,50");
    expect([...unseen]).toEqual([]);
  });

  test("diary: write an entry with an emotion", async ({ page }) => {
    const { tabTo, unseen } = await start(page, "/app/diario", "diary");
    await tabTo(page.getByLabel("Título"));
    await page.keyboard.type("Tarde tranquila");
    await tabTo(page.getByRole("button", { name: "Feliz" }));
    await page.keyboard.press("Enter");
    await tabTo(page.getByLabel("O que aconteceu, o que sentiu"));
    await page.keyboard.type("Um passeio à beira-rio.");
    await tabTo(page.getByRole("button", { name: "Guardar entrada" }));
    await page.keyboard.press("Enter");
    const entries = page.getByTestId("diary-entries");
    await expect(entries.getByText("Tarde tranquila")).toBeVisible();
    await expect(entries.getByText("Feliz")).toBeVisible();
    expect([...unseen]).toEqual([]);
  });

  test("self-care: create a routine and check it in", async ({ page }) => {
    const { tabTo, unseen } = await start(page, "/app/autocuidado", "selfcare");
    await tabTo(page.getByRole("button", { name: "Nova rotina" }));
    await page.keyboard.press("Enter");
    await tabTo(page.getByLabel("Título"));
    await page.keyboard.type("Alongar");
    await tabTo(page.getByRole("button", { name: "Guardar" }));
    await page.keyboard.press("Enter");
    const routine = page.getByTestId("routine").filter({ hasText: "Alongar" });
    await expect(routine).toBeVisible();
    await tabTo(routine.getByRole("button", { name: "Marcar como feito" }));
    await page.keyboard.press("Enter");
    await expect(routine.getByTestId("streak")).toContainText("1 dia seguido");
    expect([...unseen]).toEqual([]);
  });

  test("calendar: create an event in the week view", async ({ page }) => {
    const { tabTo, unseen } = await start(page, "/app/calendario?view=week&date=2026-12-07", "calendar");
    await tabTo(page.getByRole("button", { name: "Novo evento" }));
    await page.keyboard.press("Enter");
    const dialog = page.getByTestId("event-dialog");
    await tabTo(dialog.getByLabel("Título"));
    await page.keyboard.type("Jantar de anos");
    await tabTo(dialog.getByRole("button", { name: "Guardar" }));
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("calendar-item").filter({ hasText: "Jantar de anos" }).first()).toBeVisible();
    expect([...unseen]).toEqual([]);
  });

  test("cycle: log today's flow with the arrow keys", async ({ page }) => {
    const { tabTo, unseen, isFocused } = await start(page, "/app/ciclo-menstrual", "cycle");
    await tabTo(page.getByTestId("log-today"));
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    // A radio group takes one Tab stop; the arrows move (and select) inside it.
    const light = dialog.getByRole("radio", { name: "Leve" });
    await tabTo(dialog.getByRole("radiogroup").first().getByRole("radio"));
    for (let presses = 0; presses < 6 && !(await isFocused(light)); presses++) await page.keyboard.press("ArrowRight");
    await expect(light).toBeChecked();
    await tabTo(dialog.getByRole("button", { name: "Guardar" }));
    await page.keyboard.press("Enter");
    await expect(page.getByText("Dia registado").last()).toBeVisible();
    expect([...unseen]).toEqual([]);
  });

  test("assistant: ask for a task and confirm the draft", async ({ page }) => {
    const { tabTo, unseen } = await start(page, "/app/assistente-ia", "assistant");
    await tabTo(page.getByTestId("assistant-input"));
    await page.keyboard.type("lembra-me de regar as plantas amanhã");
    await page.keyboard.press("Enter");
    const card = page.getByTestId("draft-card");
    await expect(card).toBeVisible({ timeout: 20_000 });
    await tabTo(card.getByTestId("draft-confirm"));
    await page.keyboard.press("Enter");
    await expect(card.getByTestId("draft-status")).toContainText("Guardado");
    expect([...unseen]).toEqual([]);
  });

  test("the focus check itself sees a focus that is not drawn", async ({ page }) => {
    const { tabTo, unseen } = await start(page, "/app/tarefas", "control");
    await page.addStyleTag({ content: "*:focus-visible { outline: none !important; box-shadow: none !important; }" });
    await tabTo(page.getByLabel("Adição rápida"));
    expect(unseen.size).toBeGreaterThan(0);
  });
});

test("reduced motion: transitions and animations are (nearly) instant and scrolling is not smooth", async ({ browser }) => {
  for (const reducedMotion of ["no-preference", "reduce"] as const) {
    const context = await browser.newContext({ reducedMotion });
    const page = await context.newPage();
    await page.goto("/");
    const motion = await page.evaluate(() => {
      const probe = document.createElement("div");
      probe.className = "transition-all duration-300 animate-pulse";
      document.body.append(probe);
      const style = getComputedStyle(probe);
      const seconds = (value: string) => Math.max(...value.split(",").map((v) => (v.trim().endsWith("ms") ? parseFloat(v) / 1000 : parseFloat(v))));
      return { transition: seconds(style.transitionDuration), animation: seconds(style.animationDuration), scroll: getComputedStyle(document.documentElement).scrollBehavior };
    });
    if (reducedMotion === "reduce") {
      expect(motion.transition).toBeLessThan(0.001);
      expect(motion.animation).toBeLessThan(0.001);
      expect(motion.scroll).toBe("auto");
    } else {
      // The control: without the preference the same classes do move (so the check above can fail).
      expect(motion.transition).toBeGreaterThan(0.1);
      expect(motion.scroll).toBe("smooth");
    }
    await context.close();
  }
});
