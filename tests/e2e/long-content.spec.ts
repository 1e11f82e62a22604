import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createUser, dismissCookieBanner, lisbonDay, originOf, untilHydrated } from "./support";

/**
 * Real people's data is not "Comprar pão": a pasted link, a word of 68 letters, a title at the
 * API's limit, a family emoji (one picture, seven code points), combining accents, Arabic or
 * Hebrew. On every screen that shows what they typed, on a 390 px phone and a 1280 px desktop, the
 * page must not scroll sideways, the text must stay inside its card and be readable in full
 * (wrapped, or cut with the whole of it in a `title`), and a right-to-left title must read from
 * the right without turning the row around it (`dir="auto"`).
 */

const WORD = "Supercalifragilisticexpialidocious".repeat(2);
const LINK = "https://exemplo.pt/documentos/partilhados/2026/orcamento-familiar-versao-final-revista.pdf?origem=rumo";
// A family (ZWJ sequence), a rainbow flag (ZWJ + variation selector), a thumb with a skin tone.
const EMOJI = "👩‍👩‍👧‍👦 🏳️‍🌈 👍🏽";
// Stacked combining marks on plain letters.
const ACCENTS = "Z\u0351\u0363a\u0300\u0301lgo e\u0301\u0302\u0303";

/** A title of exactly `max` UTF-16 units (the API counts those): the unbreakable run first, then emoji and accents. */
function atLimit(label: string, max: number) {
  const head = `${label} ${WORD}${LINK}`;
  const tail = ` ${EMOJI} ${ACCENTS}`;
  const room = max - head.length - tail.length;
  // The head is ASCII, so cutting it cannot split an emoji.
  const text = room >= 0 ? `${head}${tail}${"ã".repeat(room)}` : `${head.slice(0, max - tail.length)}${tail}`;
  expect(text.length).toBe(max);
  return text;
}

const TEXT = {
  task: atLimit("Tarefa", 200),
  taskRtl: "مراجعة الميزانية الشهرية مع العائلة",
  event: atLimit("Evento", 200),
  eventRtl: "פגישה עם רופא המשפחה",
  allDay: atLimit("Dia inteiro", 200),
  goal: atLimit("Objetivo", 200),
  goalRtl: "تعلم العزف على العود",
  goalDone: atLimit("Concluído", 200),
  milestone: atLimit("Marco", 200),
  transaction: atLimit("Compra", 200),
  // The longest category name the API takes (40), one word.
  category: "Assinaturasdestreamingemusicadigitalmais",
  // Another, spent past its budget: the dashboard names it in a sentence.
  overBudget: "Restaurantesecafesdobairronosfinsdesemas",
  savings: atLimit("Poupança", 120),
  diary: atLimit("Diário", 200),
  // Short enough for the entry's three-line preview once wrapped.
  diaryContent: `${WORD} ${EMOJI}`,
  routine: atLimit("Rotina", 120),
  diaryRtl: "يوم جميل على الشاطئ",
  // The longest full name the API takes: in the header, the phone's menu and the profile.
  fullName: atLimit("Nome", 120),
  // Pasted without a space: no line break anywhere in it.
  message: `${WORD}${LINK}`.repeat(3),
};
const RTL = [TEXT.taskRtl, TEXT.eventRtl, TEXT.goalRtl, TEXT.diaryRtl];

/** The next Monday 07:00 in Lisbon, when the weekly report of this week is made (as in weekly-reports.spec.ts). */
function nextReportTime() {
  const today = lisbonDay(0);
  const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7; // 0 = Monday
  const monday = new Date(Date.parse(`${today}T00:00:00Z`) + (7 - weekday) * 86_400_000).toISOString().slice(0, 10);
  const hour = (at: Date) => new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Lisbon", hour: "2-digit", hourCycle: "h23" }).format(at);
  return [6, 7].map((h) => new Date(`${monday}T0${h}:00:00Z`)).find((at) => hour(at) === "07")!;
}

async function seed(request: APIRequestContext) {
  const headers = originOf(request);
  const post = async (path: string, data: Record<string, unknown>) => {
    const response = await request.post(`/api/v1${path}`, { headers, data });
    expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
    return response.json();
  };
  const today = lisbonDay(0);
  await post("/tasks", { title: TEXT.task, priority: "high", dueDate: today, durationMinutes: 30, scheduledStart: `${today}T10:00:00Z` });
  await post("/tasks", { title: TEXT.taskRtl, dueDate: today, durationMinutes: 30 });
  // Many items: the lists keep their width with a long run of ordinary ones.
  for (let i = 1; i <= 12; i++) await post("/tasks", { title: `Tarefa ${i} ${EMOJI}`, durationMinutes: 15 });

  await post("/events", { title: TEXT.event, description: `${WORD} ${LINK}`, location: LINK, start: `${today}T09:00:00Z`, end: `${today}T10:00:00Z` });
  await post("/events", { title: TEXT.eventRtl, start: `${today}T14:00:00Z`, end: `${today}T14:30:00Z` });
  await post("/events", { title: TEXT.allDay, allDay: true, start: today, end: lisbonDay(1) });
  // Alone on its day of this month, so the month grid draws it (today's lanes are full).
  const quiet = lisbonDay(Number(today.slice(8)) <= 15 ? 3 : -3);
  await post("/events", { title: TEXT.eventRtl, start: `${quiet}T14:00:00Z`, end: `${quiet}T14:30:00Z` });

  await post("/goals", { title: TEXT.goal, description: `${WORD} ${LINK} ${EMOJI}`, milestones: [TEXT.milestone, "Segundo marco"] });
  await post("/goals", { title: TEXT.goalRtl });
  // Completing a goal notifies with its title in the message.
  await post("/goals", { title: TEXT.goalDone, progress: 100, status: "completed" });

  const { category } = await post("/finances/categories", { name: TEXT.category, type: "expense" });
  await post("/budgets", { category: category.id, limitCents: 1000 });
  // 90 % of the budget: the alert's title holds the category's name.
  await post("/transactions", { type: "expense", amountCents: 900, description: TEXT.transaction, date: today, category: category.id });
  await post("/savings-goals", { title: TEXT.savings, targetCents: 100000, savedCents: 2500 });
  const { category: over } = await post("/finances/categories", { name: TEXT.overBudget, type: "expense" });
  await post("/budgets", { category: over.id, limitCents: 1000 });
  await post("/transactions", { type: "expense", amountCents: 1500, description: "Jantar", date: today, category: over.id });

  await post("/routines", { title: TEXT.routine, category: "movement", frequency: "daily", durationMinutes: 20 });

  await post("/diary", { title: TEXT.diary, content: TEXT.diaryContent, draft: false });
  await post("/diary", { title: TEXT.diaryRtl, content: "اليوم كان جميلا", draft: false });

  // A logged day whose note is one long run (the note shows only in the day's dialog).
  await post("/cycle/days", { date: today, flow: "medium", symptoms: ["cramps"], notes: `${WORD}${LINK} ${EMOJI}` });
  const reply = await request.post("/api/v1/assistant/messages", { headers, data: { message: TEXT.message } });
  expect(reply.status(), await reply.text()).toBe(200);
  // This week's report, made as on Monday 07:00: it lists the goals, routines and spending categories.
  const at = nextReportTime();
  const cron = await request.post(`/api/dev/cron?schedule=${encodeURIComponent("*/15 * * * *")}&job=weekly-reports&inline=1&at=${at.toISOString()}`, { headers });
  expect(cron.status(), await cron.text()).toBe(200);
}

/**
 * What is wrong on the screen as it is now: a sideways scroll, user text out of its box or cut
 * with no `title` holding it, a control off the screen, a right-to-left title laid out left to right.
 */
function problemsOn(page: Page, texts: string[], rtl: string[]) {
  return page.evaluate(
    ({ texts, rtl }) => {
      const problems: string[] = [];
      const root = document.documentElement;
      const width = root.clientWidth;
      if (root.scrollWidth > width) {
        // Named by the innermost boxes past the right edge: where the fix goes.
        const wide = Array.from(document.body.querySelectorAll("*")).filter((e) => e.getBoundingClientRect().right > width + 1 && !Array.from(e.children).some((c) => c.getBoundingClientRect().right > width + 1));
        problems.push(`page scrolls sideways (${root.scrollWidth} > ${width}): ${wide.slice(0, 3).map((e) => `${e.tagName.toLowerCase()}.${e.className}`.slice(0, 80)).join(" | ")}`);
      }
      const short = (text: string) => `${text.slice(0, 24)}…`;
      const shown = (element: Element) =>
        element.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && !element.closest('[aria-hidden="true"], .sr-only, option, script, template');
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const element = node.parentElement!;
        for (const text of texts.filter((t) => node!.data.includes(t))) {
          if (!shown(element)) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
          if (!rects.length) continue;
          let spills = false;
          let hidden = false;
          for (const rect of rects) {
            // What is still painted of the line: each clipping box cuts it for the boxes outside it.
            const r = { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
            for (let box: Element | null = element; box && box !== document.body; box = box.parentElement) {
              const style = getComputedStyle(box);
              if (style.display === "inline" || style.display === "contents" || style.position === "fixed") continue;
              const b = box.getBoundingClientRect();
              const outX = r.left < b.left - 1 || r.right > b.right + 1;
              const outY = r.top < b.top - 1 || r.bottom > b.bottom + 1;
              if (style.overflowX === "visible") {
                if (outX) spills = true;
              } else {
                // Cut sideways (a scroller included: a title to scroll sideways is not read either).
                if (outX) hidden = true;
                [r.left, r.right] = [Math.max(r.left, b.left), Math.min(r.right, b.right)];
              }
              // Chromium does not lay out the lines past a clamp, so they have no box to find: unclamp and measure.
              if (style.webkitLineClamp !== "none" && box instanceof HTMLElement) {
                const clamped = box.getBoundingClientRect().height;
                box.style.setProperty("-webkit-line-clamp", "none");
                if (box.getBoundingClientRect().height > clamped + 1) hidden = true;
                box.style.removeProperty("-webkit-line-clamp");
              }
              if (style.overflowY !== "visible") {
                // Below a vertical scroller's fold is not cut: it scrolls into view.
                if (outY && (style.overflowY === "hidden" || style.overflowY === "clip")) hidden = true;
                [r.top, r.bottom] = [Math.max(r.top, b.top), Math.min(r.bottom, b.bottom)];
              }
            }
            if (r.right > r.left && (r.left < -1 || r.right > width + 1)) spills = true;
          }
          const where = element.closest("[data-testid]")?.getAttribute("data-testid") ?? element.tagName.toLowerCase();
          if (spills) problems.push(`${where}: "${short(text)}" goes out of its box`);
          if (hidden && !element.closest("[title]")?.getAttribute("title")?.includes(text)) problems.push(`${where}: "${short(text)}" is cut with no title holding it`);
          if (rtl.includes(text) && node.data.trim() === text && getComputedStyle(element).direction !== "rtl") problems.push(`${where}: "${short(text)}" is laid out left to right`);
        }
      }
      // A dialog no wider than the screen: its own scroller would otherwise hide half of it, buttons included.
      for (const panel of Array.from(document.querySelectorAll('[id^="headlessui-dialog-panel"]'))) {
        const b = panel.getBoundingClientRect();
        if (b.left < -1 || b.right > width + 1) problems.push(`dialog ${panel.getAttribute("data-testid") ?? ""} is wider than the screen (${Math.round(b.width)} > ${width})`);
      }
      // Buttons and links reachable: on the screen, unless inside a sideways scroller.
      for (const control of Array.from(document.querySelectorAll("main button, main a[href], main input, [role=dialog] button"))) {
        if (!shown(control)) continue;
        const b = control.getBoundingClientRect();
        if (b.width === 0 || (b.left >= -1 && b.right <= width + 1)) continue;
        let scroller = false;
        for (let box = control.parentElement; box && box !== document.body; box = box.parentElement) {
          if (["auto", "scroll"].includes(getComputedStyle(box).overflowX)) scroller = true;
        }
        if (!scroller) problems.push(`control "${(control.getAttribute("aria-label") ?? control.textContent ?? "").trim().slice(0, 30)}" is off the screen`);
      }
      return [...new Set(problems)];
    },
    { texts, rtl },
  );
}

/**
 * Waits for what a screen draws after it has hydrated, which holds user text too: content fetched
 * after the first paint (the finances' observations) and charts drawn only near the viewport (the
 * weekly report's spending by category), each behind an `aria-busy` placeholder until it is there.
 * Checked before that, a screen passed or failed by how fast the machine was. Each chart's
 * placeholder is brought into view, as it loads only then.
 */
async function untilDrawn(page: Page) {
  const waiting = page.locator('[data-when-visible="waiting"]');
  for (let left = await waiting.count(); left > 0; left = await waiting.count()) {
    // In the page, in one go: a placeholder is replaced (by its Suspense fallback, then the chart) at any moment.
    await page.evaluate(() => document.querySelector('[data-when-visible="waiting"]')?.scrollIntoView({ block: "center" }));
    // Near the viewport, a chart waits for an idle moment (at most 1 s), then its chunk: slow on a loaded machine.
    await expect.poll(() => waiting.count(), { timeout: 15_000 }).toBeLessThan(left);
  }
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

/** Every screen with user text, as `[path, the texts it must show]`. */
const screens: [string, string[]][] = [
  ["/app/tarefas", [TEXT.task, TEXT.taskRtl]],
  [`/app/calendario?view=day&date=${lisbonDay(0)}`, [TEXT.event, TEXT.eventRtl]],
  [`/app/calendario?view=week&date=${lisbonDay(0)}`, [TEXT.event, TEXT.eventRtl]],
  [`/app/calendario?view=month&date=${lisbonDay(0)}`, [TEXT.event, TEXT.eventRtl]],
  [`/app/calendario?view=agenda&date=${lisbonDay(0)}`, [TEXT.event, TEXT.eventRtl]],
  ["/app/objetivos", [TEXT.goal, TEXT.goalRtl, TEXT.milestone]],
  ["/app/financas", [TEXT.transaction]],
  ["/app/financas?tab=transactions", [TEXT.transaction]],
  ["/app/financas?tab=budgets", [TEXT.category]],
  ["/app/financas?tab=savings", [TEXT.savings]],
  ["/app/autocuidado", [TEXT.routine]],
  ["/app/notificacoes", [TEXT.category]],
  ["/app/dashboard", [TEXT.overBudget]],
  ["/app/ciclo-menstrual", []],
  ["/app/relatorios-semanais", [TEXT.goal, TEXT.goalDone, TEXT.routine]],
  ["/app/assistente-ia", [TEXT.message]],
  ["/app/perfil", []],
];

for (const [layout, size] of [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test(`long and unusual user text fits and reads in full on every screen (${layout})`, async ({ page }) => {
    test.setTimeout(300_000);
    await createUser(page.request, `e2e-long-${layout}-${Date.now()}@example.com`, { toursDone: true, fullName: TEXT.fullName });
    await seed(page.request);
    await dismissCookieBanner(page);
    await page.setViewportSize(size);
    const all = Object.values(TEXT);
    const check = async (label: string, expected: string[], texts = all) => {
      for (const text of expected) await expect(page.getByText(text, { exact: false }).first(), `${label}: ${text.slice(0, 20)}`).toBeVisible();
      await untilDrawn(page);
      expect.soft(await problemsOn(page, texts, RTL), `${label} (${layout})`).toEqual([]);
    };

    for (const [path, expected] of screens) {
      await page.goto(path);
      await untilHydrated(page);
      await check(path, expected);
    }

    // The diary's entries tab.
    await page.goto("/app/diario");
    await untilHydrated(page);
    await page.getByRole("tab", { name: "Entradas" }).click();
    await check("/app/diario entries", [TEXT.diary, TEXT.diaryRtl, TEXT.diaryContent]);

    // The bell's panel, once its count has arrived (as the other specs open it).
    await page.getByRole("button", { name: /^Notificações, \d+ por ler/ }).first().click();
    await check("notification panel", [TEXT.category]);
    await page.keyboard.press("Escape");

    // The global search: every long title found by its long word, then that word as a recent search.
    await page.goto("/app/dashboard");
    await untilHydrated(page);
    await page.keyboard.press("Control+k");
    const search = page.getByRole("dialog");
    await search.getByRole("combobox").fill(WORD);
    await expect(search.getByRole("option").first()).toBeVisible();
    await check("search results", [TEXT.task, TEXT.goal, TEXT.transaction]);
    await search.getByRole("combobox").press("Enter");
    await expect(search).toHaveCount(0);
    await page.keyboard.press("Control+k");
    await expect(search.getByRole("button", { name: WORD })).toBeVisible();
    await check("recent searches", [], [...all, WORD]);
    await page.keyboard.press("Escape");

    // The shell's menu on a phone, with the name in it.
    if (layout === "phone") {
      await page.getByRole("button", { name: "Menu" }).click();
      await expect(page.getByTestId("drawer")).toBeVisible();
      await check("menu", [TEXT.fullName]);
      await page.keyboard.press("Escape");
    }

    // The cycle's day dialog with its long note.
    await page.goto("/app/ciclo-menstrual");
    await untilHydrated(page);
    await page.getByTestId("log-today").click();
    await expect(page.getByRole("dialog").getByRole("textbox", { name: /Notas/ })).toHaveValue(/Supercali/);
    await check("cycle day dialog", []);

    // Edit dialogs opened on a long item.
    await page.goto("/app/tarefas");
    await untilHydrated(page);
    await page.getByRole("button", { name: `Editar: ${TEXT.task}` }).first().click();
    await expect(page.getByTestId("task-form").getByLabel("Título")).toHaveValue(TEXT.task);
    await check("task edit", []);

    await page.goto("/app/objetivos");
    await untilHydrated(page);
    await page.getByRole("group", { name: `Ações de ${TEXT.goal}` }).getByRole("button", { name: "Editar" }).click();
    await expect(page.getByTestId("goal-form").getByLabel("Título")).toHaveValue(TEXT.goal);
    await check("goal edit", []);

    await page.goto("/app/financas?tab=transactions");
    await untilHydrated(page);
    await page.getByRole("button", { name: `Editar ${TEXT.transaction}` }).click();
    await expect(page.getByTestId("transaction-form").getByLabel("Descrição")).toHaveValue(TEXT.transaction);
    await check("transaction edit", []);
  });
}
