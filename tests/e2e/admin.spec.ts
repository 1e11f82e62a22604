import { expect, test } from "@playwright/test";
import { createUser, dismissCookieBanner, untilHydrated } from "./support";

// playwright.config.ts starts the server with RUMO_ADMIN_EMAILS=admin@e2e.rumo.test: that address,
// once confirmed, is an admin.
const ADMIN = "admin@e2e.rumo.test";

const ADMIN_SCREENS = [
  "/app/admin",
  "/app/user-management",
  "/app/admin/audit",
  "/app/analytics",
  "/app/system-health",
  "/app/launch-readiness",
  "/app/admin/feature-flags",
  "/app/admin/feedback",
  "/app/admin/incidents",
];

test("an admin finds a user and ends their sessions: that user's next request is signed out", async ({ page, browser }) => {
  // Two sign-ups (password hashing) and three screens on a shared, busy machine.
  test.setTimeout(90_000);
  const target = `sessions-${Date.now()}@example.com`;
  // The user, signed in from another browser.
  const other = await browser.newContext();
  await createUser(other.request, target, { fullName: "Teresa Alvo", toursDone: true });
  expect((await other.request.get("/api/v1/me")).status()).toBe(200);

  await dismissCookieBanner(page);
  await createUser(page.request, ADMIN, { fullName: "Ana Admin", toursDone: true });
  // The sidebar leads an admin to the admin screens.
  await page.goto("/app/meu-impacto");
  await untilHydrated(page);
  await page.getByRole("link", { name: "Administração" }).click();
  await expect(page).toHaveURL(/\/app\/admin$/);
  await page.goto("/app/user-management");
  await untilHydrated(page);
  await expect(page.getByRole("heading", { name: "Gestão de utilizadores" })).toBeVisible();

  await page.getByLabel("Pesquisar por email ou nome").fill("Teresa Alvo");
  await page.getByRole("button", { name: "Pesquisar", exact: true }).click();
  const row = page.getByRole("button", { name: `Ver conta de ${target}` });
  await expect(row).toBeVisible();
  await expect(page.getByTestId("admin-users").getByRole("listitem")).toHaveCount(1);
  await row.click();

  const detail = page.getByTestId("admin-user-detail");
  await expect(detail.getByText("Sessões ativas")).toBeVisible();
  await detail.getByRole("button", { name: "Terminar sessões" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByText(`${target} terá de voltar a entrar em todos os dispositivos.`)).toBeVisible();
  await dialog.getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByText("Sessões terminadas.")).toBeVisible();

  // The user's very next request is signed out, and their page goes to sign-in.
  expect((await other.request.get("/api/v1/me")).status()).toBe(401);
  const otherPage = await other.newPage();
  await otherPage.goto("/app/meu-impacto");
  await expect(otherPage).toHaveURL(/\/auth\?next=/);

  // The action is in the audit log.
  await page.goto("/app/admin/audit");
  await untilHydrated(page);
  await expect(page.getByTestId("audit-log").getByText("user.end_sessions")).toBeVisible();
  await other.close();
});

test("a non-admin gets the not-found page on every admin screen", async ({ page }) => {
  test.setTimeout(90_000);
  await dismissCookieBanner(page);
  await createUser(page.request, `plain-${Date.now()}@example.com`, { toursDone: true });
  for (const path of ADMIN_SCREENS) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Gestão de utilizadores" }), path).toHaveCount(0);
  }
  // The API says no as well.
  expect((await page.request.get("/api/v1/admin/users")).status()).toBe(403);
  // The public status page and the roadmap are for everyone.
  expect((await page.goto("/status"))?.status()).toBe(200);
  await expect(page.getByTestId("status-overall")).toHaveText("Todos os sistemas operacionais");
  expect((await page.goto("/app/roadmap"))?.status()).toBe(200);
  await expect(page.getByTestId("app-roadmap")).toBeVisible();
  // No link to them either.
  await expect(page.getByRole("link", { name: "Administração" })).toHaveCount(0);
});
