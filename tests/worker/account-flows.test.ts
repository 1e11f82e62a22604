import { env } from "cloudflare:test";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateTOTP } from "@oslojs/otp";
import { describe, expect, it } from "vitest";
import { passwordResetLinkState } from "../../worker/auth/account-rules";
import { hashToken } from "../../worker/auth/tokens";
import { database } from "../../worker/db/client";
import { api, freshIp, json, lastMailTo, linkIn, sessionFrom, signUpAndLogIn } from "./helpers";

/** Turns two-factor on for the session's account. */
async function enableTwoFactor(cookie: string) {
  const setup = await json(await api("/me/two-factor/setup", { method: "POST", headers: { cookie } }));
  const enabled = await api("/me/two-factor/enable", { body: { code: generateTOTP(decodeBase32IgnorePadding(setup.secret), 30, 6) }, headers: { cookie } });
  expect(enabled.status).toBe(200);
}

describe("a wrong password where an action is confirmed", { timeout: 30_000 }, () => {
  it("is named as the field typed: 'Senha incorreta' to turn off two-factor or delete the account, the current password on a change", async () => {
    const cookie = await signUpAndLogIn("confirma-senha@example.com");
    await enableTwoFactor(cookie);

    const disable = await api("/me/two-factor/disable", { body: { password: "errada-1" }, headers: { cookie } });
    expect(disable.status).toBe(400);
    expect((await json(disable)).error).toEqual({ code: "invalid_credentials", message: "Senha incorreta", fields: { password: "Senha incorreta" } });

    const deletion = await api("/me", { method: "DELETE", body: { password: "errada-2" }, headers: { cookie, "accept-language": "en-US" } });
    expect(deletion.status).toBe(400);
    // The account's language (pt) decides, as for every message; in English it reads "Incorrect password".
    expect((await json(deletion)).error.message).toBe("Senha incorreta");
    expect((await api("/me", { method: "PATCH", body: { language: "en" }, headers: { cookie } })).status).toBe(200);
    const inEnglish = await api("/me", { method: "DELETE", body: { password: "errada-3" }, headers: { cookie } });
    expect((await json(inEnglish)).error).toMatchObject({ message: "Incorrect password", fields: { password: "Incorrect password" } });

    // The change-password form's field is the current password: its message stays.
    expect((await api("/me", { method: "PATCH", body: { language: "pt" }, headers: { cookie } })).status).toBe(200);
    const change = await api("/me/password", { body: { currentPassword: "errada-4", newPassword: "nova-senha-1" }, headers: { cookie } });
    expect((await json(change)).error).toMatchObject({ message: "A senha atual está incorreta", fields: { currentPassword: "A senha atual está incorreta" } });
  });
});

describe("the sessions list", { timeout: 30_000 }, () => {
  it("leaves out sign-ins still waiting for their second factor, and gives each session's sign-in time", async () => {
    const cookie = await signUpAndLogIn("meio-sessao@example.com");
    await enableTwoFactor(cookie);
    // The password typed elsewhere, the code never entered.
    const pending = await api("/auth/login", { body: { email: "meio-sessao@example.com", password: "segredo-123" }, headers: { "cf-connecting-ip": freshIp() } });
    expect((await json(pending)).twoFactorRequired).toBe(true);
    sessionFrom(pending);
    const { results } = await env.DB.prepare("select pending_second_factor from sessions where user_id = (select id from users where email = 'meio-sessao@example.com')").all();
    expect(results.map((row) => row.pending_second_factor).sort()).toEqual([0, 1]);

    const { items } = await json(await api("/me/sessions", { headers: { cookie } }));
    expect(items).toHaveLength(1);
    expect(items[0].current).toBe(true);
    expect(Date.parse(items[0].createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("'end all others' ends a sign-in waiting for its second factor too, but counts only the devices the list showed", async () => {
    const cookie = await signUpAndLogIn("conta-sessoes@example.com");
    await enableTwoFactor(cookie);
    const logIn = () => api("/auth/login", { body: { email: "conta-sessoes@example.com", password: "segredo-123" }, headers: { "cf-connecting-ip": freshIp() } });
    // One other signed-in device (its code entered), one sign-in left at the code.
    const other = sessionFrom(await logIn());
    expect((await json(await logIn())).twoFactorRequired).toBe(true);
    // Its code entered (what POST /auth/two-factor would do).
    await env.DB.prepare("update sessions set pending_second_factor = 0 where id = ?").bind(hashToken(other.split("=")[1])).run();

    const { items } = await json(await api("/me/sessions", { headers: { cookie } }));
    expect(items).toHaveLength(2);
    const ended = await api("/me/sessions", { method: "DELETE", headers: { cookie } });
    expect(await json(ended)).toEqual({ ended: 1 });
    const left = await env.DB.prepare("select count(*) as n from sessions where user_id = (select id from users where email = 'conta-sessoes@example.com')").first<{ n: number }>();
    expect(left?.n).toBe(1);
  });
});

describe("a password-reset link's state, read when it is opened", { timeout: 30_000 }, () => {
  it("is read without using the link up: ok, then used once it set a password, expired, invalid", async () => {
    await signUpAndLogIn("link-lido@example.com");
    await api("/auth/password-reset", { body: { email: "link-lido@example.com" }, headers: { "cf-connecting-ip": freshIp() } });
    const token = new URL(linkIn((await lastMailTo("link-lido@example.com", "type=recovery"))!.text, "type=recovery")).searchParams.get("token")!;
    const deps = { db: database(env.DB), now: () => new Date() };

    expect(await passwordResetLinkState(deps, token)).toBe("ok");
    // Still ok: reading it used nothing.
    expect(await passwordResetLinkState(deps, token)).toBe("ok");
    expect((await api("/auth/password-reset/confirm", { body: { token, password: "nova-senha-1" } })).status).toBe(204);
    expect(await passwordResetLinkState(deps, token)).toBe("used");

    await api("/auth/password-reset", { body: { email: "link-lido@example.com" }, headers: { "cf-connecting-ip": freshIp() } });
    const second = new URL(linkIn((await lastMailTo("link-lido@example.com", "type=recovery"))!.text, "type=recovery")).searchParams.get("token")!;
    expect(second).not.toBe(token);
    expect(await passwordResetLinkState({ ...deps, now: () => new Date(Date.now() + 2 * 3600_000) }, second)).toBe("expired");
    expect(await passwordResetLinkState(deps, "a".repeat(32))).toBe("invalid");
    expect(await passwordResetLinkState(deps, "")).toBe("invalid");
    // A confirmation link is not a reset link.
    const confirm = new URL(linkIn((await lastMailTo("link-lido@example.com", "/auth/confirm"))!.text, "confirm")).searchParams.get("token")!;
    expect(await passwordResetLinkState(deps, confirm)).toBe("invalid");
  });
});
