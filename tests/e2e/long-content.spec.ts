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
  savings: atLimit("Poupança", 120),
  diary: atLimit("Diário", 200),
  // Short enough for the entry's three-line preview once wrapped.
  diaryContent: `${WORD} ${EMOJI}`,
  routine: atLimit("Rotina", 120),
  diaryRtl: "يوم جميل على الشاطئ",
};
const RTL = [TEXT.taskRtl, TEXT.eventRtl, TEXT.goalRtl, TEXT.diaryRtl];

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

  await post("/goals", { title: TEXT.goal, description: `${WORD} ${LINK} ${EMOJI}`, milestones: [TEXT.milestone, "Segundo marco"] });
  await post("/goals", { title: TEXT.goalRtl });
  // Completing a goal notifies with its title in the message.
  await post("/goals", { title: TEXT.goalDone, progress: 100, status: "completed" });

  const { category } = await post("/finances/categories", { name: TEXT.category, type: "expense" });
  await post("/budgets", { category: category.id, limitCents: 1000 });
  // 90 % of the budget: the alert's title holds the category's name.
  await post("/transactions", { type: "expense", amountCents: 900, description: TEXT.transaction, date: today, category: category.id });
  await post("/savings-goals", { title: TEXT.savings, targetCents: 100000, savedCents: 2500 });

  await post("/routines", { title: TEXT.routine, category: "movement", frequency: "daily", durationMinutes: 20 });

  await post("/diary", { title: TEXT.diary, content: TEXT.diaryContent, draft: false });
  await post("/diary", { title: TEXT.diaryRtl, content: "اليوم كان جميلا", draft: false });
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

/** Every screen with user text, as `[path, the texts it must show]`. */
const screens: [string, string[]][] = [
  ["/app/tarefas", [TEXT.task, TEXT.taskRtl]],
  [`/app/calendario?view=day&date=${lisbonDay(0)}`, [TEXT.event, TEXT.eventRtl]],
  [`/app/calendario?view=week&date=${lisbonDay(0)}`, [TEXT.event, TEXT.eventRtl]],
  [`/app/calendario?view=month&date=${lisbonDay(0)}`, [TEXT.event]],
  [`/app/calendario?view=agenda&date=${lisbonDay(0)}`, [TEXT.event, TEXT.eventRtl]],
  ["/app/objetivos", [TEXT.goal, TEXT.goalRtl, TEXT.milestone]],
  ["/app/financas", [TEXT.transaction]],
  ["/app/financas?tab=transactions", [TEXT.transaction]],
  ["/app/financas?tab=budgets", [TEXT.category]],
  ["/app/financas?tab=savings", [TEXT.savings]],
  ["/app/autocuidado", [TEXT.routine]],
  ["/app/notificacoes", [TEXT.category]],
  ["/app/dashboard", []],
];

for (const [layout, size] of [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test(`long and unusual user text fits and reads in full on every screen (${layout})`, async ({ page }) => {
    test.setTimeout(180_000);
    await createUser(page.request, `e2e-long-${layout}-${Date.now()}@example.com`, { toursDone: true });
    await seed(page.request);
    await dismissCookieBanner(page);
    await page.setViewportSize(size);
    const all = Object.values(TEXT);
    const check = async (label: string, expected: string[]) => {
      for (const text of expected) await expect(page.getByText(text, { exact: false }).first(), `${label}: ${text.slice(0, 20)}`).toBeVisible();
      expect.soft(await problemsOn(page, all, RTL), `${label} (${layout})`).toEqual([]);
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

    // The bell's panel.
    await page.getByRole("button", { name: /^Notificações/ }).first().click();
    await check("notification panel", [TEXT.category]);
  });
}
