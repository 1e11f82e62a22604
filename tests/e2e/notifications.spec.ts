import { expect, test } from "@playwright/test";
import { createUser, dismissCookieBanner, originOf, untilHydrated } from "./support";

test.describe("realtime notifications", () => {
  test("changing the password in one tab shows the security notification in the other without a reload", async ({ context, baseURL }) => {
    const origin = baseURL!;
    const email = `e2e-notify-${Date.now()}@example.com`;
    const password = "segredo-123";
    const request = context.request;

    const signup = await request.post("/api/v1/auth/signup", { headers: { origin }, data: { fullName: "Rita Realtime", email, password, confirmPassword: password } });
    expect(signup.status()).toBe(201);
    const { items } = await (await request.get("/api/dev/mailbox")).json();
    const confirmation = items.find((m: { to: string; text: string }) => m.to === email && m.text.includes("/api/v1/auth/confirm?token="));
    const link = confirmation.text.match(/https?:\/\/\S*\/api\/v1\/auth\/confirm\?token=\S+/)[0];
    await request.get(new URL(new URL(link).pathname + new URL(link).search, origin).toString(), { maxRedirects: 0 });
    const login = await request.post("/api/v1/auth/login", { headers: { origin }, data: { email, password } });
    expect(login.status()).toBe(200);
    const onboarding = await request.post("/api/v1/me/onboarding", {
      headers: { origin },
      data: { fullName: "Rita Realtime", language: "pt", timeZone: "Europe/Lisbon", firstModules: [] },
    });
    expect(onboarding.status()).toBe(200);

    const pageA = await context.newPage();
    const pageB = await context.newPage();
    await pageA.goto("/app/notificacoes");
    await pageB.goto("/app/notificacoes");
    // The welcome of the first sign-in is there; both tabs are live.
    await expect(pageB.getByTestId("notification-badge")).toHaveText("1");
    await expect(pageB.locator('[data-realtime="open"]')).toBeVisible();
    await expect(pageA.locator('[data-realtime="open"]')).toBeVisible();

    const change = await pageA.request.post("/api/v1/me/password", { headers: { origin }, data: { currentPassword: password, newPassword: "nova-senha-456" } });
    expect(change.status()).toBe(204);

    await expect(pageB.getByTestId("notification-badge")).toHaveText("2");
    await expect(pageB.getByTestId("notifications-page").locator("li").first()).toContainText("Senha alterada");
    // When, in words (the exact moment on hover).
    const when = pageB.getByTestId("notifications-page").locator("li").first().locator("time");
    await expect(when).toHaveText("agora");
    await expect(when).toHaveAttribute("title", / de \d{4} às \d{2}:\d{2}$/);
    await pageB.getByRole("button", { name: /Notificações, 2 por ler/ }).click();
    // The bell's panel (the page has the same filters: docs/decisions/0106).
    const bellPanel = pageB.getByTestId("notification-panel");
    const panel = bellPanel.getByRole("tabpanel");
    await expect(panel.getByText("Senha alterada")).toBeVisible();
    await bellPanel.getByRole("tab", { name: "Prioritárias" }).click();
    await expect(panel.getByText("Senha alterada")).toBeVisible();
    await expect(panel.getByText("Bem-vindo ao Rumo!")).toHaveCount(0);

    // Clicking marks it read in every tab, follows its link and closes the panel.
    await panel.getByText("Senha alterada").click();
    await expect(pageB).toHaveURL(/\/app\/settings$/);
    await expect(bellPanel).toHaveCount(0);
    await expect(pageA.getByTestId("notification-badge")).toHaveText("1");
  });

  test("the tabs of one browser share one socket, and another tab takes over when the leader closes", async ({ context }) => {
    const email = `e2e-tabs-${Date.now()}@example.com`;
    await createUser(context.request, email, { toursDone: true });
    const sockets: string[] = [];
    const pageA = await context.newPage();
    await dismissCookieBanner(pageA);
    pageA.on("websocket", () => sockets.push("A"));
    await pageA.goto("/app/notificacoes");
    await expect(pageA.locator('[data-realtime="open"]')).toBeVisible();
    const pageB = await context.newPage();
    pageB.on("websocket", () => sockets.push("B"));
    await pageB.goto("/app/notificacoes");
    await expect(pageB.locator('[data-realtime="open"]')).toBeVisible();
    expect(sockets).toEqual(["A"]);

    // Tab B hears what arrives on tab A's socket.
    const badge = async () => Number((await pageB.getByTestId("notification-badge").textContent()) || 0);
    const before = await badge();
    await context.request.post("/api/dev/notify", { headers: originOf(context.request), data: { email, title: "Olá dos dois separadores", message: "—" } });
    await expect(pageB.getByText("Olá dos dois separadores")).toBeVisible();

    // The leader leaves: B opens its own socket and keeps receiving.
    await pageA.close();
    await expect.poll(() => sockets).toEqual(["A", "B"]);
    await context.request.post("/api/dev/notify", { headers: originOf(context.request), data: { email, title: "Depois da troca", message: "—" } });
    await expect(pageB.getByText("Depois da troca")).toBeVisible();
    expect(await badge()).toBeGreaterThan(before);
  });

  test("a long-time user with many high-priority notices still finds today's unread reminder, in each tab and page by page", async ({ context, page }) => {
    const email = `e2e-many-${Date.now()}@example.com`;
    await createUser(context.request, email, { toursDone: true });
    const headers = originOf(context.request);
    // More read critical notices than a page holds (priority first), then today's one unread reminder.
    for (let i = 0; i < 55; i++) {
      const created = await context.request.post("/api/v1/notifications", { headers, data: { title: `Aviso antigo ${i}`, priority: "critical", type: "security" } });
      expect(created.status()).toBe(201);
    }
    await context.request.post("/api/v1/notifications/read", { headers, data: { all: true } });
    await context.request.post("/api/v1/notifications", { headers, data: { title: "Lembrete de hoje", priority: "medium" } });

    await dismissCookieBanner(page);
    await page.goto("/app/notificacoes");
    await untilHydrated(page);
    await expect(page.getByTestId("notification-badge")).toHaveText("1");
    const list = page.getByTestId("notifications-page");
    await expect(list.locator("li")).toHaveCount(50);
    await expect(list.getByText("Lembrete de hoje")).toHaveCount(0);
    await list.getByRole("button", { name: "Carregar mais" }).click();
    await expect(list.getByText("Lembrete de hoje")).toBeVisible();
    await expect(list.locator("li")).toHaveCount(57);
    await expect(list.getByRole("button", { name: "Carregar mais" })).toHaveCount(0);

    // The bell's tabs ask the server: the unread tab has it at once, the today tab on its second page.
    await page.getByRole("button", { name: /Notificações, 1 por ler/ }).click();
    const bellPanel = page.getByTestId("notification-panel");
    await bellPanel.getByRole("tab", { name: "Não lidas" }).click();
    await expect(bellPanel.getByRole("tabpanel").getByText("Lembrete de hoje")).toBeVisible();
    await bellPanel.getByRole("tab", { name: "Hoje" }).click();
    await expect(bellPanel.getByRole("tabpanel").getByText("Aviso antigo 54")).toBeVisible();
    await bellPanel.getByRole("tabpanel").getByRole("button", { name: "Carregar mais" }).click();
    await expect(bellPanel.getByRole("tabpanel").getByText("Lembrete de hoje")).toBeVisible();
  });

  test("the page's filter stays in the URL over a reload; read and unread from the row, with the badge; a keyboard delete can be undone from the keyboard", async ({ context, page }) => {
    await createUser(context.request, `e2e-filters-${Date.now()}@example.com`, { toursDone: true });
    const headers = originOf(context.request);
    await context.request.post("/api/v1/notifications/read", { headers, data: { all: true } });
    for (const title of ["Primeiro lembrete", "Segundo lembrete"]) {
      expect((await context.request.post("/api/v1/notifications", { headers, data: { title, priority: "medium" } })).status()).toBe(201);
    }
    await dismissCookieBanner(page);
    await page.goto("/app/notificacoes");
    // The badge and the tabs are in the server's HTML: a click before hydration would be lost.
    await untilHydrated(page);
    const list = page.getByTestId("notifications-page");
    await expect(page.getByTestId("notification-badge")).toHaveText("2");
    await list.getByRole("tab", { name: "Não lidas" }).click();
    await expect(page).toHaveURL(/\?filter=unread$/);
    await page.reload();
    await untilHydrated(page);
    await expect(list.getByRole("tab", { name: "Não lidas" })).toHaveAttribute("aria-selected", "true");
    await expect(list.getByRole("tabpanel").getByText("Bem-vindo ao Rumo!")).toHaveCount(0);

    await list.getByRole("button", { name: "Marcar como lida: Primeiro lembrete" }).click();
    await expect(page.getByTestId("notification-badge")).toHaveText("1");
    await list.getByRole("button", { name: "Marcar como não lida: Primeiro lembrete" }).click();
    await expect(page.getByTestId("notification-badge")).toHaveText("2");

    await list.getByRole("button", { name: "Eliminar notificação: Segundo lembrete" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Anular" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(list.getByText("Segundo lembrete")).toBeVisible();
    // The toast gone, the focus is back on the list, not at the page's start: on the restored row.
    await expect(page.locator(":focus")).toHaveAttribute("data-open", "");
    await expect(page.locator(":focus")).toContainText("Segundo lembrete");
  });

  test("a keyboard delete in the bell's panel: Anular keeps the panel open, and the focus comes back to the restored row", async ({ context, page }) => {
    await createUser(context.request, `e2e-bell-undo-${Date.now()}@example.com`, { toursDone: true });
    const headers = originOf(context.request);
    await context.request.post("/api/v1/notifications/read", { headers, data: { all: true } });
    for (const title of ["Primeiro aviso", "Segundo aviso"]) {
      expect((await context.request.post("/api/v1/notifications", { headers, data: { title, priority: "medium" } })).status()).toBe(201);
    }
    await dismissCookieBanner(page);
    await page.goto("/app");
    await untilHydrated(page);
    await expect(page.getByTestId("notification-badge")).toHaveText("2");
    await page.getByRole("button", { name: /Notificações, 2 por ler/ }).click();
    const panel = page.getByTestId("notification-panel");
    await expect(panel.getByText("Segundo aviso")).toBeVisible();

    // Undo with Enter: the panel stays, the row is back and has the focus.
    await panel.getByRole("button", { name: "Eliminar notificação: Segundo aviso" }).focus();
    await page.keyboard.press("Enter");
    const undo = page.getByRole("button", { name: "Anular" });
    await expect(undo).toBeFocused();
    await expect(panel).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(panel.getByText("Segundo aviso")).toBeVisible();
    await expect(panel.locator(":focus")).toHaveAttribute("data-open", "");
    await expect(panel.locator(":focus")).toContainText("Segundo aviso");

    // Escape leaves the toast (the delete goes): the panel is still open, the focus on the next row.
    await panel.getByRole("button", { name: "Eliminar notificação: Segundo aviso" }).focus();
    await page.keyboard.press("Enter");
    await expect(undo).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(undo).toHaveCount(0);
    await expect(panel).toBeVisible();
    await expect(panel.getByText("Segundo aviso")).toHaveCount(0);
    await expect(panel.locator(":focus")).toHaveAttribute("data-open", "");
  });
});

test.describe("notifications on a touch screen", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36" });

  test("each row shows its delete button (no hover to reveal it) and a long title on two lines", async ({ context, page }) => {
    await createUser(context.request, `e2e-touch-${Date.now()}@example.com`, { toursDone: true });
    const title = "Lembrete: levar o carro à revisão dos 60 000 km na oficina da Avenida da República antes das férias";
    expect((await context.request.post("/api/v1/notifications", { headers: originOf(context.request), data: { title, priority: "medium" } })).status()).toBe(201);
    await dismissCookieBanner(page);
    await page.goto("/app/notificacoes");
    const row = page.getByTestId("notifications-page").locator("li").filter({ hasText: "Lembrete: levar o carro" });
    const remove = row.getByRole("button", { name: `Eliminar notificação: ${title}` });
    await expect(remove).toBeVisible();
    expect(await remove.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
    const heading = row.locator(`[title="${title}"]`);
    const lineHeight = await heading.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect((await heading.boundingBox())!.height).toBeGreaterThan(1.5 * lineHeight);
    await remove.tap();
    await expect(row).toHaveCount(0);
  });
});

test("with a mouse, a row's delete button shows on hover or focus only", async ({ context, page }) => {
  await createUser(context.request, `e2e-hover-${Date.now()}@example.com`, { toursDone: true });
  expect((await context.request.post("/api/v1/notifications", { headers: originOf(context.request), data: { title: "Lembrete curto", priority: "medium" } })).status()).toBe(201);
  await dismissCookieBanner(page);
  await page.goto("/app/notificacoes");
  const row = page.getByTestId("notifications-page").locator("li").filter({ hasText: "Lembrete curto" });
  const remove = row.getByRole("button", { name: "Eliminar notificação: Lembrete curto" });
  await expect(remove).toHaveCSS("opacity", "0");
  await row.hover();
  await expect(remove).toHaveCSS("opacity", "1");
});
