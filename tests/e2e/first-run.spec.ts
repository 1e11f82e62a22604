import { expect, test, type Page } from "@playwright/test";
import { createUser, dismissCookieBanner, untilHydrated } from "./support";

/**
 * A new account's first minutes on a phone (docs/decisions/0111): onboarding's choices applied
 * afterwards, and the guided tours pointing at what a phone shows, with their card on screen.
 */
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const PHONE = { width: 390, height: 844 };

test.use({
  viewport: PHONE,
  hasTouch: true,
  isMobile: true,
  timezoneId: "America/Sao_Paulo",
  userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
});

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

/** The tour's card, whole, inside the window: its buttons within reach. */
async function expectCardOnScreen(page: Page) {
  const box = (await page.getByTestId("tour").boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
}

/** Whether the element is inert, itself or by an ancestor: out of the focus order and of the accessibility tree. */
const inert = (page: Page, selector: string) => page.locator(selector).evaluate((element) => element.closest("[inert]") !== null);

test("onboarding's zone and first modules are applied, and the dashboard's tour points at the phone's menu", async ({ page }) => {
  await createUser(page.request, uniqueEmail("first-run"), { onboarded: false });
  await page.goto("/app");
  await expect(page).toHaveURL(/\/app\/onboarding/);
  await untilHydrated(page);
  // The browser's zone, chosen without being asked for.
  await expect(page.getByLabel("Fuso horário")).toHaveValue("America/Sao_Paulo");
  await page.getByLabel("Finanças").check();
  await page.getByLabel("Calendário").uncheck();
  await page.getByRole("button", { name: "Começar" }).click();
  await expect(page).toHaveURL(/\/app\/meu-impacto/);
  const me = await page.evaluate(() => fetch("/api/v1/me").then((answer) => answer.json()));
  expect(me.user.timeZone).toBe("America/Sao_Paulo");

  const tour = page.getByTestId("tour");
  await expect(tour).toContainText("Passo 1 de 5");
  await tour.getByRole("button", { name: "Seguinte" }).click();
  await expect(tour).toContainText("no menu");
  await expect(tour).not.toContainText("Ctrl+B");
  await expectCardOnScreen(page);
  await tour.getByRole("button", { name: "Pular" }).click();
  await expect(tour).toHaveCount(0);

  // Day one: where to start is the first thing, with the modules chosen.
  const start = page.getByTestId("demo-card");
  await expect(start).toContainText("Por onde escolheu começar");
  await expect(start.getByRole("link", { name: /Finanças/ })).toBeVisible();
  await expect(start.getByRole("link", { name: /calendário/i })).toHaveCount(0);
  expect((await start.boundingBox())!.y).toBeLessThan((await page.getByTestId("today-panel").boundingBox())!.y);

  // Skipped, not gone for good: the header's Guia plays it again; a reload does not.
  await page.getByRole("button", { name: "Guia" }).click();
  await expect(tour).toContainText("Passo 1 de 5");
  await page.keyboard.press("Escape");
  await expect(tour).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("demo-card")).toBeVisible();
  await expect(page.getByTestId("tour")).toHaveCount(0);
});

test("a module's tour brings each target on screen and keeps its card there", async ({ page }) => {
  await createUser(page.request, uniqueEmail("first-run-tasks"));
  await page.goto("/app/tarefas");
  const tour = page.getByTestId("tour");
  await expect(tour).toContainText("Passo 1 de 6");
  for (let step = 2; step <= 6; step++) {
    await tour.getByRole("button", { name: "Seguinte" }).click();
    await expect(tour).toContainText(`Passo ${step} de 6`);
    await expectCardOnScreen(page);
  }
  await tour.getByRole("button", { name: "Concluir" }).click();
  await expect(tour).toHaveCount(0);
});

test("onboarding's choices survive a reload, and are forgotten once it is done", async ({ page }) => {
  await createUser(page.request, uniqueEmail("first-run-reload"), { onboarded: false });
  await page.goto("/app/onboarding");
  await untilHydrated(page);
  await expect(page.getByLabel("Fuso horário")).toHaveValue("America/Sao_Paulo");
  await page.getByLabel("Finanças").check();
  await page.getByLabel("Calendário").uncheck();
  await page.getByLabel("Fuso horário").selectOption("Europe/Madrid");
  await page.getByLabel("Idioma").selectOption("en");
  await expect(page.getByLabel("Time zone")).toBeVisible();
  // What the server renders, before any script: the account's language, which stayed pt, so a
  // reload showed Portuguese until the tab's draft was read back after hydration.
  const serverHtml = async () => (await page.request.get("/app/onboarding")).text();
  await expect.poll(async () => (await serverHtml()).match(/<html lang="[^"]*"/)?.[0], { timeout: 10_000 }).toBe('<html lang="en-US"');
  expect(await serverHtml()).toContain("Welcome to Rumo");
  // A phone killing the tab, or a reload: the choices were React state only and came back empty.
  await page.reload();
  await untilHydrated(page);
  await expect(page.getByLabel("Language")).toHaveValue("en");
  await expect(page.getByLabel("Finances")).toBeChecked();
  await expect(page.getByLabel("Calendar")).not.toBeChecked();
  await expect(page.getByLabel("Tasks")).toBeChecked();
  // A zone the person picked is kept; the browser's does not replace it.
  await expect(page.getByLabel("Time zone")).toHaveValue("Europe/Madrid");
  await page.getByRole("button", { name: "Get started" }).click();
  await expect(page).toHaveURL(/\/app\/meu-impacto/);
  const me = await page.evaluate(() => fetch("/api/v1/me").then((answer) => answer.json()));
  expect(me.user.timeZone).toBe("Europe/Madrid");
  expect(me.user.language).toBe("en");
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith("rumo-onboarding")))).toEqual([]);
});

test("the phone's tour leaves the page behind it inert, and gives it back when it closes", async ({ page }) => {
  await createUser(page.request, uniqueEmail("first-run-inert"));
  await page.goto("/app/meu-impacto");
  const tour = page.getByTestId("tour");
  await expect(tour).toContainText("Passo 1 de 5");
  await expect.poll(() => inert(page, "main#conteudo")).toBe(true);
  // The step that points at the menu: the button is on show under the ring, not reachable.
  await tour.getByRole("button", { name: "Seguinte" }).click();
  await expect(tour).toContainText("no menu");
  await expect(page.locator('[data-tour="menu"]')).toBeVisible();
  await expectCardOnScreen(page);
  await tour.getByRole("button", { name: "Pular" }).click();
  await expect(tour).toHaveCount(0);
  expect(await inert(page, "main#conteudo")).toBe(false);
  await page.locator('[data-tour="menu"]').click();
  await expect(page.getByTestId("drawer")).toBeVisible();
});
