/**
 * The Google Calendar tests' side of the fakes (tests/fixtures/fake-google-calendar.ts): Google
 * changed as another device of the same account would, its stored calendar, and a user who signed
 * in with Google and connected the calendar.
 */
import { SELF } from "cloudflare:test";
import { expect } from "vitest";
import { fakeAuthorizationCode } from "../fixtures/fake-google";
import { api, json, ORIGIN } from "./helpers";

export const GOOGLE = "https://www.googleapis.com/calendar/v3";
export const CALENDAR_SCOPE = "https://www.googleapis.com/auth/calendar";

/** Google's side, as another device of the same Google account would change it. */
export async function google(sub: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${GOOGLE}${path}`, {
    method,
    headers: { authorization: `Bearer fake-access-${sub}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`google ${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : json(response);
}
export const control = (path: string, body: unknown = {}) => fetch(`https://www.googleapis.com/__fake/${path}`, { method: "POST", body: JSON.stringify(body) });
export const googleEvents = async (sub: string, calendar = `${sub}@gmail.test`) =>
  (await json(await fetch(`https://www.googleapis.com/__fake/events?sub=${sub}&calendar=${encodeURIComponent(calendar)}`))).items as Record<string, any>[];
export const primary = (sub: string) => `/calendars/${encodeURIComponent(`${sub}@gmail.test`)}/events`;

export async function googleSignIn(sub: string) {
  const start = await SELF.fetch(`${ORIGIN}/api/v1/auth/google`, { redirect: "manual" });
  const authorize = new URL(start.headers.get("location")!);
  const cookies = start.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const code = fakeAuthorizationCode({ sub, email: `${sub}@gmail.test`, email_verified: true, name: sub }, authorize.searchParams.get("code_challenge")!);
  const callback = await SELF.fetch(`${ORIGIN}/api/v1/auth/google/callback?code=${code}&state=${authorize.searchParams.get("state")}`, { redirect: "manual", headers: { cookie: cookies } });
  return callback.headers.getSetCookie().find((c) => c.startsWith("rumo_session="))!.split(";")[0];
}

/** A user signed in with Google (calendar scope granted then) who connected the calendar. */
export async function connected(sub: string) {
  const cookie = await googleSignIn(sub);
  const response = await api("/calendar/google/connect", { method: "POST", headers: { cookie } });
  expect(response.status).toBe(200);
  const body = await json(response);
  expect(body.authorizeUrl).toBeNull();
  const userId = (await json(await api("/me", { headers: { cookie } }))).user.id as string;
  return { cookie, userId, status: body.connection };
}

export const sync = async (cookie: string) => {
  const response = await api("/calendar/google/sync", { method: "POST", headers: { cookie } });
  expect(response.status).toBe(200);
  return json(response);
};
export const eventsIn = async (cookie: string, from = "2026-01-01", to = "2026-12-31") => (await json(await api(`/events?from=${from}&to=${to}`, { headers: { cookie } }))).items as Record<string, any>[];
export const timed = (dateTime: string) => ({ dateTime, timeZone: "Europe/Lisbon" });

/** The refresh tokens Rumo revoked at Google for this account (the fake's record of POST /revoke). */
export const revokedTokens = async (sub: string) =>
  (await json(await fetch(`https://oauth2.googleapis.com/__fake/revocations?sub=${encodeURIComponent(sub)}`))).tokens as string[];

/**
 * Connects the calendar through Google's consent screen (the path after a disconnect, which revoked
 * Rumo's access at Google): /connect answers where to go, the user grants the calendar for `sub`.
 */
export async function connectThroughConsent(cookie: string, sub: string) {
  const answer = await json(await api("/calendar/google/connect", { method: "POST", headers: { cookie } }));
  expect(answer.authorizeUrl).toBe("/api/v1/calendar/google/authorize");
  const start = await SELF.fetch(`${ORIGIN}${answer.authorizeUrl}`, { redirect: "manual", headers: { cookie } });
  const url = new URL(start.headers.get("location")!);
  const flow = start.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const code = fakeAuthorizationCode({ sub }, url.searchParams.get("code_challenge")!, CALENDAR_SCOPE);
  const callback = await SELF.fetch(`${ORIGIN}/api/v1/calendar/google/callback?code=${code}&state=${url.searchParams.get("state")}`, { redirect: "manual", headers: { cookie: `${cookie}; ${flow}` } });
  expect(callback.headers.get("location")).toBe("/app/perfil?tab=preferences&google=connected");
}
