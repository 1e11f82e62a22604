import { SELF } from "cloudflare:test";

export const ORIGIN = "http://localhost";

/** A same-origin JSON request to the Worker, as the app's own pages make it. */
export function api(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { origin: ORIGIN, ...init.headers };
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
    headers["content-type"] ??= "application/json";
  }
  return SELF.fetch(`${ORIGIN}/api/v1${path}`, { method: init.method ?? (body ? "POST" : "GET"), headers, body });
}

/** The JSON body of a response, untyped (tests assert its shape). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const json = (response: Response): Promise<any> => response.json();

let ipCounter = 0;
/** A fresh client address, so rate limits of one test never reach another. */
export const freshIp = () => `203.0.113.${++ipCounter % 250}.${Date.now() % 1000}`;

/** The session cookie (name=value) from a response's Set-Cookie headers. */
export function sessionFrom(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("rumo_session="));
  if (!cookie) throw new Error("no session cookie");
  return cookie.split(";")[0];
}

type Mail = { to: string; subject: string; text: string; html: string };

/** Mails to `to` in the development outbox, newest first. */
export async function mailsTo(to: string): Promise<Mail[]> {
  const { items } = await json(await SELF.fetch(`${ORIGIN}/api/dev/mailbox`));
  return items.filter((m: Mail) => m.to === to);
}

/** The newest mail to `to` whose text contains `marker` (e.g. "/auth/confirm"). */
export async function lastMailTo(to: string, marker = ""): Promise<Mail | undefined> {
  return (await mailsTo(to)).find((m) => m.text.includes(marker));
}

/** The first link with `marker` in a mail's text. */
export const linkIn = (text: string, marker: string) => text.match(new RegExp(`https?://\\S*${marker}\\S*`))?.[0] ?? "";

/** Signs up, confirms through the e-mailed link and signs in; returns the session cookie. */
export async function signUpAndLogIn(email: string, password = "segredo-123", fullName = "Ana Silva") {
  const ip = freshIp();
  const signup = await api("/auth/signup", { body: { fullName, email, password, confirmPassword: password }, headers: { "cf-connecting-ip": ip } });
  if (signup.status !== 201) throw new Error(`signup ${signup.status}: ${await signup.text()}`);
  const mail = await lastMailTo(email, "/auth/confirm");
  const link = linkIn(mail!.text, "confirm");
  await SELF.fetch(link, { redirect: "manual" });
  const login = await api("/auth/login", { body: { email, password }, headers: { "cf-connecting-ip": ip } });
  if (login.status !== 200) throw new Error(`login ${login.status}: ${await login.text()}`);
  return sessionFrom(login);
}
