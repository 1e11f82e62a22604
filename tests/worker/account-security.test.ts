import { env, SELF } from "cloudflare:test";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { describe, expect, it } from "vitest";
import { confirmEmail, signUp } from "../../worker/auth/account-rules";
import { accountDeps } from "../../worker/auth/middleware";
import { createSession, SESSION_IDLE_MS, withRefreshedCookie } from "../../worker/auth/sessions";
import { hashToken } from "../../worker/auth/tokens";
import { fakeAuthorizationCode } from "../fixtures/fake-google";
import { api, freshIp, json, lastMailTo, linkIn, ORIGIN, sessionFrom, signUpAndLogIn } from "./helpers";
import { openSocket } from "./socket";

/** Starts the Google flow with `next`, plays the user at Google's consent screen, and follows the callback. */
async function googleSignIn(claims: Record<string, unknown>, next = "/app/calendario", extraCookie = "") {
  const start = await SELF.fetch(`${ORIGIN}/api/v1/auth/google?next=${encodeURIComponent(next)}`, { redirect: "manual" });
  const authorize = new URL(start.headers.get("location")!);
  const cookies = [
    ...start.headers.getSetCookie().map((c) => c.split(";")[0]),
    ...(extraCookie ? [extraCookie] : []),
  ].join("; ");
  const code = fakeAuthorizationCode(claims, authorize.searchParams.get("code_challenge")!);
  const callback = await SELF.fetch(`${ORIGIN}/api/v1/auth/google/callback?code=${code}&state=${authorize.searchParams.get("state")}`, {
    redirect: "manual",
    headers: { cookie: cookies },
  });
  const session = callback.headers.getSetCookie().find((c) => c.startsWith("rumo_session=") && !c.includes("Max-Age=0"));
  return { callback, cookie: session?.split(";")[0] ?? null };
}

const userRow = (email: string) =>
  env.DB.prepare("select id, role, password_hash, email_confirmed_at, google_sub from users where email = ?")
    .bind(email)
    .first<{ id: string; role: string; password_hash: string | null; email_confirmed_at: number | null; google_sub: string | null }>();

/** A signed-up account whose address is still unconfirmed, as someone else could create it. */
async function squat(email: string, password = "intruso-123") {
  const response = await api("/auth/signup", {
    body: { fullName: "Intruso", email, password, confirmPassword: password },
    headers: { "cf-connecting-ip": freshIp() },
  });
  expect(response.status).toBe(201);
}

describe("open redirect after sign-in", { timeout: 30_000 }, () => {
  it.each(["/\t/evil.com", "/\\evil.com", "//evil.com", "https://evil.com", "/%5Cevil.com"])("the Google callback does not send people to %j", async (next) => {
    const { callback } = await googleSignIn({ sub: `g-next-${next.length}-${next.charCodeAt(1)}`, email: `next${next.charCodeAt(1)}${next.length}@gmail.com`, email_verified: true }, next);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/app/meu-impacto");
  });

  it("keeps a same-site path through the Google round trip", async () => {
    const { callback } = await googleSignIn({ sub: "g-next-ok", email: "next-ok@gmail.com", email_verified: true }, "/app/tarefas?date=2026-11-22");
    expect(callback.headers.get("location")).toBe("/app/tarefas?date=2026-11-22");
  });
});

describe("account pre-hijacking through Google", { timeout: 30_000 }, () => {
  it("linking Google to an unconfirmed account ends the creator's password, sessions and sockets", async () => {
    await squat("vitima@example.com");
    const squatter = await userRow("vitima@example.com");
    // Whatever session the creator may hold (here made directly), with a realtime socket open.
    const { token } = await createSession({ ...accountDeps(env) }, { userId: squatter!.id, provider: "email" });
    const squatterCookie = `rumo_session=${token}`;
    expect((await api("/me", { headers: { cookie: squatterCookie } })).status).toBe(200);
    const socket = await openSocket(squatterCookie);
    await socket.next("hello");

    // The real owner signs in with Google, which vouches for the address.
    const owner = await googleSignIn({ sub: "g-owner", email: "vitima@example.com", email_verified: true, name: "Vítima" });
    expect(owner.callback.headers.get("location")).toBe("/app/calendario");
    expect((await json(await api("/me", { headers: { cookie: owner.cookie! } }))).user).toMatchObject({ email: "vitima@example.com", emailConfirmed: true, hasPassword: false });

    // The creator's password no longer signs in, their session is gone and their socket closed.
    const attempt = await api("/auth/login", { body: { email: "vitima@example.com", password: "intruso-123" }, headers: { "cf-connecting-ip": freshIp() } });
    expect(attempt.status).toBe(401);
    expect((await json(attempt)).error.code).toBe("invalid_credentials");
    expect((await api("/me", { headers: { cookie: squatterCookie } })).status).toBe(401);
    expect((await socket.waitClose()).code).toBe(4002);
    expect((await userRow("vitima@example.com"))!.password_hash).toBeNull();
  });

  it("a password reset that confirms the address drops a Google link made without verification", async () => {
    // Someone creates the account through Google with an address Google does not vouch for.
    await googleSignIn({ sub: "g-squatter", email: "alvo@example.com", email_verified: false });
    // The mailbox owner recovers the account by e-mail.
    expect((await api("/auth/password-reset", { body: { email: "alvo@example.com" }, headers: { "cf-connecting-ip": freshIp() } })).status).toBe(204);
    const link = linkIn((await lastMailTo("alvo@example.com", "type=recovery"))!.text, "type=recovery");
    const token = new URL(link).searchParams.get("token")!;
    expect((await api("/auth/password-reset/confirm", { body: { token, password: "minha-senha-1" } })).status).toBe(204);
    // The creator's Google account no longer opens it.
    const again = await googleSignIn({ sub: "g-squatter", email: "alvo@example.com", email_verified: false });
    expect(again.callback.headers.get("location")).toBe("/auth?google_error=unverified");
    expect(again.cookie).toBeNull();
    expect((await userRow("alvo@example.com"))!.google_sub).toBeNull();
  });

  it("links a confirmed account without touching its password", async () => {
    const cookie = await signUpAndLogIn("confirmada@example.com");
    await googleSignIn({ sub: "g-confirmed", email: "confirmada@example.com", email_verified: true });
    expect((await userRow("confirmada@example.com"))!.password_hash).not.toBeNull();
    expect((await api("/me", { headers: { cookie } })).status).toBe(200);
  });
});

describe("admin role before confirmation", { timeout: 30_000 }, () => {
  it("an ADMIN_EMAILS address from Google with email_verified false is not an admin", async () => {
    const { cookie } = await googleSignIn({ sub: "g-boss", email: "boss@example.com", email_verified: false });
    expect((await userRow("boss@example.com"))!.role).toBe("user");
    expect((await json(await api("/me", { headers: { cookie: cookie! } }))).user.role).toBe("user");
  });

  it("an ADMIN_EMAILS address that signed up by e-mail becomes admin only when it is confirmed", async () => {
    const deps = { ...accountDeps(env), adminEmails: ["chefe@example.com"] };
    await signUp(deps, { fullName: "Chefe", email: "chefe@example.com", password: "segredo-123" }, { language: "pt", ip: freshIp(), userAgent: "" });
    expect((await userRow("chefe@example.com"))!.role).toBe("user");
    const link = linkIn((await lastMailTo("chefe@example.com", "/auth/confirm"))!.text, "confirm");
    expect(await confirmEmail(deps, new URL(link).searchParams.get("token")!)).toBe("ok");
    expect((await userRow("chefe@example.com"))!.role).toBe("admin");
  });
});

/** Signs up, turns two-factor on and returns what a sign-in needs. */
async function withTwoFactor(email: string) {
  const cookie = await signUpAndLogIn(email);
  const setup = await json(await api("/me/two-factor/setup", { method: "POST", headers: { cookie } }));
  const key = decodeBase32IgnorePadding(setup.secret);
  const step = Math.floor(Date.now() / 30_000);
  expect((await api("/me/two-factor/enable", { body: { code: generateHOTP(key, BigInt(step), 6) }, headers: { cookie } })).status).toBe(200);
  const passwordStep = async () => {
    const login = await api("/auth/login", { body: { email, password: "segredo-123" }, headers: { "cf-connecting-ip": freshIp() } });
    expect((await json(login)).twoFactorRequired).toBe(true);
    return sessionFrom(login);
  };
  const guess = (pending: string, code: string) => api("/auth/login/two-factor", { body: { code }, headers: { cookie: pending } });
  return { key, step, passwordStep, guess };
}

describe("second-factor guessing", { timeout: 30_000 }, () => {
  it("counts wrong codes per account across sessions, and a correct password does not reset the count", async () => {
    const { passwordStep, guess } = await withTwoFactor("palpites@example.com");
    const first = await passwordStep();
    const second = await passwordStep();
    for (const pending of [first, first, second, second, first]) expect((await guess(pending, "000000")).status).toBe(400);
    // A sixth guess from yet another fresh password sign-in is refused.
    const third = await passwordStep();
    const blocked = await guess(third, "000001");
    expect(blocked.status).toBe(429);
    expect((await json(blocked)).error.code).toBe("rate_limited");
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("refuses a code already used in its time step, from any session", async () => {
    const { key, step, passwordStep, guess } = await withTwoFactor("repetido@example.com");
    // The code that enabled two-factor is spent.
    const pending = await passwordStep();
    expect((await guess(pending, generateHOTP(key, BigInt(step), 6))).status).toBe(400);
    const fresh = generateHOTP(key, BigInt(step + 1), 6);
    expect((await guess(pending, fresh)).status).toBe(200);
    const other = await passwordStep();
    const replay = await guess(other, fresh);
    expect(replay.status).toBe(400);
    expect((await json(replay)).error.code).toBe("invalid_code");
  });
});

describe("ending a session closes its realtime sockets", { timeout: 30_000 }, () => {
  it("sign-out closes that session's sockets and no other's", async () => {
    const cookie = await signUpAndLogIn("rt-out@example.com");
    const other = sessionFrom(await api("/auth/login", { body: { email: "rt-out@example.com", password: "segredo-123" }, headers: { "cf-connecting-ip": freshIp() } }));
    const [mine, theirs] = [await openSocket(cookie), await openSocket(other)];
    await Promise.all([mine.next("hello"), theirs.next("hello")]);
    expect((await api("/auth/logout", { method: "POST", headers: { cookie } })).status).toBe(204);
    expect((await mine.waitClose()).code).toBe(4002);
    expect(theirs.closed()).toBeNull();
  });

  it("revoking one session, all others, or changing the password closes theirs", async () => {
    const email = "rt-revoke@example.com";
    const login = async () => sessionFrom(await api("/auth/login", { body: { email, password: "segredo-123" }, headers: { "cf-connecting-ip": freshIp() } }));
    const me = await signUpAndLogIn(email);
    const [a, b, c] = [await login(), await login(), await login()];
    const sockets = { me: await openSocket(me), a: await openSocket(a), b: await openSocket(b), c: await openSocket(c) };
    await Promise.all(Object.values(sockets).map((s) => s.next("hello")));

    const list = await json(await api("/me/sessions", { headers: { cookie: me } }));
    const idOf = async (cookie: string) => {
      const current = (await json(await api("/me/sessions", { headers: { cookie } }))).items.find((s: { current: boolean }) => s.current);
      return current.id as string;
    };
    expect(list.items).toHaveLength(4);
    expect((await api(`/me/sessions/${await idOf(a)}`, { method: "DELETE", headers: { cookie: me } })).status).toBe(204);
    expect((await sockets.a.waitClose()).code).toBe(4002);
    expect([sockets.b.closed(), sockets.c.closed(), sockets.me.closed()]).toEqual([null, null, null]);

    expect((await api("/me/sessions", { method: "DELETE", headers: { cookie: b } })).status).toBe(200);
    expect((await sockets.me.waitClose()).code).toBe(4002);
    expect((await sockets.c.waitClose()).code).toBe(4002);
    expect(sockets.b.closed()).toBeNull();

    const d = await login();
    const socketD = await openSocket(d);
    await socketD.next("hello");
    expect((await api("/me/password", { body: { currentPassword: "segredo-123", newPassword: "outra-senha-1" }, headers: { cookie: b } })).status).toBe(204);
    expect((await socketD.waitClose()).code).toBe(4002);
    expect(sockets.b.closed()).toBeNull();
  });
});

describe("a revoked session cannot reopen a socket", { timeout: 30_000 }, () => {
  it("even where KV still holds a stale copy of it", async () => {
    const cookie = await signUpAndLogIn("rt-stale@example.com");
    const key = `session:${hashToken(cookie.split("=")[1])}`;
    const cached = await env.SESSIONS.get(key);
    expect(cached).not.toBeNull();
    expect((await api("/auth/logout", { method: "POST", headers: { cookie } })).status).toBe(204);
    // Another location's KV may serve the deleted record for up to a minute (docs/decisions/0005).
    await env.SESSIONS.put(key, cached!);
    const upgrade = await SELF.fetch(`${ORIGIN}/api/v1/realtime`, { headers: { upgrade: "websocket", cookie, origin: ORIGIN } });
    expect(upgrade.status).toBe(401);
    expect(upgrade.webSocket).toBeNull();
  });
});

describe("the session cookie slides with the session", { timeout: 30_000 }, () => {
  it("a page request that extends the session carries the refreshed cookie", async () => {
    const cookie = await signUpAndLogIn("desliza-pagina@example.com");
    const id = hashToken(cookie.split("=")[1]);
    await env.DB.prepare("update sessions set last_used_at = ? where id = ?").bind(Date.now() - 20 * 60_000, id).run();
    await env.SESSIONS.delete(`session:${id}`);
    // The Hono root loads the session once for pages too and sets the slid cookie on the page's response
    // (the pool's page stub answers what the loaders would see).
    const page = await SELF.fetch(`${ORIGIN}/app/meu-impacto`, { headers: { cookie } });
    expect((await page.json<{ email: string }>()).email).toBe("desliza-pagina@example.com");
    const refreshed = page.headers.getSetCookie().find((c) => c.startsWith("rumo_session="));
    expect(refreshed?.split(";")[0]).toBe(cookie);
    expect(refreshed).toMatch(/Max-Age=\d+/);

    // A response that sets the session cookie itself (sign-out) keeps its own.
    const signOut = new Response(null, { headers: { "set-cookie": "rumo_session=; Path=/; Max-Age=0" } });
    expect(withRefreshedCookie(signOut, ORIGIN, refreshed!).headers.getSetCookie()).toEqual(["rumo_session=; Path=/; Max-Age=0"]);
  });

  it("an API request that extends the session sends the cookie again with the new Max-Age", async () => {
    const cookie = await signUpAndLogIn("desliza@example.com");
    // Make the session look 20 minutes idle with one day left (as on day 13), in D1 and without a KV copy.
    const token = cookie.split("=")[1];
    const id = hashToken(token);
    const now = Date.now();
    await env.DB.prepare("update sessions set last_used_at = ?, expires_at = ? where id = ?").bind(now - 20 * 60_000, now + 24 * 3600_000, id).run();
    await env.SESSIONS.delete(`session:${id}`);

    const response = await api("/me", { headers: { cookie } });
    expect(response.status).toBe(200);
    const refreshed = response.headers.getSetCookie().find((c) => c.startsWith("rumo_session="));
    expect(refreshed).toBeDefined();
    expect(refreshed!.split(";")[0]).toBe(cookie);
    const maxAge = Number(/Max-Age=(\d+)/.exec(refreshed!)![1]);
    expect(maxAge).toBeGreaterThan(SESSION_IDLE_MS / 1000 - 120);
    expect(refreshed).toContain("HttpOnly");

    // A request that does not extend the session leaves the cookie alone.
    expect((await api("/me", { headers: { cookie } })).headers.getSetCookie()).toEqual([]);
  });
});

describe("password guessing through a signed-in session", { timeout: 30_000 }, () => {
  it("counts wrong confirmation passwords per account, across actions, and refuses even the right one once over", async () => {
    const cookie = await signUpAndLogIn("sessao-emprestada@example.com");
    const other = await signUpAndLogIn("outra-conta@example.com");
    for (const [path, method, body] of [
      ["/me/password", "POST", { currentPassword: "palpite-1", newPassword: "nova-senha-1" }],
      ["/me/password", "POST", { currentPassword: "palpite-2", newPassword: "nova-senha-1" }],
      ["/me/two-factor/disable", "POST", { password: "palpite-3" }],
      ["/me", "DELETE", { password: "palpite-4" }],
      ["/me/password", "POST", { currentPassword: "palpite-5", newPassword: "nova-senha-1" }],
    ] as const) {
      const wrong = await api(path, { method, body, headers: { cookie } });
      expect(wrong.status).toBe(400);
      expect((await json(wrong)).error.code).toBe("invalid_credentials");
    }
    // The sixth try is refused before the password is looked at, so guessing stops here.
    const blocked = await api("/me/password", { body: { currentPassword: "segredo-123", newPassword: "nova-senha-1" }, headers: { cookie } });
    expect(blocked.status).toBe(429);
    expect((await json(blocked)).error).toEqual({ code: "rate_limited", message: "Muitas tentativas. Tente novamente mais tarde" });
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await api("/me", { method: "DELETE", body: { password: "segredo-123" }, headers: { cookie } })).status).toBe(429);
    expect(await userRow("sessao-emprestada@example.com")).not.toBeNull();
    // Another account's count is its own, and a right password clears it.
    expect((await api("/me/password", { body: { currentPassword: "palpite", newPassword: "nova-senha-1" }, headers: { cookie: other } })).status).toBe(400);
    expect((await api("/me/password", { body: { currentPassword: "segredo-123", newPassword: "nova-senha-1" }, headers: { cookie: other } })).status).toBe(204);
  });
});

describe("sensitive actions of accounts without a password", { timeout: 30_000 }, () => {
  it("need a Google sign-in of the last minutes; an older session is asked to sign in with Google again", async () => {
    const first = await googleSignIn({ sub: "g-reauth", email: "so-google@gmail.com", email_verified: true });
    const cookie = first.cookie!;
    // The sign-in is 11 minutes old (D1 is what sensitive actions read).
    const id = hashToken(cookie.split("=")[1]);
    await env.DB.prepare("update sessions set created_at = ? where id = ?").bind(Date.now() - 11 * 60_000, id).run();

    for (const [path, method, body] of [
      ["/me/two-factor/disable", "POST", {}],
      ["/me/password", "POST", { newPassword: "nova-senha-1" }],
      ["/me", "DELETE", {}],
    ] as const) {
      const refused = await api(path, { method, body, headers: { cookie } });
      expect(refused.status).toBe(403);
      expect((await json(refused)).error).toEqual({
        code: "reauthentication_required",
        message: "Por segurança, entre novamente com o Google para confirmar a sua identidade.",
      });
    }
    expect(await userRow("so-google@gmail.com")).toMatchObject({ password_hash: null });

    // Signing in with Google again replaces this browser's session, and the action goes through.
    const again = await googleSignIn({ sub: "g-reauth", email: "so-google@gmail.com", email_verified: true }, "/app/perfil", cookie);
    expect(again.callback.headers.get("location")).toBe("/app/perfil");
    expect((await api("/me", { headers: { cookie } })).status).toBe(401);
    expect((await api("/me", { method: "DELETE", body: {}, headers: { cookie: again.cookie! } })).status).toBe(204);
    expect(await userRow("so-google@gmail.com")).toBeNull();
  });

  it("an account with a password still confirms with the password, whatever the session's age", async () => {
    const cookie = await signUpAndLogIn("com-senha@example.com");
    expect((await api("/me", { method: "DELETE", body: {}, headers: { cookie } })).status).toBe(400);
    expect((await api("/me", { method: "DELETE", body: { password: "segredo-123" }, headers: { cookie } })).status).toBe(204);
  });
});

describe("a tab left on another account (app/lib/session-user.ts)", { timeout: 30_000 }, () => {
  it("answers 401 and changes nothing when the page's user is not the session's", async () => {
    const cookieA = await signUpAndLogIn("tab-a@example.com");
    const cookieB = await signUpAndLogIn("tab-b@example.com");
    const idOf = async (cookie: string) => (await json(await api("/me", { headers: { cookie } }))).user.id as string;
    const [a, b] = [await idOf(cookieA), await idOf(cookieB)];
    // The browser now holds A's session; the tab was rendered for B.
    const asB = { cookie: cookieA, "x-rumo-user": b };
    const me = await api("/me", { headers: asB });
    expect(me.status).toBe(401);
    expect((await json(me)).error.code).toBe("unauthenticated");
    // The search reads the account in its own batch (decision 0056): the same answer.
    expect((await api("/search?q=ab", { headers: asB })).status).toBe(401);
    const created = await api("/tasks", { body: { title: "Escrita do separador de B" }, headers: asB });
    expect(created.status).toBe(401);
    expect(await env.DB.prepare("select count(*) as n from tasks where user_id in (?, ?)").bind(a, b).first("n")).toBe(0);
    const socket = await SELF.fetch(`${ORIGIN}/api/v1/realtime?user=${b}`, { headers: { upgrade: "websocket", cookie: cookieA, origin: ORIGIN } });
    expect(socket.status).toBe(401);

    // The tab of the session's own user goes on as before.
    expect((await api("/me", { headers: { cookie: cookieA, "x-rumo-user": a } })).status).toBe(200);
    expect((await api("/tasks", { body: { title: "Escrita de A" }, headers: { cookie: cookieA, "x-rumo-user": a } })).status).toBe(201);
    const own = await openSocket(cookieA, `?user=${a}`);
    own.ws.close();
  });
});
