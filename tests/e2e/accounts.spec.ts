import { expect, test, type Page } from "@playwright/test";
import { createUser, untilHydrated } from "./support";

type Mail = { to: string; subject: string; text: string };

/** The newest link in the dev outbox to `to` that contains `marker`. */
async function linkFromMailbox(page: Page, to: string, marker: string): Promise<string> {
  let link = "";
  await expect
    .poll(async () => {
      const { items } = (await (await page.request.get("/api/dev/mailbox")).json()) as { items: Mail[] };
      const mail = items.find((m) => m.to === to && m.text.includes(marker));
      link = mail?.text.match(new RegExp(`https?://\\S*${marker.replace(/[?]/g, "\\?")}\\S*`))?.[0] ?? "";
      return link;
    })
    .not.toBe("");
  // Links point at APP_URL; keep the path so the test follows them on its own server.
  const url = new URL(link);
  return url.pathname + url.search;
}

const texts = {
  pt: {
    signUpTab: "Criar conta",
    name: "Nome completo",
    email: "Email",
    password: "Senha",
    confirm: "Confirmar senha",
    created: "Conta criada!",
    confirmed: "Email confirmado! Já pode entrar.",
    signIn: "Entrar",
    onboardingTitle: "Bem-vindo ao Rumo",
    start: "Começar",
    impact: "Meu Impacto",
    signOut: "Terminar sessão",
    forgot: "Esqueceu a senha?",
    sendRecovery: "Enviar email de recuperação",
    recoveryNotice: "Use o formulário abaixo para definir a sua nova senha.",
    newPassword: "Nova senha",
    saveNew: "Guardar nova senha",
    done: "Senha alterada. Já pode entrar com a nova senha.",
    wrong: "Email ou senha incorretos",
    skip: "Pular",
    acceptCookies: "Aceitar Todos",
    profileLogin: "Precisa de fazer login para aceder ao seu perfil",
  },
  en: {
    signUpTab: "Create account",
    name: "Full name",
    email: "Email",
    password: "Password",
    confirm: "Confirm password",
    created: "Account created!",
    confirmed: "Email confirmed! You can now sign in.",
    signIn: "Sign in",
    onboardingTitle: "Welcome to Rumo",
    start: "Get started",
    impact: "My Impact",
    signOut: "Sign out",
    forgot: "Forgot your password?",
    sendRecovery: "Send recovery email",
    recoveryNotice: "Use the form below to set your new password.",
    newPassword: "New password",
    saveNew: "Save new password",
    done: "Password changed. You can now sign in with your new password.",
    wrong: "Incorrect email or password",
    skip: "Skip",
    acceptCookies: "Accept All",
    profileLogin: "You need to sign in to access your profile",
  },
} as const;

for (const language of ["pt", "en"] as const) {
  test.describe(`accounts (${language})`, () => {
    test.use({ locale: language === "pt" ? "pt-PT" : "en-US" });

    test("sign up → confirm by e-mail → onboarding → impact → sign out → reset password → sign in", async ({ page }) => {
      // Every /auth step is a document load now (decision 0052): more than the default 30 s on a busy machine.
      test.setTimeout(90_000);
      const t = texts[language];
      const email = `e2e-${language}-${Date.now()}@example.com`;

      // Protected pages send visitors to /auth and remember where they were going.
      await page.goto("/app/perfil");
      await expect(page).toHaveURL(/\/auth\?next=%2Fapp%2Fperfil/);
      await expect(page.getByText(t.profileLogin)).toBeVisible();

      await page.goto("/auth");
      await page.getByTestId("cookie-banner").getByRole("button", { name: t.acceptCookies }).click();
      await page.getByRole("tab", { name: t.signUpTab }).click();
      const signUp = page.getByRole("form", { name: t.signUpTab });
      await signUp.getByLabel(t.name).fill("Beatriz Teste");
      await signUp.getByLabel(t.email).fill(email);
      await signUp.getByLabel(t.password, { exact: true }).fill("segredo-123");
      await signUp.getByLabel(t.confirm).fill("segredo-123");
      await signUp.getByRole("button", { name: t.signUpTab }).click();
      await expect(page.getByText(t.created)).toBeVisible();
      // Success clears the form and switches to the sign-in tab.
      await expect(page.getByRole("tab", { name: t.signIn })).toHaveAttribute("aria-selected", "true");

      await page.goto(await linkFromMailbox(page, email, "/api/v1/auth/confirm"));
      await expect(page).toHaveURL(/\/auth\?confirmed=true/);
      await expect(page.getByText(t.confirmed)).toBeVisible();

      const signIn = page.getByRole("form", { name: t.signIn });
      await signIn.getByLabel(t.email).fill(email);
      await signIn.getByLabel(t.password).fill("segredo-123");
      await signIn.getByRole("button", { name: t.signIn }).click();

      await expect(page).toHaveURL(/\/app\/onboarding/);
      await expect(page.getByRole("heading", { name: t.onboardingTitle })).toBeVisible();
      // Its button works once React has the page (a click before that reaches no handler).
      await untilHydrated(page);
      await page.getByRole("button", { name: t.start }).click();
      await expect(page).toHaveURL(/\/app\/meu-impacto/);
      // The first visit starts the dashboard tour; skip it.
      await page.getByTestId("tour").getByRole("button", { name: t.skip }).click();
      await expect(page.getByRole("heading", { name: t.impact })).toBeVisible();
      await expect(page.getByTestId("display-name")).toHaveText("Beatriz Teste");
      // Onboarding happens once.
      await page.goto("/app/onboarding");
      await expect(page).toHaveURL(/\/app\/meu-impacto$/);

      await page.getByRole("button", { name: t.signOut }).click();
      await expect(page).toHaveURL(/\/auth$/);
      await page.goto("/app/meu-impacto");
      await expect(page).toHaveURL(/\/auth\?next=/);

      // Forgot password → e-mailed link → new password → sign in with it.
      await page.goto("/auth");
      await page.getByRole("link", { name: t.forgot }).click();
      await page.getByLabel(t.email).fill(email);
      await page.getByRole("button", { name: t.sendRecovery }).click();
      await expect(page.getByRole("tab", { name: t.signIn })).toBeVisible();

      await page.goto(await linkFromMailbox(page, email, "type=recovery"));
      await expect(page.getByText(t.recoveryNotice)).toBeVisible();
      await page.getByLabel(t.newPassword).fill("nova-senha-456");
      await page.getByLabel(t.confirm).fill("nova-senha-456");
      await page.getByRole("button", { name: t.saveNew }).click();
      await expect(page.getByText(t.done)).toBeVisible();

      const again = page.getByRole("form", { name: t.signIn });
      await again.getByLabel(t.email).fill(email);
      await again.getByLabel(t.password).fill("segredo-123");
      await again.getByRole("button", { name: t.signIn }).click();
      await expect(page.getByText(t.wrong)).toBeVisible();
      await again.getByLabel(t.password).fill("nova-senha-456");
      await again.getByRole("button", { name: t.signIn }).click();
      await expect(page).toHaveURL(/\/app\/meu-impacto/);
    });
  });
}

test("the demo account printed by npm start can sign in", async ({ page }) => {
  await page.goto("/auth");
  const form = page.getByRole("form", { name: "Entrar" });
  await form.getByLabel("Email").fill("demo@rumo.app");
  await form.getByLabel("Senha").fill("rumo-demo-2026");
  await form.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/app\/meu-impacto/);
  await expect(page.getByTestId("display-name")).toHaveText("Conta Demo");
  // The spec's success toast, once: not again on the next screen.
  await expect(page.getByText("Sessão iniciada com sucesso.")).toBeVisible();
  expect(await page.evaluate(() => document.cookie)).not.toContain("rumo-signed-in");
  // The first sign-in brings the welcome notification.
  await page.getByTestId("tour").getByRole("button", { name: "Pular" }).click();
  await page.getByRole("button", { name: /^Notificações, \d+ por ler/ }).click();
  await expect(page.getByText("Bem-vindo ao Rumo!")).toBeVisible();
});

test("a new account on its way to a plan goes there after onboarding, not to the dashboard", async ({ page }) => {
  await createUser(page.request, `e2e-onboarding-next-${Date.now()}@example.com`, { onboarded: false });
  await page.goto("/app/premium");
  await expect(page).toHaveURL(/\/app\/onboarding\?next=%2Fapp%2Fpremium/);
  await untilHydrated(page);
  await page.getByRole("button", { name: "Começar" }).click();
  await expect(page).toHaveURL(/\/app\/premium$/);
});
