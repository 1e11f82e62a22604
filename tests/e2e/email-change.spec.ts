import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createUser, dismissCookieBanner, PASSWORD } from "./support";

/** axe's serious and critical findings, one line each (as the accessibility sweep counts them). */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test.use({ extraHTTPHeaders: { "cf-connecting-ip": `198.51.100.${Math.floor(Math.random() * 250) + 1}` } });

test("Alterar email: a wrong password is shown at its field; then the link goes to the new address and the banner says it is unconfirmed", async ({ page }) => {
  await dismissCookieBanner(page);
  const stamp = Date.now();
  const before = `troca-${stamp}@example.com`;
  const after = `trocado-${stamp}@example.com`;
  await createUser(page.request, before, { toursDone: true });
  await page.goto("/app/perfil");
  await page.getByRole("button", { name: "Alterar email" }).click();
  const form = page.getByRole("form", { name: "Alterar email" });
  await form.getByLabel("Novo email").fill(after);
  await form.getByLabel("Senha atual").fill("nao-e-esta");
  await form.getByRole("button", { name: "Alterar email" }).click();
  await expect(form.getByLabel("Senha atual")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Senha atual")).toHaveAccessibleDescription("Senha incorreta");
  expect(await seriousViolations(page)).toEqual([]);

  await form.getByLabel("Senha atual").fill(PASSWORD);
  await form.getByRole("button", { name: "Alterar email" }).click();
  await expect(page.getByText(`Enviámos um link de confirmação para ${after}.`, { exact: false })).toBeVisible();
  // The layout is read again: the banner of an unconfirmed address, and the new address on the profile.
  await expect(page.getByText(`Email não verificado – Verifique o seu email (${after})`, { exact: false })).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(after);
  // The banner leads back here, where a mistyped address is changed again.
  await expect(page.getByRole("status").getByRole("link", { name: "Alterar email" })).toHaveAttribute("href", "/app/perfil");
  expect(await seriousViolations(page)).toEqual([]);
});
