import { describe, expect, it } from "vitest";
import { authHref } from "./auth-href";
import { runAuthForm, type ApiAnswer, type AuthActionData } from "./auth.server";

// The keys stand for the texts: the tests check which message goes where, not the catalogue.
const t = (key: string) => `[${key}]`;

/** A fake JSON API: answers in order, and remembers what it was asked. */
function fakeApi(...answers: ApiAnswer[]) {
  const calls: { path: string; body: unknown }[] = [];
  return {
    calls,
    post: async (path: string, body?: unknown) => {
      calls.push({ path, body });
      const answer = answers.shift();
      if (!answer) throw new Error(`unexpected call to ${path}`);
      return answer;
    },
  };
}

const ok = (data: unknown = null, cookies: string[] = []): ApiAnswer => ({ ok: true, status: 200, cookies, data });
const failure = (status: number, code: string, message: string, fields?: Record<string, string>): ApiAnswer => ({ ok: false, status, cookies: [], error: { code, message, fields } });
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const url = (search = "") => new URL(`http://localhost/auth${search}`);

/** A failed form's data and status (react-router's `data()`). */
function failed(result: unknown) {
  const { data, init } = result as { data: AuthActionData; init: ResponseInit | null };
  return { ...data, status: init?.status };
}

describe("the /auth action", () => {
  it("signs in and redirects to next with the API's session cookie", async () => {
    const api = fakeApi(ok({ twoFactorRequired: false }, ["rumo_session=abc; Path=/; HttpOnly"]));
    const response = (await runAuthForm(form({ intent: "sign-in", email: " ana@example.com ", password: "segredo-123" }), url("?next=%2Fapp%2Ftarefas"), { post: api.post, t })) as Response;
    expect(api.calls).toEqual([{ path: "/auth/login", body: { email: "ana@example.com", password: "segredo-123" } }]);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/app/tarefas");
    // With the flash the app's shell reads once to say "Bem-vindo!" (app/lib/signed-in-flash.ts).
    expect(response.headers.getSetCookie()).toEqual(["rumo_session=abc; Path=/; HttpOnly", "rumo-signed-in=1; Path=/; Max-Age=120; SameSite=Lax"]);
  });

  it("sends a sign-in that needs a second factor back to /auth, keeping next", async () => {
    const api = fakeApi(ok({ twoFactorRequired: true }, ["rumo_session=pending"]));
    const response = (await runAuthForm(form({ intent: "sign-in", email: "a@b.pt", password: "x" }), url("?next=%2Fapp%2Ftarefas&tab=signin"), { post: api.post, t })) as Response;
    expect(response.headers.get("location")).toBe("/auth?next=%2Fapp%2Ftarefas");
    expect(response.headers.getSetCookie()).toEqual(["rumo_session=pending"]);
  });

  it("keeps the screen's own checks and their messages, without asking the API", async () => {
    const api = fakeApi();
    expect(failed(await runAuthForm(form({ intent: "sign-in", email: "", password: "" }), url(), { post: api.post, t }))).toMatchObject({
      form: "sign-in",
      status: 400,
      error: { message: "[auth:validation.fillAllFields]", fields: { email: "[errors:field.required]", password: "[errors:field.required]" } },
    });
    expect(failed(await runAuthForm(form({ intent: "sign-up", fullName: "Rita", email: "r@x.pt", password: "segredo-1", confirmPassword: "segredo-2" }), url(), { post: api.post, t }))).toMatchObject({
      form: "sign-up",
      values: { fullName: "Rita", email: "r@x.pt" },
      error: { message: "[auth:validation.passwordsDoNotMatch]", fields: { confirmPassword: "[auth:validation.passwordsDoNotMatch]" } },
    });
    expect(api.calls).toEqual([]);
  });

  it("maps the API's error to the form: its message, its fields, its status; passwords never come back", async () => {
    const api = fakeApi(failure(409, "conflict", "Este email já está registado.", { email: "Este email já está registado." }));
    const result = failed(await runAuthForm(form({ intent: "sign-up", fullName: "Rita", email: "r@x.pt", password: "segredo-1", confirmPassword: "segredo-1" }), url(), { post: api.post, t }));
    expect(result).toEqual({ form: "sign-up", status: 409, values: { fullName: "Rita", email: "r@x.pt" }, error: { message: "Este email já está registado.", fields: { email: "Este email já está registado." } } });
  });

  it("says how long a throttled form must wait, in whole minutes from the API's Retry-After", async () => {
    const counted = (key: string, options?: { count?: number }) => `[${key}:${options?.count}]`;
    const throttled = (retryAfterSeconds?: number): ApiAnswer => ({ ok: false, status: 429, cookies: [], error: { code: "rate_limited", message: "Muitas tentativas de login. Tente novamente mais tarde" }, retryAfterSeconds });
    const signIn = async (answer: ApiAnswer) => failed(await runAuthForm(form({ intent: "sign-in", email: "a@b.pt", password: "x" }), url(), { post: fakeApi(answer).post, t: counted as never })).error!.message;
    expect(await signIn(throttled(14 * 60 + 5))).toBe("Muitas tentativas de login. Tente novamente mais tarde [auth:errors.retryIn:15]");
    expect(await signIn(throttled(20))).toBe("Muitas tentativas de login. Tente novamente mais tarde [auth:errors.retryIn:1]");
    expect(await signIn(throttled())).toBe("Muitas tentativas de login. Tente novamente mais tarde");
  });

  it("marks an unconfirmed address (the screen offers a new e-mail) and falls back to the screen's message", async () => {
    const unconfirmed = fakeApi(failure(403, "email_not_confirmed", "Confirme o email"));
    expect(failed(await runAuthForm(form({ intent: "sign-in", email: "a@b.pt", password: "x" }), url(), { post: unconfirmed.post, t }))).toMatchObject({ error: { unconfirmed: true, message: "Confirme o email" } });
    const silent = fakeApi(failure(500, "internal", ""));
    expect(failed(await runAuthForm(form({ intent: "sign-in", email: "a@b.pt", password: "x" }), url(), { post: silent.post, t }))).toMatchObject({ status: 500, error: { message: "[auth:errors.loginUnexpected]" } });
  });

  it("sends the referral code of the URL with a sign-up, then shows the created notice on the sign-in tab", async () => {
    const api = fakeApi({ ok: true, status: 201, cookies: [], data: { ok: true } });
    const response = (await runAuthForm(form({ intent: "sign-up", fullName: "Rita", email: "r@x.pt", password: "segredo-1", confirmPassword: "segredo-1" }), url("?ref=AMIGA2026&tab=signup"), { post: api.post, t })) as Response;
    expect(api.calls[0].body).toMatchObject({ referralCode: "AMIGA2026" });
    expect(response.headers.get("location")).toBe("/auth?ref=AMIGA2026&notice=account-created&tab=signin");
  });

  it("resets a password with the link's token and leaves the token out of the next URL", async () => {
    const api = fakeApi({ ok: true, status: 204, cookies: [], data: null });
    const response = (await runAuthForm(form({ intent: "new-password", password: "nova-456", confirmPassword: "nova-456" }), url("?type=recovery&token=tok123"), { post: api.post, t })) as Response;
    expect(api.calls).toEqual([{ path: "/auth/password-reset/confirm", body: { token: "tok123", password: "nova-456" } }]);
    expect(response.headers.get("location")).toBe("/auth?notice=password-changed");
  });

  it("resends the confirmation for a typed address, or for the signed-in account without one", async () => {
    const api = fakeApi({ ok: true, status: 204, cookies: [], data: null }, { ok: true, status: 204, cookies: [], data: null });
    expect(failed(await runAuthForm(form({ intent: "resend", email: "a@b.pt" }), url(), { post: api.post, t }))).toMatchObject({ form: "resend", sent: true });
    await runAuthForm(form({ intent: "resend" }), url(), { post: api.post, t });
    expect(api.calls).toEqual([
      { path: "/auth/resend-confirmation", body: { email: "a@b.pt" } },
      { path: "/auth/resend-confirmation", body: undefined },
    ]);
  });

  it("lets a sign-in waiting for its second factor be abandoned: the pending session ends, back to /auth keeping next", async () => {
    const cleared = "rumo_session=; Path=/; Max-Age=0";
    const api = fakeApi({ ok: true, status: 204, cookies: [cleared], data: null });
    const response = (await runAuthForm(form({ intent: "cancel-two-factor" }), url("?next=%2Fapp%2Ftarefas"), { post: api.post, t })) as Response;
    expect(api.calls).toEqual([{ path: "/auth/logout", body: undefined }]);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth?next=%2Fapp%2Ftarefas");
    expect(response.headers.getSetCookie()).toEqual([cleared]);
  });

  it("refuses an unknown intent", async () => {
    await expect(runAuthForm(form({ intent: "delete-everything" }), url(), { post: fakeApi().post, t })).rejects.toMatchObject({ init: { status: 400 } });
  });
});

describe("authHref", () => {
  it("keeps next, ref and lang, and drops what belongs to one moment of the screen", () => {
    expect(authHref("?next=%2Fapp&ref=ABCD&lang=en&tab=signup&confirmed=true&type=recovery&token=x", { view: "forgot" })).toBe("/auth?next=%2Fapp&ref=ABCD&lang=en&view=forgot");
    expect(authHref("")).toBe("/auth");
  });
});
