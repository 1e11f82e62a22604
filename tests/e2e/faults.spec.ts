import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { createUser, dismissCookieBanner, untilHydrated } from "./support";

/**
 * The development faults switch end to end (docs/decisions/0047): D1 fails while the user creates
 * a task; the app keeps the change and sends it once D1 answers again, and the task exists once.
 */
const base = `http://localhost:${process.env.E2E_PORT ?? 8790}`;

/** The switch, from a context without the user's cookie (a cookie would make the call read D1). */
async function faults(dev: APIRequestContext, body: Record<string, unknown> | null) {
  const response = body
    ? await dev.post("/api/dev/faults", { headers: { origin: base }, data: body })
    : await dev.delete("/api/dev/faults", { headers: { origin: base } });
  expect(response.status()).toBe(200);
}

test.describe("faults", () => {
  test("D1 failing: a clean 503 page, a task created meanwhile lands exactly once after recovery", async ({ page, context, browser }) => {
    // Sign-up, the fault's Retry-After and the replay: more than the default 30 s.
    test.setTimeout(180_000);
    const dev = await playwrightRequest.newContext({ baseURL: base });
    const request = context.request;
    try {
      await createUser(request, `e2e-faults-${Date.now()}@example.com`, { toursDone: true });
      await dismissCookieBanner(page);
      await page.goto("/app/tarefas");
      await untilHydrated(page);
      await expect(page.getByText("Sem tarefas pendentes")).toBeVisible();

      await faults(dev, { target: "d1", mode: "fail", seconds: 120 });

      // The API answers a clean 503 with Retry-After, never HTML.
      const apiAnswer = await request.get("/api/v1/tasks");
      expect(apiAnswer.status()).toBe(503);
      expect(apiAnswer.headers()["retry-after"]).toBe("5");
      expect((await apiAnswer.json()).error.code).toBe("service_unavailable");

      // A page opened now is a small 503 page, not a stack trace.
      const other = await context.newPage();
      const response = await other.goto("/app/tarefas");
      expect(response?.status()).toBe(503);
      await expect(other.getByRole("heading", { name: "Serviço temporariamente indisponível" })).toBeVisible();
      await other.close();
      // A public page whose loader reads D1 (the home page's roadmap): the app's error page, 503.
      const visitor = await browser.newContext();
      const home = await visitor.newPage();
      const homeAnswer = await home.goto("/");
      expect(homeAnswer?.status()).toBe(503);
      expect(homeAnswer?.headers()["retry-after"]).toBe("5");
      await expect(home.getByRole("heading", { name: "Algo correu mal" })).toBeVisible();
      await visitor.close();

      // The open screen still takes a new task: it is kept and shown as waiting.
      await page.getByRole("button", { name: "Nova tarefa" }).first().click();
      const form = page.getByTestId("task-form");
      await form.getByLabel("Título").fill("Tarefa durante a falha");
      await form.getByRole("button", { name: "Criar tarefa" }).click();
      await expect(form).toBeHidden();
      const queued = page.getByTestId("queued-changes");
      await expect(queued).toContainText("Tarefa durante a falha");

      // D1 answers again: the waiting change is sent (after Retry-After) and the list shows it.
      await faults(dev, null);
      await expect(page.getByTestId("pending-change")).toHaveCount(0, { timeout: 40_000 });
      await expect(page.getByTestId("pending-list").getByTestId("task-item").filter({ hasText: "Tarefa durante a falha" })).toBeVisible({ timeout: 15_000 });

      const tasks = (await (await request.get("/api/v1/tasks?limit=200")).json()).items.filter((t: { title: string }) => t.title === "Tarefa durante a falha");
      expect(tasks).toHaveLength(1);
      // Opened afresh, the screen shows it once too.
      const fresh = await context.newPage();
      await fresh.goto("/app/tarefas");
      await untilHydrated(fresh);
      await expect(fresh.getByTestId("pending-list").getByTestId("task-item").filter({ hasText: "Tarefa durante a falha" })).toHaveCount(1);
    } finally {
      await faults(dev, null).catch(() => undefined);
      await dev.dispose();
    }
  });
});
