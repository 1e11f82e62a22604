import { createExecutionContext, env, SELF } from "cloudflare:test";
import { generateHOTP, generateTOTP } from "@oslojs/otp";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { limits } from "../../worker/auth/rate-limit";
import { fakeAuthorizationCode } from "../fixtures/fake-google";
import { api, freshIp, json, ORIGIN, sessionFrom, signUpAndLogIn } from "./helpers";

/** Starts the Google flow, plays the user at Google's consent screen, and follows the callback. */
async function googleSignIn(claims: Record<string, unknown>, options: { tamperState?: boolean } = {}) {
  const start = await SELF.fetch(`${ORIGIN}/api/v1/auth/google?next=/app/calendario`, { redirect: "manual" });
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get("location")!);
  const cookies = start.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const code = fakeAuthorizationCode(claims, authorize.searchParams.get("code_challenge")!);
  const state = options.tamperState ? "forged" : authorize.searchParams.get("state")!;
  const callback = await SELF.fetch(`${ORIGIN}/api/v1/auth/google/callback?code=${code}&state=${state}`, {
    redirect: "manual",
    headers: { cookie: cookies },
  });
  return { authorize, callback };
}

describe("Google sign-in", () => {
  it("asks Google for openid, email, profile and calendar with PKCE and state", async () => {
    const start = await SELF.fetch(`${ORIGIN}/api/v1/auth/google`, { redirect: "manual" });
    const url = new URL(start.headers.get("location")!);
    expect(url.origin + url.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(url.searchParams.get("scope")!.split(" ")).toEqual(["openid", "email", "profile", "https://www.googleapis.com/auth/calendar"]);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost/api/v1/auth/google/callback");
    expect(start.headers.getSetCookie().some((c) => c.startsWith("google_code_verifier=") && c.includes("HttpOnly"))).toBe(true);
  });

  it("creates a confirmed account for a verified Google address, stores the refresh token encrypted, and signs in", async () => {
    const { callback } = await googleSignIn({ sub: "g-100", email: "rui@gmail.com", email_verified: true, name: "Rui Lopes" });
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/app/calendario");
    // The flash for the app's welcome toast, as after the sign-in form.
    expect(callback.headers.getSetCookie()).toContain("rumo-signed-in=1; Path=/; Max-Age=120; SameSite=Lax");
    const cookie = callback.headers
      .getSetCookie()
      .find((c) => c.startsWith("rumo_session="))!
      .split(";")[0];
    const me = await json(await api("/me", { headers: { cookie } }));
    expect(me.user).toMatchObject({ email: "rui@gmail.com", fullName: "Rui Lopes", emailConfirmed: true, provider: "google" });
    expect(me.subscription.isTrialActive).toBe(true);
    const row = await env.DB.prepare("select google_refresh_token from users where email = 'rui@gmail.com'").first<{ google_refresh_token: string }>();
    expect(row!.google_refresh_token).toBeTruthy();
    expect(row!.google_refresh_token).not.toContain("fake-refresh");
  });

  it("links to an existing e-mail account only when Google says the address is verified", async () => {
    await signUpAndLogIn("sara@example.com");
    const unverified = await googleSignIn({ sub: "g-200", email: "sara@example.com", email_verified: false });
    expect(unverified.callback.headers.get("location")).toBe("/auth?google_error=unverified");
    expect(await env.DB.prepare("select google_sub from users where email = 'sara@example.com'").first("google_sub")).toBeNull();

    const verified = await googleSignIn({ sub: "g-200", email: "sara@example.com", email_verified: true });
    expect(verified.callback.headers.get("location")).toBe("/app/calendario");
    expect(await env.DB.prepare("select google_sub from users where email = 'sara@example.com'").first("google_sub")).toBe("g-200");
    expect(await env.DB.prepare("select count(*) as n from users where email = 'sara@example.com'").first("n")).toBe(1);
  });

  it("refuses a callback whose state does not match", async () => {
    const { callback } = await googleSignIn({ sub: "g-300", email: "tiago@gmail.com", email_verified: true }, { tamperState: true });
    expect(callback.headers.get("location")).toBe("/auth?google_error=failed");
    expect(callback.headers.getSetCookie().some((c) => c.startsWith("rumo_session=") && !c.includes("Max-Age=0"))).toBe(false);
  });
});

describe("two-factor sign-in (TOTP)", { timeout: 30_000 }, () => {
  it("is enabled by proving a code, then required at sign-in, with single-use recovery codes", async () => {
    const cookie = await signUpAndLogIn("ursula@example.com");
    const setup = await json(await api("/me/two-factor/setup", { method: "POST", headers: { cookie } }));
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/Rumo:ursula%40example.com\?/);
    const key = decodeBase32IgnorePadding(setup.secret);

    expect((await api("/me/two-factor/enable", { body: { code: "000000" }, headers: { cookie } })).status).toBe(400);
    const enabled = await json(await api("/me/two-factor/enable", { body: { code: generateTOTP(key, 30, 6) }, headers: { cookie } }));
    expect(enabled.recoveryCodes).toHaveLength(8);

    const login = await api("/auth/login", { body: { email: "ursula@example.com", password: "segredo-123" }, headers: { "cf-connecting-ip": freshIp() } });
    expect((await json(login)).twoFactorRequired).toBe(true);
    const pending = sessionFrom(login);
    expect((await api("/me", { headers: { cookie: pending } })).status).toBe(401);
    expect((await api("/auth/login/two-factor", { body: { code: "123456" }, headers: { cookie: pending } })).status).toBe(400);
    // The enabling code's step is spent: sign-in takes the next step's code (within the drift window).
    const nextStep = generateHOTP(key, BigInt(Math.floor(Date.now() / 30_000) + 1), 6);
    expect((await api("/auth/login/two-factor", { body: { code: nextStep }, headers: { cookie: pending } })).status).toBe(200);
    expect((await api("/me", { headers: { cookie: pending } })).status).toBe(200);

    // A recovery code works once.
    const again = sessionFrom(await api("/auth/login", { body: { email: "ursula@example.com", password: "segredo-123" }, headers: { "cf-connecting-ip": freshIp() } }));
    expect((await api("/auth/login/two-factor", { body: { code: enabled.recoveryCodes[0] }, headers: { cookie: again } })).status).toBe(200);
    const third = sessionFrom(await api("/auth/login", { body: { email: "ursula@example.com", password: "segredo-123" }, headers: { "cf-connecting-ip": freshIp() } }));
    expect((await api("/auth/login/two-factor", { body: { code: enabled.recoveryCodes[0] }, headers: { cookie: third } })).status).toBe(400);

    // Turning it off asks for the password.
    expect((await api("/me/two-factor/disable", { body: { password: "errada" }, headers: { cookie } })).status).toBe(400);
    expect((await api("/me/two-factor/disable", { body: { password: "segredo-123" }, headers: { cookie } })).status).toBe(204);
    const plain = await api("/auth/login", { body: { email: "ursula@example.com", password: "segredo-123" }, headers: { "cf-connecting-ip": freshIp() } });
    expect((await json(plain)).twoFactorRequired).toBe(false);
  });
});

// Each attempt is counted before it is checked, in one call to the limiter: a concurrent burst
// gets at most the limit's max checked, the rest 429 with Retry-After.
describe("per-account guessing limits against a concurrent burst", { timeout: 60_000 }, () => {
  const expectCapped = (burst: Response[], checked: number, max: number) => {
    expect(burst.filter((r) => r.status === checked)).toHaveLength(max);
    const refused = burst.filter((r) => r.status === 429);
    expect(refused).toHaveLength(burst.length - max);
    for (const r of refused) expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
  };

  it("checks at most max second-factor codes of a burst", async () => {
    const email = `totp-burst-${Date.now()}@example.com`;
    const cookie = await signUpAndLogIn(email);
    const key = decodeBase32IgnorePadding((await json(await api("/me/two-factor/setup", { method: "POST", headers: { cookie } }))).secret);
    expect((await api("/me/two-factor/enable", { body: { code: generateTOTP(key, 30, 6) }, headers: { cookie } })).status).toBe(200);
    const pending = sessionFrom(await api("/auth/login", { body: { email, password: "segredo-123" }, headers: { "cf-connecting-ip": freshIp() } }));
    const burst = await Promise.all(Array.from({ length: 12 }, () => api("/auth/login/two-factor", { body: { code: "recovery0000" }, headers: { cookie: pending } })));
    expectCapped(burst, 400, limits.secondFactorPerAccount.max);
  });

  it("checks at most max passwords of a burst confirming a sensitive action", async () => {
    const cookie = await signUpAndLogIn(`confirm-burst-${Date.now()}@example.com`);
    const burst = await Promise.all(Array.from({ length: 12 }, () => api("/me/two-factor/disable", { body: { password: "errada-123" }, headers: { cookie } })));
    expectCapped(burst, 400, limits.passwordConfirmPerAccount.max);
  });
});

describe("development mailbox", () => {
  it("lists the outbox newest first", async () => {
    await api("/auth/signup", {
      body: { fullName: "Vera", email: "vera@example.com", password: "segredo-123", confirmPassword: "segredo-123" },
      headers: { "cf-connecting-ip": freshIp() },
    });
    const { items } = await json(await SELF.fetch(`${ORIGIN}/api/dev/mailbox`));
    expect(items[0]).toMatchObject({ to: "vera@example.com" });
    expect(Object.keys(items[0]).sort()).toEqual(["createdAt", "html", "subject", "text", "to"]);
  });

  it("does not exist outside development", async () => {
    for (const path of ["/api/dev/mailbox", "/api/dev/seed"]) {
      const response = await app.request(`${ORIGIN}${path}`, { method: path.endsWith("seed") ? "POST" : "GET", headers: { origin: ORIGIN } }, { ...env, ENVIRONMENT: "staging" }, createExecutionContext());
      expect(response.status).toBe(404);
      // Nor on a public host, even when a deployment forgot ENVIRONMENT=production.
      const publicHost = await app.request(`https://rumo.app${path}`, { method: path.endsWith("seed") ? "POST" : "GET", headers: { origin: "https://rumo.app" } }, env, createExecutionContext());
      expect(publicHost.status).toBe(404);
    }
  });
});
