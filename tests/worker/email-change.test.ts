import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hashToken } from "../../worker/auth/tokens";
import { EVERY_QUARTER_HOUR, runSchedule } from "../../worker/cron/registry";
import { notify } from "../../worker/notifications/notify";
import { fakeAuthorizationCode } from "../fixtures/fake-google";
import { FAKE_STRIPE } from "../fixtures/fake-stripe";
import { customerUser, stripeControl } from "./billing-helpers";
import { api, freshIp, json, lastMailTo, linkIn, mailsTo, ORIGIN, sessionFrom, signUpAndLogIn } from "./helpers";

/** POST /me/email (docs/decisions/0101). */
const changeEmail = (cookie: string, body: Record<string, unknown>) => api("/me/email", { body, headers: { cookie } });
const me = async (cookie: string) => (await json(await api("/me", { headers: { cookie } }))).user;
const logIn = (email: string, password = "segredo-123") => api("/auth/login", { body: { email, password }, headers: { "cf-connecting-ip": freshIp() } });

describe("changing the account's e-mail address", { timeout: 30_000 }, () => {
  it("stores the new address unconfirmed, mails a link to it and a notice to the old one, and the link confirms it", async () => {
    const cookie = await signUpAndLogIn("antigo@example.com");
    // A second device, whose session KV and this isolate have just read (a stale copy must not show the old address).
    const other = sessionFrom(await logIn("antigo@example.com"));
    expect(await me(other)).toMatchObject({ email: "antigo@example.com", emailConfirmed: true });
    // A password-reset link mailed to the old address before the change.
    await api("/auth/password-reset", { body: { email: "antigo@example.com" }, headers: { "cf-connecting-ip": freshIp() } });
    const resetToken = new URL(linkIn((await lastMailTo("antigo@example.com", "type=recovery"))!.text, "type=recovery")).searchParams.get("token");

    const changed = await changeEmail(cookie, { email: " Novo@Example.com ", password: "segredo-123" });
    expect(changed.status).toBe(200);
    expect((await json(changed)).user).toMatchObject({ email: "novo@example.com", emailConfirmed: false });

    // Both sessions stay, and both read the new state at once.
    for (const session of [cookie, other]) expect(await me(session)).toMatchObject({ email: "novo@example.com", emailConfirmed: false });

    // The new address gets the confirmation link and nothing else (not the notification's e-mail: it is not proven yet).
    const toNew = await mailsTo("novo@example.com");
    expect(toNew).toHaveLength(1);
    expect(toNew[0].subject).toBe("Confirme o seu novo email no Rumo");
    // The old one is told, with the new address masked.
    const notice = (await mailsTo("antigo@example.com"))[0];
    expect(notice.subject).toBe("O email da sua conta Rumo foi alterado");
    expect(notice.text).toContain("n•••@example.com");
    expect(notice.text).toContain("suporte@rumo.app");
    expect(notice.text).not.toContain("novo@example.com");
    // The security notice in the bell, as for a password change.
    const notices = await env.DB.prepare("select n.metadata from notifications n join users u on u.id = n.user_id where u.email = ? and n.type = 'security'")
      .bind("novo@example.com")
      .all<{ metadata: string }>();
    expect(notices.results.map((n) => JSON.parse(n.metadata).event)).toContain("emailChanged");

    // The old address's reset link is dead; the old address signs in no more, the new one not before it is confirmed.
    const reset = await api("/auth/password-reset/confirm", { body: { token: resetToken, password: "outra-senha-1" } });
    expect(reset.status).toBe(400);
    expect((await json(reset)).error.code).toBe("token_used");
    expect((await logIn("antigo@example.com")).status).toBe(401);
    expect((await json(await logIn("novo@example.com"))).error.code).toBe("email_not_confirmed");

    // GET /auth/confirm with the mailed link confirms the new address.
    const confirm = await SELF.fetch(linkIn(toNew[0].text, "/auth/confirm"), { redirect: "manual" });
    expect(confirm.headers.get("location")).toBe("/auth?confirmed=true");
    expect(await me(cookie)).toMatchObject({ email: "novo@example.com", emailConfirmed: true });
    expect((await logIn("novo@example.com")).status).toBe(200);
  });

  it("refuses a wrong password, an address in use, the same address and a bad one, changing nothing and mailing no one", async () => {
    const cookie = await signUpAndLogIn("fica@example.com");
    await signUpAndLogIn("ocupado@example.com");
    const before = (await mailsTo("fica@example.com")).length;
    const cases = [
      [{ email: "livre@example.com", password: "errada-1" }, 400, "invalid_credentials", { password: "Senha incorreta" }],
      [{ email: "livre@example.com" }, 400, "invalid_credentials", { password: "Senha incorreta" }],
      [{ email: "ocupado@example.com", password: "segredo-123" }, 409, "conflict", { email: "Este email já está registado. Tente fazer login." }],
      [{ email: "FICA@example.com", password: "segredo-123" }, 400, "validation_failed", { email: "Este já é o email da sua conta." }],
      [{ email: "sem-arroba", password: "segredo-123" }, 400, "validation_failed", { email: "Por favor, insira um email válido" }],
      [{ email: "a@b", password: "segredo-123" }, 400, "validation_failed", { email: "Formato de email inválido" }],
      [{ email: "", password: "segredo-123" }, 400, "validation_failed", { email: "Campo obrigatório." }],
    ] as const;
    for (const [body, status, code, fields] of cases) {
      const refused = await changeEmail(cookie, body);
      expect(refused.status, JSON.stringify(body)).toBe(status);
      const { error } = await json(refused);
      expect(error.code).toBe(code);
      expect(error.fields).toEqual(fields);
    }
    expect(await me(cookie)).toMatchObject({ email: "fica@example.com", emailConfirmed: true });
    expect(await mailsTo("livre@example.com")).toEqual([]);
    expect(await mailsTo("fica@example.com")).toHaveLength(before);
    expect((await logIn("fica@example.com")).status).toBe(200);
  });

  it("answers in the account's language", async () => {
    const cookie = await signUpAndLogIn("ingles@example.com");
    await api("/me", { method: "PATCH", body: { language: "en" }, headers: { cookie } });
    const refused = await changeEmail(cookie, { email: "ingles@example.com", password: "segredo-123" });
    expect((await json(refused)).error.fields).toEqual({ email: "This is already your account's email." });
    expect((await changeEmail(cookie, { email: "english@example.com", password: "segredo-123" })).status).toBe(200);
    expect((await mailsTo("english@example.com"))[0].subject).toBe("Confirm your new email on Rumo");
    expect((await mailsTo("ingles@example.com"))[0].subject).toBe("Your Rumo account's email was changed");
  });

  it("is limited per account, needs a signed-in session, and stops a revoked one at once", async () => {
    const cookie = await signUpAndLogIn("limite@example.com");
    for (let i = 0; i < 5; i++) expect((await changeEmail(cookie, { email: "limite@example.com", password: "segredo-123" })).status).toBe(400);
    const blocked = await changeEmail(cookie, { email: "outro-limite@example.com", password: "segredo-123" });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await mailsTo("outro-limite@example.com")).toEqual([]);

    expect((await api("/me/email", { body: { email: "x@example.com", password: "segredo-123" } })).status).toBe(401);
    const revoked = await signUpAndLogIn("revogada@example.com");
    await api("/me", { headers: { cookie: revoked } });
    await env.DB.prepare("delete from sessions where id = ?").bind(hashToken(revoked.split("=")[1])).run();
    expect((await changeEmail(revoked, { email: "revogada-2@example.com", password: "segredo-123" })).status).toBe(401);
  });

  it("asks an account without a password for a recent Google sign-in, as deleting the account does", async () => {
    const start = await SELF.fetch(`${ORIGIN}/api/v1/auth/google?next=/app/perfil`, { redirect: "manual" });
    const authorize = new URL(start.headers.get("location")!);
    const code = fakeAuthorizationCode({ sub: "g-troca-email", email: "troca-google@gmail.com", email_verified: true }, authorize.searchParams.get("code_challenge")!);
    const callback = await SELF.fetch(`${ORIGIN}/api/v1/auth/google/callback?code=${code}&state=${authorize.searchParams.get("state")}`, {
      redirect: "manual",
      headers: { cookie: start.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") },
    });
    const cookie = sessionFrom(callback);
    // Fresh: it goes through without a password.
    expect((await changeEmail(cookie, { email: "troca-google-2@example.com" })).status).toBe(200);
    // Eleven minutes later it no longer does.
    await env.DB.prepare("update sessions set created_at = ? where id = ?").bind(Date.now() - 11 * 60_000, hashToken(cookie.split("=")[1])).run();
    const stale = await changeEmail(cookie, { email: "troca-google-3@example.com" });
    expect(stale.status).toBe(403);
    expect((await json(stale)).error.code).toBe("reauthentication_required");
    expect(await me(cookie)).toMatchObject({ email: "troca-google-2@example.com", emailConfirmed: false, hasPassword: false });
  });

  it("mails no digest to the new address until it is confirmed, and resumes once it is", async () => {
    const cookie = await signUpAndLogIn("resumo-antigo@example.com");
    const userId = (await me(cookie)).id;
    const preference = { inAppEnabled: true, emailEnabled: true, pushEnabled: false, frequency: "daily", quietHoursStart: null, quietHoursEnd: null };
    expect((await api("/notification-preferences", { method: "PUT", body: { items: [{ notificationType: "reminder", ...preference }] }, headers: { cookie } })).status).toBe(200);
    const day = "2026-01-15";
    await notify(env, userId, { type: "reminder", title: "Beber água", message: "Às 10h" }, { now: () => new Date(`${day}T06:00:00Z`) });
    expect((await changeEmail(cookie, { email: "resumo-novo@example.com", password: "segredo-123" })).status).toBe(200);
    const digests = async () => (await mailsTo("resumo-novo@example.com")).filter((m) => m.subject.startsWith("Resumo diário"));
    await runSchedule(EVERY_QUARTER_HOUR, env, new Date(`${day}T09:00:00Z`), { inline: true });
    expect(await digests()).toHaveLength(0);
    await SELF.fetch(linkIn((await lastMailTo("resumo-novo@example.com", "/auth/confirm"))!.text, "/auth/confirm"), { redirect: "manual" });
    await runSchedule(EVERY_QUARTER_HOUR, env, new Date(`${day}T09:15:00Z`), { inline: true });
    expect(await digests()).toHaveLength(1);
  });
});

describe("after an e-mail change", { timeout: 30_000 }, () => {
  const stripeCustomer = async (id: string) =>
    json(await fetch(`https://api.stripe.com/v1/customers/${id}`, { headers: { authorization: `Bearer ${FAKE_STRIPE.secretKey}` } }));

  it("the Stripe customer gets the new address once it is confirmed, not before", async () => {
    const { cookie, customerId } = await customerUser("recibos-antigo@example.com");
    expect((await stripeCustomer(customerId)).email).toBe("recibos-antigo@example.com");
    expect((await changeEmail(cookie, { email: "recibos-novo@example.com", password: "segredo-123" })).status).toBe(200);
    // Unproven yet: the receipts do not go to it.
    expect((await stripeCustomer(customerId)).email).toBe("recibos-antigo@example.com");

    const link = linkIn((await lastMailTo("recibos-novo@example.com", "/auth/confirm"))!.text, "/auth/confirm");
    const confirm = await SELF.fetch(link, { redirect: "manual" });
    expect(confirm.headers.get("location")).toBe("/auth?confirmed=true");
    expect((await stripeCustomer(customerId)).email).toBe("recibos-novo@example.com");
  });

  it("a Stripe failure does not fail the confirmation, and the portal's opening sends the address again", async () => {
    const { cookie, customerId } = await customerUser("recibos-falha@example.com");
    expect((await changeEmail(cookie, { email: "recibos-falha-novo@example.com", password: "segredo-123" })).status).toBe(200);
    await stripeControl("/fail", { path: `/v1/customers/${customerId}`, status: 500, times: 2 });
    const link = linkIn((await lastMailTo("recibos-falha-novo@example.com", "/auth/confirm"))!.text, "/auth/confirm");
    const confirm = await SELF.fetch(link, { redirect: "manual" });
    expect(confirm.headers.get("location")).toBe("/auth?confirmed=true");
    expect(await me(cookie)).toMatchObject({ email: "recibos-falha-novo@example.com", emailConfirmed: true });
    expect((await stripeCustomer(customerId)).email).toBe("recibos-falha@example.com");

    expect((await api("/billing/portal", { body: {}, headers: { cookie } })).status).toBe(200);
    expect((await stripeCustomer(customerId)).email).toBe("recibos-falha-novo@example.com");
  });

  it("'Reenviar' sends the change's words, signed in (the banner) or by address (the sign-in screen)", async () => {
    const cookie = await signUpAndLogIn("reenvio-antigo@example.com");
    expect((await changeEmail(cookie, { email: "reenvio-novo@example.com", password: "segredo-123" })).status).toBe(200);
    expect((await api("/auth/resend-confirmation", { method: "POST", headers: { cookie } })).status).toBe(204);
    expect((await api("/auth/resend-confirmation", { body: { email: "reenvio-novo@example.com" }, headers: { "cf-connecting-ip": freshIp() } })).status).toBe(204);
    const sent = (await mailsTo("reenvio-novo@example.com")).filter((m) => m.text.includes("/auth/confirm"));
    expect(sent).toHaveLength(3);
    for (const mail of sent) {
      expect(mail.subject).toBe("Confirme o seu novo email no Rumo");
      expect(mail.text).not.toContain("ativar a sua conta");
    }
    // A new account's resend keeps sign-up's words.
    const ip = freshIp();
    await api("/auth/signup", { body: { fullName: "Nova", email: "reenvio-conta-nova@example.com", password: "segredo-123", confirmPassword: "segredo-123" }, headers: { "cf-connecting-ip": ip } });
    expect((await api("/auth/resend-confirmation", { body: { email: "reenvio-conta-nova@example.com" }, headers: { "cf-connecting-ip": freshIp() } })).status).toBe(204);
    const fresh = await mailsTo("reenvio-conta-nova@example.com");
    expect(fresh.filter((m) => m.subject === "Confirme o seu novo email no Rumo")).toEqual([]);
  });
});
