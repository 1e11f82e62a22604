import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createUser, dismissCookieBanner, originOf, untilHydrated } from "./support";

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Sends a touch swipe through the page (Playwright's touchscreen only taps). */
async function swipe(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.evaluate(
    ([a, b]) => {
      const touch = (p: { x: number; y: number }) => new Touch({ identifier: 1, target: document.body, clientX: p.x, clientY: p.y });
      document.dispatchEvent(new TouchEvent("touchstart", { touches: [touch(a)], changedTouches: [touch(a)], bubbles: true }));
      document.dispatchEvent(new TouchEvent("touchend", { touches: [], changedTouches: [touch(b)], bubbles: true }));
    },
    [from, to],
  );
}

/** A phone: its viewport, touch and user agent (the mobile shell). */
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1" };

/**
 * Scrolled to its end, the page's last content sits above the floating Feedback button (it once
 * covered the calendar's bottom-right corner, Sunday's last hours).
 */
async function expectFeedbackButtonClearOfContent(page: Page, path: string) {
  await page.goto(path);
  await untilHydrated(page);
  const button = page.locator('[data-tour="feedback"]');
  await expect(button).toBeVisible();
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
  const contentBottom = await page.evaluate(() => Math.max(...Array.from(document.querySelectorAll("#conteudo > *"), (el) => el.getBoundingClientRect().bottom)));
  const buttonTop = (await button.boundingBox())!.y;
  expect(contentBottom).toBeLessThanOrEqual(buttonTop);
}

test.describe("desktop shell", () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieBanner(page);
    await createUser(page.request, uniqueEmail("shell"), { toursDone: true });
  });

  test("the sidebar toggles with Ctrl+B and its state survives a reload", async ({ page }) => {
    await page.goto("/app/meu-impacto");
    const sidebar = page.locator('[data-tour="sidebar"]');
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    // The shortcut's listener comes with hydration: a key pressed earlier reaches nothing.
    await untilHydrated(page);
    await page.keyboard.press("Control+b");
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    const cookie = (await page.context().cookies()).find((c) => c.name === "rumo-sidebar-state");
    expect(cookie?.value).toBe("collapsed");
    expect(Math.round((cookie!.expires - Date.now() / 1000) / 86400)).toBe(7);
    await page.reload();
    // Rendered collapsed by the server: no shift after hydration.
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    await untilHydrated(page);
    await page.getByRole("button", { name: "Alternar barra lateral" }).click();
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
  });

  test("groups, display name and no plan badges during the trial", async ({ page }) => {
    await page.goto("/app/meu-impacto");
    for (const group of ["Organização", "Bem-Estar", "Assistente IA", "Premium"]) await expect(page.getByText(group, { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId("display-name")).toContainText("Rita Faria");
    await expect(page.locator("a[data-plan]")).toHaveCount(0);
  });

  test("the breadcrumb of /app/financas and the back button", async ({ page }) => {
    await page.goto("/app/meu-impacto");
    await expect(page.getByTestId("back-button")).toHaveCount(0);
    await page.getByRole("link", { name: "Finanças" }).first().click();
    await expect(page).toHaveURL(/\/app\/financas$/);
    const crumbs = page.getByRole("navigation", { name: "Caminho" });
    await expect(crumbs.getByRole("link", { name: "Início" })).toHaveAttribute("href", "/");
    await expect(crumbs.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/app");
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText("Finanças");
    await page.getByTestId("back-button").click();
    await expect(page).toHaveURL(/\/app\/meu-impacto$/);
    // Without history, back goes to the impact dashboard.
    await page.goto("/app/objetivos");
    await page.getByTestId("back-button").click();
    await expect(page).toHaveURL(/\/app\/meu-impacto$/);
  });

  test("legacy paths and aliases redirect into /app", async ({ page }) => {
    for (const [from, to] of [
      ["/financas", "/app/financas"],
      ["/ciclo", "/app/ciclo-menstrual"],
      ["/assistente-ia", "/app/assistente-ia"],
      ["/app", "/app/dashboard"],
      ["/app/ciclo", "/app/ciclo-menstrual"],
    ]) {
      await page.goto(from);
      await expect(page).toHaveURL(new RegExp(`${to}$`));
    }
    await page.goto("/app/configuracoes");
    await expect(page.getByRole("heading", { name: "Perfil" })).toBeVisible();
  });

  test("Ctrl+K opens the search: suggestions, then recent searches, the 2-character tip, no results, Escape", async ({ page }) => {
    await page.goto("/app/meu-impacto");
    await untilHydrated(page);
    await page.keyboard.press("Control+k");
    const dialog = page.getByRole("dialog");
    // Before any search, the samples are offered as suggestions, not as searches made.
    await expect(dialog.getByText("Experimente pesquisar")).toBeVisible();
    await expect(dialog.getByText("Pesquisas recentes")).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "viagem" })).toBeVisible();
    await expect(dialog.getByText("Escreva pelo menos 2 caracteres para pesquisar em todos os seus dados")).toBeVisible();
    const input = dialog.getByRole("combobox");
    await input.fill("o");
    await expect(dialog.getByText("Escreva pelo menos 2 caracteres")).toBeVisible();
    await input.fill("orçamento");
    await expect(dialog.getByText("Nenhum resultado encontrado")).toBeVisible();
    await dialog.getByRole("button", { name: "Transações" }).click();
    await expect(dialog.getByText("Nenhum resultado encontrado")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    // Once a result has been opened from a search (stored as below), it is a recent search and the
    // suggestions are gone.
    // Kept per user (app/components/shell/recent-searches.ts).
    const { user } = await (await page.request.get("/api/v1/me")).json();
    await page.evaluate((userId) => localStorage.setItem(`rumo-recent-searches:${userId}`, JSON.stringify(["orçamento"])), user.id as string);
    await page.keyboard.press("Control+k");
    await expect(dialog.getByText("Pesquisas recentes")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "orçamento" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "viagem" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    // Opening again starts from an empty query.
    await page.getByRole("button", { name: /Pesquisar/ }).click();
    await expect(page.getByRole("combobox")).toHaveValue("");
  });

  test("the feedback box refuses an empty message and thanks the user", async ({ page }) => {
    await page.goto("/app/meu-impacto");
    await page.getByRole("button", { name: "Feedback" }).click();
    const form = page.getByRole("form", { name: "Feedback da versão beta" });
    await form.getByRole("button", { name: "Enviar" }).click();
    await expect(form.getByText("Escreva uma mensagem antes de enviar.")).toBeVisible();
    await form.getByLabel("Mensagem").fill("A pesquisa é rápida.");
    await form.getByRole("button", { name: "Enviar" }).click();
    await expect(page.getByText("Obrigado pelo seu feedback!")).toBeVisible();
    await expect(form).toHaveCount(0);
  });

  test("a Free user's paid items are badged with their plan and still open, read-only", async ({ page }) => {
    const email = uniqueEmail("free-shell");
    await createUser(page.request, email, { toursDone: true });
    const entry = await page.request.post("/api/v1/diary", { headers: originOf(page.request), data: { title: "Antes do fim do teste", content: "Escrito durante o teste Pro." } });
    expect(entry.status(), await entry.text()).toBe(201);
    await page.request.post("/api/dev/billing/trial", { headers: originOf(page.request), data: { email, endsAt: new Date(Date.now() - 60_000).toISOString() } });
    await page.goto("/app/meu-impacto");
    await untilHydrated(page);
    // Diary, self-care and weekly reports are Light features, the assistant a Pro one; each is still a link.
    const sidebar = page.locator('[data-tour="sidebar"]');
    await expect(sidebar.locator('a[data-plan="light"]')).toHaveCount(3);
    await expect(sidebar.getByRole("link", { name: /Autocuidado/ })).toHaveAttribute("title", "Autocuidado — disponível no plano Light");
    await expect(sidebar.locator('a[data-plan="pro"]')).toHaveCount(1);
    const diary = sidebar.getByRole("link", { name: /Diário/ });
    await expect(diary).toHaveAttribute("title", "Diário — disponível no plano Light");
    await diary.click();
    await expect(page).toHaveURL(/\/app\/diario$/);
    await expect(page.getByTestId("premium-notice")).toContainText("Funcionalidade Premium - disponível apenas para utilizadores Premium");
    // The entries written during the trial stay readable.
    await expect(page.getByTestId("diary-entries").getByText("Antes do fim do teste")).toBeVisible();
  });

  test("signing out while a call of the page is still on its way ends on sign-in, not back on the page", async ({ page }) => {
    // The dashboard asks for its insights after the first paint. Held until the session is gone,
    // that call meets a 401 while the page is on its way to /auth (held too, until the 401 is
    // handled). A 401 there is the sign-out's own doing, not another session: the page must not
    // reload itself into /auth?next=.
    let logoutDone!: () => void;
    const loggedOut = new Promise<void>((resolve) => (logoutDone = resolve));
    let unauthorized!: () => void;
    const answered = new Promise<void>((resolve) => (unauthorized = resolve));
    await page.route("**/api/v1/diary/insights", async (route) => {
      await loggedOut;
      const response = await route.fetch();
      expect(response.status()).toBe(401);
      await route.fulfill({ response });
    });
    await page.route(/\/auth$/, async (route) => {
      await answered;
      await route.continue();
    });
    // The page tells when it has read the insights' answer, in a task after the one that read it:
    // apiFetch reacts to a 401 in that task (lib/api.ts), so by then the page has had its chance to
    // reload itself. Told, not polled: while the page's navigation to /auth waits, Playwright's
    // evaluations in it may not run.
    let insightsRead!: (status: number) => void;
    const read = new Promise<number>((resolve) => (insightsRead = resolve));
    await page.exposeFunction("insightsRead", (status: number) => insightsRead(status));
    await page.addInitScript(() => {
      const fetch = window.fetch;
      const tell = (window as unknown as { insightsRead: (status: number) => void }).insightsRead;
      window.fetch = async (input, init) => {
        const response = await fetch(input, init);
        if (String(input).includes("/api/v1/diary/insights")) {
          const text = response.text.bind(response);
          response.text = () => text().then((body) => (setTimeout(() => tell(response.status)), body));
        }
        return response;
      };
    });
    const insights = page.waitForRequest("**/api/v1/diary/insights");
    await page.goto("/app/meu-impacto");
    await untilHydrated(page);
    await insights;
    const logout = page.waitForResponse("**/api/v1/auth/logout");
    await page.getByRole("button", { name: "Terminar sessão" }).first().click();
    await logout;
    // Every page load from here on: the sign-out's own (more than one when React Router restarts
    // the pending navigation), and none of the page reloading itself.
    const loads: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest()) loads.push(new URL(request.url()).pathname);
    });
    logoutDone();
    // Only once the page has met the 401 may /auth load.
    expect(await read).toBe(401);
    unauthorized();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("form", { name: "Entrar" })).toBeVisible();
    expect(loads.length).toBeGreaterThan(0);
    expect(loads.filter((path) => path !== "/auth")).toEqual([]);
  });

  test("a sign-out that fails half-way still ends signed out, at sign-in", async ({ page }) => {
    // Session tracking's module does not load (as after a deploy replaced it), so the sign-out
    // throws before its logout: the page starts over at /auth with the sign-out remembered, /auth
    // sends the live session back into the app, and the app's start finishes the sign-out.
    let blocked = 0;
    await page.route("**/assets/session-tracker-*.js", (route) => {
      blocked++;
      return route.abort();
    });
    await page.goto("/app/tarefas");
    await untilHydrated(page);
    await page.getByRole("button", { name: "Terminar sessão" }).first().click();
    await expect(page.getByRole("form", { name: "Entrar" })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    expect(blocked).toBeGreaterThan(0);
    expect(await page.evaluate(() => localStorage.getItem("rumo-sign-out-pending"))).toBeNull();
    // The server has ended the session.
    await page.goto("/app/tarefas");
    await expect(page).toHaveURL(/\/auth\?next=/);
  });

  test("a sign-out the server keeps refusing leaves the person told, still signed in, and ends once it answers", async ({ page }) => {
    // The logout fails (the server's D1 is out): the sign-out is remembered, /auth sends the live
    // session back into the app, and the app's start tries it again, fails again and says so.
    let failing = true;
    let logouts = 0;
    await page.route("**/api/v1/auth/logout", (route) => {
      logouts++;
      return failing ? route.fulfill({ status: 503, contentType: "application/json", headers: { "retry-after": "1" }, body: JSON.stringify({ error: { code: "unavailable", message: "" } }) }) : route.continue();
    });
    await page.goto("/app/tarefas");
    await untilHydrated(page);
    await page.getByRole("button", { name: "Terminar sessão" }).first().click();
    await expect(page.getByText("A sessão ainda não terminou")).toBeVisible();
    await expect(page).toHaveURL(/\/app\//);
    expect(logouts).toBeGreaterThanOrEqual(2);
    expect(await page.evaluate(() => localStorage.getItem("rumo-sign-out-pending"))).not.toBeNull();

    // Back online with a server that answers: the sign-out ends and the page goes to sign-in.
    failing = false;
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await expect(page.getByRole("form", { name: "Entrar" })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    expect(await page.evaluate(() => localStorage.getItem("rumo-sign-out-pending"))).toBeNull();
    await page.goto("/app/tarefas");
    await expect(page).toHaveURL(/\/auth\?next=/);
  });

  test("between tries of an unfinished sign-out, a 401 from another sign-out still takes the page to sign-in", async ({ page, playwright }) => {
    // The realtime socket would also hear of the ended session (close code 4002) and take the page to
    // sign-in, racing the call below: a socket that never reaches the server leaves the 401 alone.
    await page.routeWebSocket(/\/api\/v1\/realtime/, () => {});
    await page.route("**/api/v1/auth/logout", (route) => route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: { code: "unavailable", message: "" } }) }));
    await page.goto("/app/tarefas");
    await untilHydrated(page);
    await page.getByRole("button", { name: "Terminar sessão" }).first().click();
    await expect(page.getByText("A sessão ainda não terminou")).toBeVisible();
    // Sign-in sent the live session back to the app's start page; the tasks are one link away.
    await page.getByRole("link", { name: "Tarefas" }).first().click();
    await expect(page.getByLabel("Adição rápida")).toBeVisible();
    // The session ends elsewhere (another device with the same session; here a client of its own,
    // which the page's route does not intercept and whose fresh connection no idle keep-alive socket
    // of the page's client can reset), and the page's next call meets a 401.
    const session = (await page.context().cookies()).find((cookie) => cookie.name === "rumo_session");
    const elsewhere = await playwright.request.newContext({ baseURL: originOf(page.request).origin, extraHTTPHeaders: { cookie: `rumo_session=${session?.value}` } });
    expect((await elsewhere.post("/api/v1/auth/logout", { headers: originOf(page.request) })).status()).toBe(204);
    await elsewhere.dispose();
    const quickAdd = page.getByLabel("Adição rápida");
    await quickAdd.fill("ligar ao banco");
    await quickAdd.press("Enter");
    await page.getByTestId("task-form").getByRole("button", { name: "Criar tarefa" }).click();
    await expect(page).toHaveURL(/\/auth\?next=/);
  });

  test("the Feedback button covers nothing at the end of a page", async ({ page }) => {
    await expectFeedbackButtonClearOfContent(page, "/app/calendario");
  });

  test("has no serious or critical accessibility violations", async ({ page }) => {
    await page.goto("/app/financas");
    const results = await new AxeBuilder({ page }).exclude('[data-testid="cookie-banner"]').analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
});

test.describe("guided tour", () => {
  test("runs from the first step to 'Concluir' and is not shown again", async ({ page }) => {
    await createUser(page.request, uniqueEmail("tour"));
    await page.goto("/app/meu-impacto");
    const tour = page.getByTestId("tour");
    await expect(tour).toContainText("Passo 1 de 5 · 20%");
    await tour.getByRole("button", { name: "Seguinte" }).click();
    await expect(tour).toContainText("Passo 2 de 5 · 40%");
    await tour.getByRole("button", { name: "Anterior" }).click();
    await expect(tour).toContainText("Passo 1 de 5");
    for (let i = 0; i < 4; i++) await tour.getByRole("button", { name: "Seguinte" }).click();
    await expect(tour).toContainText("Passo 5 de 5 · 100%");
    await tour.getByRole("button", { name: "Concluir" }).click();
    await expect(tour).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Meu Impacto" })).toBeVisible();
    await expect(page.getByTestId("tour")).toHaveCount(0);
    // A module's own tour, skipped with 'Pular'.
    await page.goto("/app/tarefas");
    await expect(page.getByTestId("tour")).toContainText("Tarefas");
    await page.getByTestId("tour").getByRole("button", { name: "Pular" }).click();
    await expect(page.getByTestId("tour")).toHaveCount(0);
  });

  test("is modal: the page behind is inert while it shows, and the focus stays in its card", async ({ page }) => {
    await createUser(page.request, uniqueEmail("tour-modal"));
    await page.goto("/app/meu-impacto");
    const tour = page.getByTestId("tour");
    await expect(tour).toContainText("Passo 1 de 5");
    const inert = (selector: string) => page.locator(selector).first().evaluate((element) => element.closest("[inert]") !== null);
    /** Where the focus is: in the tour's card, or elsewhere (the page behind). */
    const focusIn = () => page.evaluate(() => (document.activeElement?.closest('[data-testid="tour"]') ? "card" : (document.activeElement?.tagName ?? "none")));
    // A screen reader read the page behind as if nothing were over it, and Tab could reach it.
    await expect.poll(() => inert("main#conteudo")).toBe(true);
    expect(await inert('[data-tour="search"]')).toBe(true);
    expect(await inert('[data-tour="feedback"]')).toBe(true);
    expect(await inert('[data-testid="tour"]')).toBe(false);
    // Tab from the card's last button comes back to its first; Shift+Tab goes round the other way.
    await expect(tour.getByRole("button", { name: "Seguinte" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(tour.getByRole("button", { name: "Pular" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(tour.getByRole("button", { name: "Seguinte" })).toBeFocused();
    // A click on the card's words leaves no button focused: Tab and Shift+Tab from there come back to the card.
    await tour.getByRole("heading").click();
    await page.keyboard.press("Shift+Tab");
    expect(await focusIn()).toBe("card");
    await tour.getByRole("heading").click();
    await page.keyboard.press("Tab");
    expect(await focusIn()).toBe("card");
    // Closed, the page is the page again.
    await tour.getByRole("button", { name: "Pular" }).click();
    await expect(tour).toHaveCount(0);
    expect(await inert("main#conteudo")).toBe(false);
    expect(await inert('[data-tour="search"]')).toBe(false);
  });
  test("a tour finished just before a reload stays finished: the page sends its save again", async ({ page }) => {
    await createUser(page.request, uniqueEmail("tour-reload"));
    await page.goto("/app/meu-impacto");
    await untilHydrated(page);
    // The save never reaches the server (a reload cut it off, or the connection).
    let cut = true;
    const saves: string[] = [];
    await page.route("**/api/v1/me", (route) => {
      if (route.request().method() !== "PATCH") return route.continue();
      saves.push(route.request().postData() ?? "");
      return cut ? route.abort() : route.continue();
    });
    await page.getByTestId("tour").getByRole("button", { name: "Pular" }).click();
    await expect(page.getByTestId("tour")).toHaveCount(0);
    await expect.poll(() => saves.length).toBe(1);
    cut = false;
    await page.reload();
    await untilHydrated(page);
    await expect(page.getByRole("heading", { name: "Meu Impacto" })).toBeVisible();
    await expect(page.getByTestId("tour")).toHaveCount(0);
    await expect.poll(() => saves.length).toBe(2);
    await page.unroute("**/api/v1/me");
    // The server has it now: a browser without the kept list does not show the tour either.
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await untilHydrated(page);
    await expect(page.getByRole("heading", { name: "Meu Impacto" })).toBeVisible();
    await expect(page.getByTestId("tour")).toHaveCount(0);
  });

  test.describe("on a phone", () => {
    test.use(phone);

    // A swipe over the tour went to the next screen (or opened the drawer): the tour was gone,
    // neither saved as seen nor kept at its step, and the next screen's tour took its place.
    test("a swipe during the tour leaves it where it was, on the same screen", async ({ page }) => {
      await dismissCookieBanner(page);
      await createUser(page.request, uniqueEmail("tour-swipe"));
      await page.goto("/app/meu-impacto");
      await untilHydrated(page);
      const tour = page.getByTestId("tour");
      await tour.getByRole("button", { name: "Seguinte" }).click();
      await expect(tour).toContainText("Passo 2 de 5");
      await swipe(page, { x: 300, y: 400 }, { x: 150, y: 410 });
      await swipe(page, { x: 100, y: 400 }, { x: 250, y: 400 });
      await swipe(page, { x: 10, y: 400 }, { x: 90, y: 405 });
      await expect(page.getByTestId("drawer")).toHaveCount(0);
      await expect(page).toHaveURL(/\/app\/meu-impacto$/);
      await expect(tour).toContainText("Passo 2 de 5");
      // Once the tour is closed, the swipes are the page's again.
      await tour.getByRole("button", { name: "Pular" }).click();
      await expect(tour).toHaveCount(0);
      await swipe(page, { x: 300, y: 400 }, { x: 150, y: 410 });
      await expect(page).toHaveURL(/\/app\/objetivos$/);
    });
  });
});

test.describe("cookie banner", () => {
  test("stores the choice and does not come back", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByTestId("cookie-banner");
    await banner.getByRole("button", { name: "Preferências" }).click();
    const dialog = page.getByRole("dialog", { name: "Preferências de cookies" });
    await expect(dialog.getByRole("switch", { name: "Essenciais" })).toBeChecked();
    await expect(dialog.getByRole("switch", { name: "Essenciais" })).toBeDisabled();
    await dialog.getByRole("switch", { name: "Análise" }).click();
    await dialog.getByRole("button", { name: "Guardar Preferências" }).click();
    await expect(banner).toHaveCount(0);
    const stored = await page.evaluate(() => [localStorage.getItem("rumo-cookie-consent"), JSON.parse(localStorage.getItem("rumo-gdpr-consent")!)]);
    expect(stored[0]).toBe("custom");
    expect(stored[1]).toMatchObject({ accepted: true, functional: false, analytics: true, marketing: false });
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
  });

  test("a returning visitor (the consent cookie set) makes no localStorage read before the first paint", async ({ page }) => {
    await createUser(page.request, uniqueEmail("consent"), { toursDone: true });
    // What the page reads from localStorage while the HTML is still being parsed (the page script's
    // time; React Router's scroll restoration reads sessionStorage then, which is not counted).
    await page.addInitScript(() => {
      const early: string[] = [];
      (window as unknown as { earlyReads: string[] }).earlyReads = early;
      const getItem = Storage.prototype.getItem;
      Storage.prototype.getItem = function (key: string) {
        if (this === localStorage && document.readyState === "loading") early.push(key);
        return getItem.call(this, key);
      };
    });
    const earlyReads = () => page.evaluate(() => (window as unknown as { earlyReads: string[] }).earlyReads);
    // No cookie yet: the server renders the banner and the page script looks for a stored choice.
    await page.goto("/app/meu-impacto");
    expect(await earlyReads()).toContain("rumo-cookie-consent");
    await page.getByTestId("cookie-banner").getByRole("button", { name: "Rejeitar Opcionais" }).click();
    // With the cookie the banner is not rendered and nothing is read before the page's scripts run.
    await page.reload();
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
    expect(await earlyReads()).toEqual([]);
  });

  test("'Rejeitar Opcionais' stores a rejection", async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("cookie-banner").getByRole("button", { name: "Rejeitar Opcionais" }).click();
    expect(await page.evaluate(() => localStorage.getItem("rumo-cookie-consent"))).toBe("rejected");
  });
});

test.describe("errors", () => {
  test("the error boundary shows 'Algo correu mal' with details and 'Tentar novamente'", async ({ page }) => {
    const response = await page.goto("/dev/boom");
    expect(response!.status()).toBe(500);
    await expect(page.getByRole("heading", { name: "Algo correu mal" })).toBeVisible();
    await expect(page.getByText("Ocorreu um erro inesperado. Por favor tenta novamente.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Tentar novamente" })).toBeVisible();
    const html = await response!.text();
    expect(html).not.toContain("at loader");
  });
});

test.describe("a tablet that calls itself a Mac", () => {
  // iPadOS Safari's user agent names no mobile device; its portrait window is below the breakpoint.
  test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true, userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15" });

  test.beforeEach(async ({ page }) => {
    await createUser(page.request, uniqueEmail("tablet"), { toursDone: true });
  });

  const serverShell = async (page: Page) => {
    const html = await (await page.request.get("/app/meu-impacto")).text();
    return html.includes('data-tour="sidebar"') ? "desktop" : "mobile";
  };
  const layoutCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === "rumo-layout")?.value;

  test("gets the mobile shell from the server once its window's width is known (decision 0062)", async ({ page }) => {
    // Functional cookies allowed (the layout cookie is one).
    await page.addInitScript(() => {
      localStorage.setItem("rumo-cookie-consent", "custom");
      localStorage.setItem("rumo-gdpr-consent", JSON.stringify({ accepted: true, functional: true, analytics: false, marketing: false, timestamp: new Date().toISOString() }));
    });
    // The first page: the server can only go by the user agent; the window's answer swaps the shell.
    expect(await serverShell(page)).toBe("desktop");
    await page.goto("/app/meu-impacto");
    await expect(page.getByRole("navigation", { name: "Navegação principal" }).last().getByRole("link", { name: "Tarefas" })).toBeVisible();
    await expect(page.locator('[data-tour="sidebar"]')).toHaveCount(0);
    expect(await layoutCookie(page)).toBe("narrow");
    // From then on the server renders the mobile shell: nothing to swap.
    expect(await serverShell(page)).toBe("mobile");

    // Turned to landscape (above the breakpoint): the desktop shell, remembered too.
    await page.setViewportSize({ width: 1180, height: 820 });
    await expect(page.locator('[data-tour="sidebar"]')).toBeVisible();
    await expect.poll(() => layoutCookie(page)).toBe("wide");
    expect(await serverShell(page)).toBe("desktop");
  });

  test("keeps no layout cookie without consent to functional cookies", async ({ page }) => {
    await dismissCookieBanner(page); // optional cookies rejected
    await page.context().addCookies([{ name: "rumo-layout", value: "narrow", url: originOf(page.request).origin }]);
    await page.goto("/app/meu-impacto");
    await expect(page.getByRole("navigation", { name: "Navegação principal" }).last().getByRole("link", { name: "Tarefas" })).toBeVisible();
    // The one left from before the choice is deleted.
    await expect.poll(() => layoutCookie(page)).toBeUndefined();
    expect(await serverShell(page)).toBe("desktop");
  });
});

test.describe("mobile shell", () => {
  test.use(phone);

  test.beforeEach(async ({ page }) => {
    await dismissCookieBanner(page);
    await createUser(page.request, uniqueEmail("mobile"), { toursDone: true });
  });

  test("bottom tabs, drawer by edge swipe closed by Escape, and swipe navigation order", async ({ page }) => {
    await page.goto("/app/meu-impacto");
    const tabs = page.getByRole("navigation", { name: "Navegação principal" }).last();
    for (const label of ["Início", "Calendário", "Tarefas", "Finanças", "Perfil"]) await expect(tabs.getByRole("link", { name: label })).toBeVisible();

    await swipe(page, { x: 10, y: 400 }, { x: 90, y: 405 });
    await expect(page.getByTestId("drawer")).toBeVisible();
    await expect(page.getByTestId("drawer").getByRole("link", { name: "Objetivos" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("drawer")).toHaveCount(0);

    // Not from the edge: no drawer.
    await swipe(page, { x: 60, y: 400 }, { x: 200, y: 400 });
    await expect(page.getByTestId("drawer")).toHaveCount(0);

    // meu-impacto → objetivos → calendario, and back.
    await swipe(page, { x: 300, y: 400 }, { x: 150, y: 410 });
    await expect(page).toHaveURL(/\/app\/objetivos$/);
    await swipe(page, { x: 300, y: 400 }, { x: 150, y: 410 });
    await expect(page).toHaveURL(/\/app\/calendario$/);
    await swipe(page, { x: 100, y: 400 }, { x: 250, y: 400 });
    await expect(page).toHaveURL(/\/app\/objetivos$/);
    // Too short or too vertical: stays.
    await swipe(page, { x: 300, y: 400 }, { x: 230, y: 400 });
    await swipe(page, { x: 300, y: 300 }, { x: 180, y: 500 });
    await expect(page).toHaveURL(/\/app\/objetivos$/);
  });

  test("the menu button opens the drawer; a link closes it; the device back button closes it", async ({ page }) => {
    await page.goto("/app/meu-impacto");
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByTestId("drawer").getByRole("link", { name: "Tarefas" }).click();
    await expect(page).toHaveURL(/\/app\/tarefas$/);
    await expect(page.getByTestId("drawer")).toHaveCount(0);
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.getByTestId("drawer")).toBeVisible();
    await page.goBack();
    await expect(page.getByTestId("drawer")).toHaveCount(0);
    await expect(page).toHaveURL(/\/app\/tarefas$/);
  });

  test.describe("on a slow network", () => {
    // The screen's chunks (its catalogue among them) arrive late; the service worker would fetch
    // them outside the page's routes, so it stays out of this test.
    test.use({ serviceWorkers: "block" });

    test("Menu tapped after the address changed but before the new screen rendered opens a drawer that stays", async ({ page }) => {
      await page.goto("/app/meu-impacto");
      await page.route("**/assets/tasks-*.js", async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      await page.getByRole("button", { name: "Menu" }).click();
      await page.getByTestId("drawer").getByRole("link", { name: "Tarefas" }).click();
      // The router has changed the address; the screen waits for its catalogue.
      await expect(page).toHaveURL(/\/app\/tarefas$/);
      await page.getByRole("button", { name: "Menu" }).click();
      await expect(page.getByTestId("drawer")).toBeVisible();
      // The new screen renders behind the drawer (hidden from the accessibility tree while it is open).
      await expect(page.locator("main h1")).toHaveText("Tarefas");
      await expect(page.getByTestId("drawer")).toBeVisible();
      await page.goBack();
      await expect(page.getByTestId("drawer")).toHaveCount(0);
      await expect(page).toHaveURL(/\/app\/tarefas$/);
    });
  });

  test("has no serious or critical accessibility violations", async ({ page }) => {
    await page.goto("/app/financas");
    const results = await new AxeBuilder({ page }).exclude('[data-testid="cookie-banner"]').analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
});
