import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateTOTP } from "@oslojs/otp";
import { expect, test } from "@playwright/test";
import { createUser, dismissCookieBanner } from "./support";

test.use({ extraHTTPHeaders: { "cf-connecting-ip": `198.51.100.${Math.floor(Math.random() * 250) + 1}` } });

test("turning two-factor on moves the keyboard focus to the recovery codes, which are named", async ({ page }) => {
  await dismissCookieBanner(page);
  await createUser(page.request, `dois-passos-${Date.now()}@example.com`, { toursDone: true });
  await page.goto("/app/perfil");
  await page.getByRole("tab", { name: "Segurança" }).click();
  await page.getByRole("button", { name: "Ativar" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("Código de verificação").fill(generateTOTP(decodeBase32IgnorePadding(secret), 30, 6));
  await page.getByLabel("Código de verificação").press("Enter");
  const codes = page.getByRole("region", { name: "Códigos de recuperação" });
  await expect(codes).toBeFocused();
  await expect(codes).toHaveAccessibleDescription(/Guarde estes códigos de recuperação/);
  await expect(codes.getByRole("listitem")).toHaveCount(8);
  // Not lost on <body>: the next Tab goes on from the codes, inside the two-factor section.
  await expect(page.getByLabel("Senha", { exact: true })).toBeVisible();
  await expect(codes).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Senha", { exact: true })).toBeFocused();
});
