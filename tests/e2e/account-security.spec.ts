import { expect, test } from "@playwright/test";
import { createUser, dismissCookieBanner } from "./support";

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
