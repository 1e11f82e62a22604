import { expect, test, type Page } from "@playwright/test";
import { createUser, dismissCookieBanner, untilHydrated } from "./support";

/** Until the service worker controls the page and has stored the prefetched screens of the user. */
async function untilOfflineReady(page: Page) {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          for (const name of await caches.keys()) {
            if (!name.startsWith("rumo-user-")) continue;
            const cache = await caches.open(name);
            const stored = await Promise.all(["/app/meu-impacto", "/app/tarefas", "/app/financas", "/app/tarefas.data"].map((path) => cache.match(location.origin + path)));
            if (stored.every(Boolean)) return true;
          }
          return false;
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
}

test.describe("installable app that works offline", () => {
  test("manifest and worker, offline reading, offline writes saved exactly once, sign-out clears the user's data", async ({ page, context }) => {
    test.setTimeout(180_000);
    const request = context.request;
    const email = `e2e-pwa-${Date.now()}@example.com`;
    await createUser(request, email, { toursDone: true });
    await dismissCookieBanner(page);

    // Install criteria: a manifest with the required fields and icons, and a worker with scope /.
    const manifest = await (await request.get("/manifest.webmanifest")).json();
    expect(manifest).toMatchObject({ short_name: "Rumo", start_url: "/app/meu-impacto", display: "standalone", theme_color: "#6d28d9" });
    expect(manifest.icons.some((icon: { purpose: string; sizes: string }) => icon.purpose === "maskable" && icon.sizes === "512x512")).toBe(true);
    expect(manifest.shortcuts.map((s: { name: string }) => s.name)).toEqual(["Tarefas", "Finanças"]);
    for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200);
    const sw = await request.get("/sw.js");
    expect(sw.status()).toBe(200);
    expect(sw.headers()["cache-control"]).toContain("no-cache");

    const origin = `http://localhost:${process.env.E2E_PORT ?? 8790}`;
    const api = { headers: { origin } };
    expect((await request.post("/api/v1/tasks", { ...api, data: { title: "Tarefa guardada" } })).status()).toBe(201);

    await page.goto("/app/meu-impacto");
    await untilHydrated(page);
    // Registered after hydration, with scope /.
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/"))?.scope ?? null), { timeout: 30_000 }).toBe(`${origin}/`);
    await untilOfflineReady(page);

    // Offline: a reload and the other screens come from the user's cache, marked as offline.
    await context.setOffline(true);
    await page.reload();
    await untilHydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("offline-status")).toContainText("Modo offline");
    await page.goto("/app/tarefas");
    await untilHydrated(page);
    await expect(page.getByText("Tarefa guardada")).toBeVisible();

    // An offline task: shown at once as waiting, kept across a reload.
    await page.getByRole("button", { name: "Nova tarefa" }).first().click();
    const form = page.getByTestId("task-form");
    await form.getByLabel("Título").fill("Comprar fruta offline");
    await form.getByRole("button", { name: "Criar tarefa" }).click();
    await expect(form).toBeHidden();
    const queued = page.getByTestId("queued-changes");
    await expect(queued).toContainText("Comprar fruta offline");
    await expect(queued.getByTestId("pending-change")).toHaveAttribute("data-status", "pending");
    await expect(page.getByTestId("offline-pending-count")).toHaveText("1 alteração por enviar");
    await page.reload();
    await untilHydrated(page);
    await expect(page.getByTestId("queued-changes")).toContainText("Comprar fruta offline");

    // An offline transaction.
    await page.goto("/app/financas");
    await untilHydrated(page);
    await page.getByTestId("add-transaction").click();
    const txForm = page.getByTestId("transaction-form");
    await txForm.getByLabel("Valor").fill("7,35");
    await txForm.getByLabel("Valor").press("Tab");
    await txForm.getByLabel("Descrição").fill("Mercado offline");
    await txForm.getByRole("button", { name: "Guardar" }).click();
    await expect(txForm).toBeHidden();
    await expect(page.getByTestId("queued-changes")).toContainText("Mercado offline");
    await expect(page.getByTestId("offline-pending-count")).toHaveText("2 alterações por enviar");

    // Close the page, reopen, go online: each change is saved exactly once.
    await page.close();
    await context.setOffline(false);
    const reopened = await context.newPage();
    await reopened.goto("/app/tarefas");
    await untilHydrated(reopened);
    await expect(reopened.getByTestId("offline-status")).toBeHidden({ timeout: 20_000 });
    await expect(reopened.getByText("Comprar fruta offline").first()).toBeVisible();
    const tasks = (await (await request.get("/api/v1/tasks?limit=200")).json()).items.filter((t: { title: string }) => t.title === "Comprar fruta offline");
    expect(tasks).toHaveLength(1);
    const transactions = (await (await request.get("/api/v1/transactions?q=Mercado%20offline")).json()).items;
    expect(transactions).toHaveLength(1);
    expect(transactions[0]).toMatchObject({ amountCents: 735, type: "expense" });

    // Sign out: nothing of this user is left in the browser.
    await untilOfflineReady(reopened);
    await reopened.getByRole("button", { name: "Terminar sessão" }).first().click();
    await reopened.waitForURL(/\/auth/);
    const leftovers = await reopened.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("rumo-user-")));
    expect(leftovers).toEqual([]);
    await context.setOffline(true);
    await reopened.goto("/app/tarefas");
    await expect(reopened.getByText("Tarefa guardada")).toHaveCount(0);
    await expect(reopened.getByRole("heading", { name: "Sem ligação" })).toBeVisible();
    await context.setOffline(false);
  });

  // Not yet passing: the reload after update() did not come within 30 s here (the routed
  // byte-different sw.js may not reach the browser's update check); see the report.
  test.fixme("an update from one worker version to the next reloads into the new version", async ({ page, context }) => {
    test.setTimeout(90_000);
    await dismissCookieBanner(page);
    await page.goto("/");
    await untilHydrated(page);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
    const first = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
    // The next deployment: a byte-different worker at the same URL.
    const original = await (await context.request.get("/sw.js")).text();
    await context.route("**/sw.js", (route) => route.fulfill({ status: 200, contentType: "text/javascript", headers: { "cache-control": "no-cache" }, body: `${original}\n/* version 2 */` }));
    const reloaded = page.waitForEvent("load", { timeout: 30_000 });
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/"))!.update());
    // Desktop: SKIP_WAITING after 1 s, then one reload when the new worker takes control.
    await reloaded;
    await untilHydrated(page);
    const active = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration("/");
      const response = await fetch(registration!.active!.scriptURL, { cache: "no-store" });
      return { waiting: registration!.waiting !== null, controlled: navigator.serviceWorker.controller !== null, body: await response.text() };
    });
    expect(first).toContain("/sw.js");
    expect(active.controlled).toBe(true);
    expect(active.waiting).toBe(false);
    expect(active.body).toContain("version 2");
  });
});
