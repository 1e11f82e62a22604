import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { logIn } from "../../worker/auth/account-rules";
import { accountDeps } from "../../worker/auth/middleware";
import { api, freshIp, json, lastMailTo, linkIn, mailsTo, ORIGIN, sessionFrom, signUpAndLogIn } from "./helpers";

const signupBody = (email: string, extra: Record<string, unknown> = {}) => ({
  fullName: "Ana Silva",
  email,
  password: "segredo-123",
  confirmPassword: "segredo-123",
  ...extra,
});

const countRows = async (table: string, where: string, ...binds: unknown[]) =>
  (await env.DB.prepare(`select count(*) as n from ${table} where ${where}`).bind(...binds).first<{ n: number }>())!.n;

describe("sign-up", () => {
  it("creates the user and profile, queues the confirmation and welcome e-mails, and starts the Pro trial", async () => {
    const response = await api("/auth/signup", { body: signupBody("ana@example.com"), headers: { "cf-connecting-ip": freshIp() } });
    expect(response.status).toBe(201);
    const user = await env.DB.prepare("select * from users where email = 'ana@example.com'").first<Record<string, number | string>>();
    expect(user).toBeTruthy();
    expect(user!.email_confirmed_at).toBeNull();
    expect(String(user!.password_hash)).toMatch(/^scrypt\$16384\$8\$5\$/);
    expect(await countRows("profiles", "user_id = ?", user!.id)).toBe(1);
    const mails = await mailsTo("ana@example.com");
    expect(mails.map((m) => m.subject).sort()).toEqual(["Bem-vindo ao Rumo", "Confirme o seu email no Rumo"]);
    expect(mails.find((m) => m.subject === "Bem-vindo ao Rumo")!.text).toContain("http://localhost/app/meu-impacto");
    const trialDays = (Number(user!.trial_ends_at) - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(13.9);
    expect(trialDays).toBeLessThanOrEqual(14);
  });

  it("answers every bad field with 400 and the specification's messages, writing nothing", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ fullName: "", email: "", password: "", confirmPassword: "" }, "fullName", "Por favor, preencha todos os campos obrigatórios"],
      [signupBody("sem-arroba.example.com"), "email", "Por favor, insira um email válido"],
      [signupBody("a@b"), "email", "Formato de email inválido"],
      [signupBody(`${"a".repeat(250)}@example.com`), "email", "O email pode ter no máximo 254 caracteres"],
      [signupBody("x@example.com", { password: "12345", confirmPassword: "12345" }), "password", "A senha deve ter pelo menos 6 caracteres"],
      [signupBody("x@example.com", { password: "p".repeat(257), confirmPassword: "p".repeat(257) }), "password", "A senha pode ter no máximo 256 caracteres"],
      [signupBody("x@example.com", { confirmPassword: "outra-senha" }), "confirmPassword", "As senhas não coincidem"],
      [signupBody("x@example.com", { password: 123456 }), "password", "Deve ser texto."],
      [{ email: "x@example.com" }, "fullName", "Campo obrigatório."],
    ];
    for (const [body, field, message] of cases) {
      const response = await api("/auth/signup", { body, headers: { "cf-connecting-ip": freshIp() } });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const { error } = await json(response);
      expect(error.code).toBe("validation_failed");
      expect(error.fields[field]).toBe(message);
    }
    expect(await countRows("users", "email like 'x@%' or email like 'a@b%' or email like 'sem-arroba%'")).toBe(0);
  });

  it("answers malformed and non-object bodies with 400, never 5xx", async () => {
    expect((await api("/auth/signup", { body: "{bad" })).status).toBe(400);
    expect((await api("/auth/signup", { body: "[1,2]" })).status).toBe(400);
    expect((await api("/auth/signup", { body: "null" })).status).toBe(400);
  });

  it("refuses an address already registered, with the message of the specification", async () => {
    await api("/auth/signup", { body: signupBody("dup@example.com"), headers: { "cf-connecting-ip": freshIp() } });
    const again = await api("/auth/signup", { body: signupBody("DUP@example.com "), headers: { "cf-connecting-ip": freshIp() } });
    expect(again.status).toBe(409);
    expect((await json(again)).error.message).toBe("Este email já está registado. Tente fazer login.");
    expect(await countRows("users", "email = 'dup@example.com'")).toBe(1);
  });

  it("gives the admin role to ADMIN_EMAILS addresses only", async () => {
    const cookie = await signUpAndLogIn("boss@example.com");
    expect((await json(await api("/me", { headers: { cookie } }))).user.role).toBe("admin");
    const other = await signUpAndLogIn("worker@example.com");
    expect((await json(await api("/me", { headers: { cookie: other } }))).user.role).toBe("user");
  });

  it("promotes an existing account at its next sign-in when ADMIN_EMAILS gains its address", async () => {
    await signUpAndLogIn("promoted@example.com");
    const deps = { ...accountDeps(env), adminEmails: ["promoted@example.com"] };
    await logIn(deps, { email: "promoted@example.com", password: "segredo-123" }, { language: "pt", ip: freshIp(), userAgent: "" });
    expect(await env.DB.prepare("select role from users where email = 'promoted@example.com'").first("role")).toBe("admin");
  });
});

describe("e-mail confirmation and sign-in", () => {
  it("refuses sign-in before confirmation, confirms by link, then signs in with a session cookie", async () => {
    const ip = freshIp();
    await api("/auth/signup", { body: signupBody("bea@example.com"), headers: { "cf-connecting-ip": ip } });
    const early = await api("/auth/login", { body: { email: "bea@example.com", password: "segredo-123" }, headers: { "cf-connecting-ip": ip } });
    expect(early.status).toBe(403);
    expect(await json(early)).toEqual({ error: { code: "email_not_confirmed", message: "Por favor, confirme o seu email antes de fazer login" } });

    const link = linkIn((await lastMailTo("bea@example.com", "/auth/confirm"))!.text, "confirm");
    const confirm = await SELF.fetch(link, { redirect: "manual" });
    expect(confirm.status).toBe(302);
    expect(confirm.headers.get("location")).toBe("/auth?confirmed=true");

    const reused = await SELF.fetch(link, { redirect: "manual" });
    expect(reused.headers.get("location")).toBe("/auth?confirm_error=used");

    const login = await api("/auth/login", { body: { email: " Bea@Example.com ", password: "segredo-123" }, headers: { "cf-connecting-ip": ip } });
    expect(login.status).toBe(200);
    const setCookie = login.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^rumo_session=[a-z2-7]{32}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    const me = await json(await api("/me", { headers: { cookie: sessionFrom(login) } }));
    expect(me.user).toMatchObject({ email: "bea@example.com", fullName: "Ana Silva", emailConfirmed: true, provider: "email", language: "pt", timeZone: "Europe/Lisbon", role: "user" });
    expect(me.subscription).toMatchObject({ tier: "pro", subscribed: false, isTrialActive: true });
    expect(me.profile.hasCompletedOnboarding).toBe(false);
    // Only the token's hash is stored.
    const token = setCookie.split(";")[0].split("=")[1];
    expect(await countRows("sessions", "id = ?", token)).toBe(0);
  });

  it("uses a Secure __Host- cookie on https", async () => {
    await signUpAndLogIn("https@example.com");
    const login = await SELF.fetch("https://rumo.test/api/v1/auth/login", {
      method: "POST",
      headers: { origin: "https://rumo.test", "content-type": "application/json", "cf-connecting-ip": freshIp() },
      body: JSON.stringify({ email: "https@example.com", password: "segredo-123" }),
    });
    expect(login.headers.get("set-cookie")).toMatch(/^__Host-rumo_session=[a-z2-7]{32}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
  });

  it("rejects an expired confirmation link and lets the user ask for a new one", async () => {
    await api("/auth/signup", { body: signupBody("late@example.com"), headers: { "cf-connecting-ip": freshIp() } });
    await env.DB.prepare("update auth_tokens set expires_at = 0 where email = 'late@example.com'").run();
    const link = linkIn((await lastMailTo("late@example.com", "/auth/confirm"))!.text, "confirm");
    expect((await SELF.fetch(link, { redirect: "manual" })).headers.get("location")).toBe("/auth?confirm_error=expired");

    expect((await api("/auth/resend-confirmation", { body: { email: "late@example.com" } })).status).toBe(204);
    const fresh = linkIn((await lastMailTo("late@example.com", "/auth/confirm"))!.text, "confirm");
    expect(fresh).not.toBe(link);
    expect((await SELF.fetch(fresh, { redirect: "manual" })).headers.get("location")).toBe("/auth?confirmed=true");
    // Unknown addresses get the same answer and no mail.
    expect((await api("/auth/resend-confirmation", { body: { email: "nobody@example.com" } })).status).toBe(204);
    expect(await mailsTo("nobody@example.com")).toEqual([]);
  });

  it("answers wrong passwords and unknown e-mails alike", async () => {
    await signUpAndLogIn("carla@example.com");
    for (const body of [
      { email: "carla@example.com", password: "errada-000" },
      { email: "ninguem@example.com", password: "errada-000" },
    ]) {
      const response = await api("/auth/login", { body, headers: { "cf-connecting-ip": freshIp() } });
      expect(response.status).toBe(401);
      expect(await json(response)).toEqual({ error: { code: "invalid_credentials", message: "Email ou senha incorretos" } });
    }
    const empty = await api("/auth/login", { body: { email: "", password: "" } });
    expect((await json(empty)).error.message).toBe("Email e senha são obrigatórios");
  });

  it("throttles repeated failures with 429 and Retry-After, even for the right password", async () => {
    await signUpAndLogIn("dora@example.com");
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect((await api("/auth/login", { body: { email: "dora@example.com", password: "errada-000" }, headers: { "cf-connecting-ip": ip } })).status).toBe(401);
    }
    const blocked = await api("/auth/login", { body: { email: "dora@example.com", password: "segredo-123" }, headers: { "cf-connecting-ip": freshIp() } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get("retry-after"))).toBeLessThanOrEqual(900);
    // The sign-in catalogue's code (API.md), not the other throttled routes' rate_limited.
    expect(await json(blocked)).toEqual({ error: { code: "too_many_requests", message: "Muitas tentativas de login. Tente novamente mais tarde" } });
  });

  it("throttles sign-ups per address of origin", async () => {
    const ip = freshIp();
    let last: Response | undefined;
    for (let i = 0; i < 11; i++) last = await api("/auth/signup", { body: signupBody(`burst${i}@example.com`), headers: { "cf-connecting-ip": ip } });
    expect(last!.status).toBe(429);
    expect((await json(last!)).error.message).toBe("Muitas tentativas de registo. Aguarde alguns minutos.");
  });
});

describe("password reset", () => {
  it("answers 204 for any address, mails a one-time link, resets, ends sessions and refuses reuse", async () => {
    const cookie = await signUpAndLogIn("eva@example.com");
    expect((await api("/auth/password-reset", { body: { email: "ghost@example.com" }, headers: { "cf-connecting-ip": freshIp() } })).status).toBe(204);
    expect(await mailsTo("ghost@example.com")).toEqual([]);

    expect((await api("/auth/password-reset", { body: { email: "eva@example.com" }, headers: { "cf-connecting-ip": freshIp() } })).status).toBe(204);
    const link = linkIn((await lastMailTo("eva@example.com", "type=recovery"))!.text, "type=recovery");
    const token = new URL(link).searchParams.get("token")!;

    const reset = await api("/auth/password-reset/confirm", { body: { token, password: "nova-senha-1" } });
    expect(reset.status).toBe(204);
    expect((await api("/me", { headers: { cookie } })).status).toBe(401);

    const reuse = await api("/auth/password-reset/confirm", { body: { token, password: "outra-senha-2" } });
    expect(reuse.status).toBe(400);
    expect(await json(reuse)).toMatchObject({ error: { code: "token_used", message: "Este link já foi usado. Peça um novo." } });

    const login = await api("/auth/login", { body: { email: "eva@example.com", password: "nova-senha-1" }, headers: { "cf-connecting-ip": freshIp() } });
    expect(login.status).toBe(200);
  });

  it("refuses an expired or made-up reset token", async () => {
    await signUpAndLogIn("fabi@example.com");
    await api("/auth/password-reset", { body: { email: "fabi@example.com" }, headers: { "cf-connecting-ip": freshIp() } });
    const token = new URL(linkIn((await lastMailTo("fabi@example.com", "type=recovery"))!.text, "type=recovery")).searchParams.get("token")!;
    await env.DB.prepare("update auth_tokens set expires_at = 0 where kind = 'password_reset' and email = 'fabi@example.com'").run();
    const expired = await api("/auth/password-reset/confirm", { body: { token, password: "nova-senha-1" } });
    expect((await json(expired)).error).toMatchObject({ code: "token_expired", message: "Este link expirou. Peça um novo." });
    const madeUp = await api("/auth/password-reset/confirm", { body: { token: "a".repeat(32), password: "nova-senha-1" } });
    expect((await json(madeUp)).error.code).toBe("token_invalid");
  });
});

describe("sessions", () => {
  it("lists sessions with device and last use, and revokes one at once", async () => {
    await signUpAndLogIn("gil@example.com");
    const login = (ua: string) =>
      api("/auth/login", { body: { email: "gil@example.com", password: "segredo-123" }, headers: { "cf-connecting-ip": freshIp(), "user-agent": ua } });
    const laptop = sessionFrom(await login("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36"));
    const phone = sessionFrom(await login("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1"));

    const { items } = await json(await api("/me/sessions", { headers: { cookie: laptop } }));
    expect(items).toHaveLength(3);
    const phoneSession = items.find((s: { device: { os: string } }) => s.device.os === "iOS");
    expect(phoneSession.device.browser).toBe("Safari");
    expect(items.find((s: { current: boolean }) => s.current).device).toEqual({ browser: "Chrome", os: "Windows" });
    expect(Date.parse(phoneSession.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);

    expect((await api(`/me/sessions/${phoneSession.id}`, { method: "DELETE", headers: { cookie: laptop } })).status).toBe(204);
    expect((await api("/me", { headers: { cookie: phone } })).status).toBe(401);
    expect((await api("/me", { headers: { cookie: laptop } })).status).toBe(200);
  });

  it("ends every other session on password change, keeping the current one", async () => {
    const first = await signUpAndLogIn("hugo@example.com");
    const second = sessionFrom(await api("/auth/login", { body: { email: "hugo@example.com", password: "segredo-123" }, headers: { "cf-connecting-ip": freshIp() } }));
    const wrong = await api("/me/password", { body: { currentPassword: "nao-e-esta", newPassword: "nova-senha-9" }, headers: { cookie: first } });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).error.message).toBe("A senha atual está incorreta");

    expect((await api("/me/password", { body: { currentPassword: "segredo-123", newPassword: "nova-senha-9" }, headers: { cookie: first } })).status).toBe(204);
    expect((await api("/me", { headers: { cookie: first } })).status).toBe(200);
    expect((await api("/me", { headers: { cookie: second } })).status).toBe(401);
  });

  it("signs out with 204 and a cleared cookie", async () => {
    const cookie = await signUpAndLogIn("ines@example.com");
    const out = await api("/auth/logout", { method: "POST", headers: { cookie } });
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toContain("Max-Age=0");
    expect((await api("/me", { headers: { cookie } })).status).toBe(401);
  });

  it("refuses sensitive actions for a session revoked in D1 even while KV still has it", async () => {
    const cookie = await signUpAndLogIn("joao@example.com");
    const token = cookie.split("=")[1];
    // Simulate another location: the row is gone from D1, KV still holds a cached copy.
    const { results } = await env.DB.prepare("select id from sessions where user_id = (select id from users where email = 'joao@example.com')").all();
    await env.DB.prepare("delete from sessions where id = ?").bind(results[0].id).run();
    expect((await api("/me", { headers: { cookie } })).status).toBe(200); // bounded staleness (KV)
    const change = await api("/me/password", { body: { currentPassword: "segredo-123", newPassword: "nova-senha-9" }, headers: { cookie } });
    expect(change.status).toBe(401);
    expect(token).toHaveLength(32);
  });
});

describe("a second user", () => {
  it("can never read or change the first user's account", async () => {
    const first = await signUpAndLogIn("kiko@example.com");
    const second = await signUpAndLogIn("lara@example.com");
    const firstSessions = (await json(await api("/me/sessions", { headers: { cookie: first } }))).items;
    const secondMe = await json(await api("/me", { headers: { cookie: second } }));
    expect(secondMe.user.email).toBe("lara@example.com");
    // Another user's session id answers 404, and the first user stays signed in.
    expect((await api(`/me/sessions/${firstSessions[0].id}`, { method: "DELETE", headers: { cookie: second } })).status).toBe(404);
    expect((await api("/me", { headers: { cookie: first } })).status).toBe(200);
    const exported = await json(await api("/me/export", { headers: { cookie: second } }));
    expect(JSON.stringify(exported)).not.toContain("kiko@example.com");
  });
});

describe("profile, onboarding and export", () => {
  it("updates name, language and time zone, refusing bad values", async () => {
    const cookie = await signUpAndLogIn("mia@example.com");
    const ok = await api("/me", { method: "PATCH", body: { fullName: "Mia Costa", language: "en", timeZone: "Atlantic/Azores" }, headers: { cookie } });
    expect(ok.status).toBe(200);
    expect((await json(ok)).user).toMatchObject({ fullName: "Mia Costa", language: "en", timeZone: "Atlantic/Azores" });
    const bad = await api("/me", { method: "PATCH", body: { timeZone: "Marte/Base", language: "fr" }, headers: { cookie } });
    expect(bad.status).toBe(400);
    // Messages now follow the user's language.
    expect((await json(bad)).error.fields).toEqual({ timeZone: "Invalid value.", language: "Invalid value." });
    expect((await api("/me", { method: "PATCH", body: { role: "admin" }, headers: { cookie } })).status).toBe(400);
  });

  it("refuses an empty or blank name with the sign-up's message, keeping the stored one", async () => {
    const cookie = await signUpAndLogIn("mara@example.com");
    for (const fullName of ["", "   "]) {
      const response = await api("/me", { method: "PATCH", body: { fullName }, headers: { cookie } });
      expect(response.status).toBe(400);
      expect((await json(response)).error).toMatchObject({
        code: "validation_failed",
        message: "Por favor, preencha todos os campos obrigatórios",
        fields: { fullName: "Por favor, preencha todos os campos obrigatórios" },
      });
    }
    const me = await json(await api("/me", { headers: { cookie } }));
    expect(me.user.fullName).toBe("Ana Silva");
  });

  it("completes onboarding", async () => {
    const cookie = await signUpAndLogIn("nuno@example.com");
    const done = await api("/me/onboarding", {
      body: { fullName: "Nuno", language: "pt", timeZone: "Europe/Lisbon", firstModules: ["tasks", "finances"] },
      headers: { cookie },
    });
    expect(done.status).toBe(200);
    const me = await json(await api("/me", { headers: { cookie } }));
    expect(me.profile).toEqual({ hasCompletedOnboarding: true, firstModules: ["tasks", "finances"] });
    const bad = await api("/me/onboarding", { body: { fullName: "N", language: "pt", timeZone: "Europe/Lisbon", firstModules: ["hacking"] }, headers: { cookie } });
    expect(bad.status).toBe(400);
  });

  it("changes the first modules in PATCH /me, refusing an unknown module and keeping the stored ones", async () => {
    const cookie = await signUpAndLogIn("nelia@example.com");
    await api("/me/onboarding", { body: { fullName: "Nélia", language: "pt", timeZone: "Europe/Lisbon", firstModules: ["tasks"] }, headers: { cookie } });
    const ok = await api("/me", { method: "PATCH", body: { firstModules: ["diary", "finances"] }, headers: { cookie } });
    expect(ok.status).toBe(200);
    expect((await json(await api("/me", { headers: { cookie } }))).profile).toEqual({ hasCompletedOnboarding: true, firstModules: ["diary", "finances"] });
    // One batch: a bad module refuses the whole change, the name with it.
    const bad = await api("/me", { method: "PATCH", body: { fullName: "Outra", firstModules: ["diary", "hacking"] }, headers: { cookie } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error).toMatchObject({ code: "validation_failed", fields: { "firstModules.1": "Valor inválido." } });
    const me = await json(await api("/me", { headers: { cookie } }));
    expect(me.profile.firstModules).toEqual(["diary", "finances"]);
    expect(me.user.fullName).toBe("Nélia");
    // None chosen is a choice too: the start card then shows its three steps.
    expect((await api("/me", { method: "PATCH", body: { firstModules: [] }, headers: { cookie } })).status).toBe(200);
    expect((await json(await api("/me", { headers: { cookie } }))).profile.firstModules).toEqual([]);
  });

  it("exports the account as a JSON attachment without secrets", async () => {
    const cookie = await signUpAndLogIn("olga@example.com");
    const response = await api("/me/export", { headers: { cookie } });
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="rumo-export-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = await response.text();
    expect(JSON.parse(text).account.email).toBe("olga@example.com");
    expect(text).not.toMatch(/scrypt\$|passwordHash|totpKey/);
  });

  it("names the export by the account's day, not UTC's", async () => {
    const cookie = await signUpAndLogIn("otilia@example.com");
    const dayIn = (timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
    // At any moment one of the two ends of the zones (+14, −11) is on another day than UTC.
    const zones = ["Pacific/Kiritimati", "Pacific/Pago_Pago"];
    expect(zones.some((zone) => dayIn(zone) !== new Date().toISOString().slice(0, 10))).toBe(true);
    for (const timeZone of zones) {
      expect((await api("/me", { method: "PATCH", body: { timeZone }, headers: { cookie } })).status).toBe(200);
      const response = await api("/me/export", { headers: { cookie } });
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="rumo-export-${dayIn(timeZone)}.json"`);
    }
  });

  it("answers 401 without a session", async () => {
    expect((await api("/me")).status).toBe(401);
    expect((await json(await api("/me"))).error.code).toBe("unauthenticated");
  });
});

// Account deletion: tests/worker/account-deletion.test.ts (every table, two users) and money-and-data.test.ts (Stripe).

describe("referral links at sign-up", () => {
  it("record the referral for a valid code and never fail the sign-up for a bad one", async () => {
    const referrer = await signUpAndLogIn("ref-owner@example.com");
    const { code } = await json(await api("/billing/referral", { headers: { cookie: referrer } }));
    const ok = await api("/auth/signup", { body: signupBody("ref-friend@example.com", { referralCode: code }), headers: { "cf-connecting-ip": freshIp() } });
    expect(ok.status).toBe(201);
    const bad = await api("/auth/signup", { body: signupBody("ref-stranger@example.com", { referralCode: "NOPE1234" }), headers: { "cf-connecting-ip": freshIp() } });
    expect(bad.status).toBe(201);
    const { joined } = await json(await api("/billing/referral", { headers: { cookie: referrer } }));
    expect(joined).toBe(1);
    const exported = await json(await api("/me/export", { headers: { cookie: referrer } }));
    expect(exported.billing.referralsMade).toHaveLength(1);
  });
});
