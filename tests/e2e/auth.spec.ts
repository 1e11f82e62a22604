import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateTOTP } from "@oslojs/otp";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createUser, dismissCookieBanner, originOf, PASSWORD } from "./support";

// /auth is a static page (decision 0052): server-rendered forms posting to the route's action,
// which calls the JSON API in-process. These tests prove the flows through the forms.

// This file's browser signs in from its own address (sign-in and sign-up are throttled per address).
test.use({ extraHTTPHeaders: { "cf-connecting-ip": `198.51.100.${Math.floor(Math.random() * 250) + 1}` } });

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

/** A confirmed account, signed in only in `request` (not in the page's browser). */
async function account(request: APIRequestContext, prefix: string) {
  const email = `${prefix}-${Date.now()}@example.com`;
  await createUser(request, email, { toursDone: true });
  return email;
}

const signInForm = (page: Page) => page.getByRole("form", { name: "Entrar" });

test("sends no JavaScript but the page script, and marks itself ready", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
  await page.goto("/auth");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  expect(scripts).toEqual([]);
  expect(await page.locator("script[src], link[rel=modulepreload]").count()).toBe(0);
});

test("a wrong password shows the error (pt), keeps the e-mail and focuses the password", async ({ page, request }) => {
  const email = await account(request, "auth-wrong");
  await page.goto("/auth");
  await signInForm(page).getByLabel("Email").fill(email);
  await signInForm(page).getByLabel("Senha").fill("nao-e-esta");
  await signInForm(page).getByRole("button", { name: "Entrar" }).click();
  const alert = signInForm(page).getByRole("alert");
  await expect(alert).toContainText("Erro de Login");
  await expect(alert).toContainText("Email ou senha incorretos");
  await expect(signInForm(page).getByLabel("Email")).toHaveValue(email);
  await expect(signInForm(page).getByLabel("Senha")).toHaveValue("");
  await expect(signInForm(page).getByLabel("Senha")).toBeFocused();
});

test("a sign-in goes to `next`", async ({ page, request }) => {
  const email = await account(request, "auth-next");
  await page.goto(`/auth?next=${encodeURIComponent("/app/tarefas")}`);
  await signInForm(page).getByLabel("Email").fill(email);
  await signInForm(page).getByLabel("Senha").fill(PASSWORD);
  await signInForm(page).getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/app\/tarefas$/);
});

test("sign-up: mismatched passwords and an address already registered are shown on their fields", async ({ page, request }) => {
  const taken = await account(request, "auth-taken");
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Criar conta" }).click();
  await expect(page.getByRole("tab", { name: "Criar conta" })).toHaveAttribute("aria-selected", "true");
  const form = page.getByRole("form", { name: "Criar conta" });
  await form.getByLabel("Nome completo").fill("Rita Faria");
  await form.getByLabel("Email").fill(`auth-new-${Date.now()}@example.com`);
  await form.getByLabel("Senha", { exact: true }).fill("segredo-123");
  await form.getByLabel("Confirmar senha").fill("segredo-456");
  await form.getByRole("button", { name: "Criar conta" }).click();
  await expect(form.getByRole("alert")).toContainText("As senhas não coincidem");
  await expect(form.getByLabel("Confirmar senha")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Confirmar senha")).toBeFocused();
  await expect(form.getByLabel("Nome completo")).toHaveValue("Rita Faria");

  // The API's field errors land on the fields.
  await form.getByLabel("Email").fill(taken);
  await form.getByLabel("Senha", { exact: true }).fill("segredo-123");
  await form.getByLabel("Confirmar senha").fill("segredo-123");
  await form.getByRole("button", { name: "Criar conta" }).click();
  await expect(form.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Email")).toBeFocused();
  await expect(form.getByText("Este email já está registado. Tente fazer login.").first()).toBeVisible();
});

test("forgot password: the notice, back on the sign-in tab", async ({ page, request }) => {
  const email = await account(request, "auth-forgot");
  await page.goto("/auth");
  await page.getByRole("link", { name: "Esqueceu a senha?" }).click();
  await expect(page.getByRole("heading", { name: "Recuperar senha" })).toBeVisible();
  await page.getByRole("button", { name: "Enviar email de recuperação" }).click();
  await expect(page.getByRole("alert")).toContainText("Por favor, insira o seu email");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Enviar email de recuperação" }).click();
  await expect(page.getByRole("status")).toContainText("Email enviado: Se existir uma conta com este email, receberá instruções para recuperar a senha.");
  await expect(page.getByRole("tab", { name: "Entrar" })).toHaveAttribute("aria-selected", "true");
});

test("two-factor: the code form after the password, a wrong code, then a recovery code", async ({ page, request }) => {
  const email = await account(request, "auth-2fa");
  const headers = originOf(request);
  const setup = await (await request.post("/api/v1/me/two-factor/setup", { headers })).json();
  const key = decodeBase32IgnorePadding(setup.secret);
  const enabled = await request.post("/api/v1/me/two-factor/enable", { headers, data: { code: generateTOTP(key, 30, 6) } });
  expect(enabled.status()).toBe(200);
  const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };

  await page.goto(`/auth?next=${encodeURIComponent("/app/tarefas")}`);
  await signInForm(page).getByLabel("Email").fill(email);
  await signInForm(page).getByLabel("Senha").fill(PASSWORD);
  await signInForm(page).getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("heading", { name: "Verificação em dois passos" })).toBeVisible();
  await expect(page.getByLabel("Código de verificação")).toBeFocused();
  await page.getByLabel("Código de verificação").fill("000000");
  await page.getByRole("button", { name: "Verificar" }).click();
  // Said once, under the field it is about.
  await expect(page.getByText("Código inválido. Tente novamente.")).toHaveCount(1);
  await expect(page.getByLabel("Código de verificação")).toHaveAccessibleDescription(/Código inválido/);
  await page.getByLabel("Código de verificação").fill(recoveryCodes[0]);
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(page).toHaveURL(/\/app\/tarefas$/);
});

test("two-factor: without a code at hand the sign-in can be abandoned, and another account can sign in", async ({ page, request }) => {
  const email = await account(request, "auth-2fa-cancel");
  const headers = originOf(request);
  const setup = await (await request.post("/api/v1/me/two-factor/setup", { headers })).json();
  const enabled = await request.post("/api/v1/me/two-factor/enable", { headers, data: { code: generateTOTP(decodeBase32IgnorePadding(setup.secret), 30, 6) } });
  expect(enabled.status()).toBe(200);
  const other = await account(page.context().request, "auth-2fa-other");
  await page.context().clearCookies();

  await page.goto(`/auth?next=${encodeURIComponent("/app/tarefas")}`);
  await signInForm(page).getByLabel("Email").fill(email);
  await signInForm(page).getByLabel("Senha").fill(PASSWORD);
  await signInForm(page).getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("heading", { name: "Verificação em dois passos" })).toBeVisible();
  await page.getByRole("button", { name: "Cancelar e voltar ao login" }).click();
  await expect(page).toHaveURL(/\/auth\?next=%2Fapp%2Ftarefas$/);
  await expect(signInForm(page)).toBeVisible();
  // The half-signed-in session is gone: /auth no longer asks for the code.
  await page.goto("/auth");
  await expect(page.getByRole("heading", { name: "Verificação em dois passos" })).toHaveCount(0);
  await signInForm(page).getByLabel("Email").fill(other);
  await signInForm(page).getByLabel("Senha").fill(PASSWORD);
  await signInForm(page).getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/app\//);
});

test("a recovery link opened again once used says so at once and offers a new one, not a form that would fail", async ({ page, request }) => {
  const email = await account(request, "auth-reset-twice");
  await request.post("/api/v1/auth/password-reset", { headers: originOf(request), data: { email } });
  const { items } = (await (await request.get("/api/dev/mailbox")).json()) as { items: { to: string; text: string }[] };
  const link = items.find((m) => m.to === email && m.text.includes("type=recovery"))!.text.match(/https?:\/\/\S*type=recovery\S*/)![0];
  await page.goto(link);
  // Opening the link (the page reads its state) does not use it up: the form still works.
  await page.reload();
  await page.getByLabel("Nova senha").fill("nova-senha-1");
  await page.getByLabel("Confirmar senha").fill("nova-senha-1");
  await page.getByRole("button", { name: "Guardar nova senha" }).click();
  await expect(page.getByText("Senha alterada. Já pode entrar com a nova senha.")).toBeVisible();

  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText("Este link já foi usado. Peça um novo.");
  await expect(page.getByLabel("Nova senha")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Guardar nova senha" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Voltar ao login" })).toBeVisible();
  await page.getByRole("link", { name: "Pedir um novo link" }).click();
  await expect(page.getByRole("heading", { name: "Recuperar senha" })).toBeVisible();
  expect(new URL(page.url()).searchParams.get("token")).toBeNull();
});

test("a sign-in locked after too many wrong passwords says how long to wait", async ({ page, request }) => {
  const email = await account(request, "auth-locked");
  await page.context().clearCookies();
  await page.goto("/auth");
  const attempt = async () => {
    await signInForm(page).getByLabel("Email").fill(email);
    await signInForm(page).getByLabel("Senha").fill("senha-errada");
    await signInForm(page).getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    return (await page.getByRole("alert").textContent()) ?? "";
  };
  for (let i = 0; i < 5; i++) expect(await attempt()).toContain("Email ou senha incorretos");
  // The lock lasts the account's 15-minute window from its first failure.
  expect(await attempt()).toMatch(/Muitas tentativas de login\. Tente novamente mais tarde Pode tentar de novo dentro de 1[45] minutos\./);
});

test("the language switch keeps `next`", async ({ page }) => {
  await page.goto(`/auth?next=${encodeURIComponent("/app/tarefas")}`);
  await page.getByRole("button", { name: "en", exact: true }).click();
  await expect(page.getByRole("tab", { name: "Sign in" })).toBeVisible();
  expect(new URL(page.url()).searchParams.get("next")).toBe("/app/tarefas");
});

test("a form posted from another site is refused; from the page's own origin it goes through", async ({ request }) => {
  const form = { intent: "sign-in", email: "ninguem@example.com", password: "x" };
  const foreign = await request.post("/auth", { form, headers: { origin: "https://evil.example" }, maxRedirects: 0 });
  expect(foreign.status()).toBe(403);
  const own = await request.post("/auth", { form, headers: originOf(request), maxRedirects: 0 });
  expect(own.status()).toBe(401);
  expect(await own.text()).toContain("Email ou senha incorretos");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sign-up tab, a wrong password, then a sign-in to `next`", async ({ page, request }) => {
    const email = await account(request, "auth-nojs");
    await page.goto(`/auth?next=${encodeURIComponent("/app/tarefas")}`);
    await page.getByRole("tab", { name: "Criar conta" }).click();
    await expect(page.getByRole("form", { name: "Criar conta" })).toBeVisible();
    await page.getByRole("tab", { name: "Entrar" }).click();
    await signInForm(page).getByLabel("Email").fill(email);
    await signInForm(page).getByLabel("Senha").fill("nao-e-esta");
    await signInForm(page).getByRole("button", { name: "Entrar" }).click();
    await expect(signInForm(page).getByRole("alert")).toContainText("Email ou senha incorretos");
    await signInForm(page).getByLabel("Senha").fill(PASSWORD);
    await signInForm(page).getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/app\/tarefas$/);
  });
});
