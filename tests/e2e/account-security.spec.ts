import { expect, test } from "@playwright/test";
import { createUser, dismissCookieBanner, originOf, PASSWORD, untilHydrated } from "./support";

// The /auth page sends signed-in people on to `next`; hostile values must land on the dashboard.
test("a signed-in visit to /auth?next= never leaves the site", async ({ page }) => {
  await dismissCookieBanner(page);
  await createUser(page.request, `redirect-${Date.now()}@example.com`, { toursDone: true });
  for (const next of ["/\\evil.example", "/\t/evil.example", "//evil.example", "/%5Cevil.example", "https://evil.example/"]) {
    await page.goto(`/auth?next=${encodeURIComponent(next)}`);
    await expect(page).toHaveURL(/\/app\/meu-impacto$/);
  }
  await page.goto(`/auth?next=${encodeURIComponent("/app/perfil")}`);
  await expect(page).toHaveURL(/\/app\/perfil$/);
});

// The session cookie is the browser's, not the tab's (app/lib/session-user.ts): a tab left on one
// account must neither show nor write to the account signed in after it.
test("a tab left on one account follows the browser's session to the next one", async ({ page, context, request: elsewhere }) => {
  const request = context.request;
  const stamp = Date.now();
  const [bruna, ana] = [`tab-bruna-${stamp}@example.com`, `tab-ana-${stamp}@example.com`];
  // Ana's account is made elsewhere (its own cookies); session tracking off, so that no call of
  // the tab's own meets the switch before the write below does.
  await createUser(elsewhere, ana, { fullName: "Ana Tab", toursDone: true });
  expect((await elsewhere.post("/api/v1/tasks", { headers: originOf(elsewhere), data: { title: "Tarefa da Ana" } })).status()).toBe(201);
  await dismissCookieBanner(page);
  await createUser(request, bruna, { fullName: "Bruna Tab", toursDone: true });
  expect((await request.patch("/api/v1/me", { headers: originOf(request), data: { preferences: { activityTracking: false } } })).ok()).toBe(true);
  expect((await request.post("/api/v1/tasks", { headers: originOf(request), data: { title: "Tarefa da Bruna" } })).status()).toBe(201);
  await page.goto("/app/tarefas");
  await untilHydrated(page);
  await expect(page.getByText("Tarefa da Bruna")).toBeVisible();

  // Meanwhile, not in this tab, Ana signs in on the same browser.
  const signIn = (email: string) => request.post("/api/v1/auth/login", { headers: originOf(request), data: { email, password: PASSWORD } });
  expect((await signIn(ana)).status()).toBe(200);

  // The old tab's next write is refused and the tab reloads as Ana, with nothing written anywhere.
  await page.getByRole("button", { name: "Nova tarefa" }).first().click();
  await page.getByTestId("task-form").getByLabel("Título").fill("Escrita do separador antigo");
  await page.getByTestId("task-form").getByRole("button", { name: "Criar tarefa" }).click();
  await expect(page.getByText("Tarefa da Ana")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Tarefa da Bruna")).toHaveCount(0);
  const titles = async () => (await (await request.get("/api/v1/tasks")).json()).items.map((t: { title: string }) => t.title);
  expect(await titles()).toEqual(["Tarefa da Ana"]);

  // Bruna again, and a second tab opens the app: the first one reloads as Bruna at once.
  expect((await signIn(bruna)).status()).toBe(200);
  expect(await titles()).toEqual(["Tarefa da Bruna"]);
  const second = await context.newPage();
  await dismissCookieBanner(second);
  await second.goto("/app/meu-impacto");
  await untilHydrated(second);
  await expect(page.getByText("Tarefa da Bruna")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Tarefa da Ana")).toHaveCount(0);

  // No other tab this time: Ana signs in while this tab shows Bruna's screens, and the tab moves to
  // another screen in place. The answer is Ana's, so the tab starts over instead of mixing them.
  await second.close();
  await untilHydrated(page);
  await page.evaluate(() => ((window as unknown as { staleTab: boolean }).staleTab = true));
  expect((await signIn(ana)).status()).toBe(200);
  await page.getByRole("link", { name: "Objetivos" }).first().click();
  await expect(page).toHaveURL(/\/app\/objetivos/);
  // Asked again while the reload replaces the page (an evaluate cut off by it counts as not yet).
  const stale = () => page.evaluate(() => (window as unknown as { staleTab?: boolean }).staleTab ?? false).catch(() => true);
  await expect.poll(stale, { timeout: 15_000 }).toBe(false);
  await untilHydrated(page);
});
