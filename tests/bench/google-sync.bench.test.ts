/**
 * Google Calendar sync in workerd with the real local D1 and the fake Calendar API
 * (tests/fixtures/fake-google-calendar.ts, in memory, reached through the outbound service):
 *   - the initial import of 200 events (20 of them weekly series);
 *   - an incremental sync of 200 changes made at Google (100 edits, 50 new, 50 deletions);
 *   - a sync pushing 200 changes made in Rumo (through the outbox).
 * Each run uses a fresh user; median and p95 over the runs.
 */
import { env, SELF } from "cloudflare:test";
import { expect, it } from "vitest";
import { findUserById } from "@worker/db/accounts";
import { database } from "@worker/db/client";
import { syncDeps } from "@worker/modules/calendar/google/api";
import { syncUser } from "@worker/modules/calendar/google/sync";
import { fakeAuthorizationCode } from "../fixtures/fake-google";
import { api, json, ORIGIN } from "../worker/helpers";

const RUNS = 5;
const GOOGLE = "https://www.googleapis.com/calendar/v3";

/** Setting up Google's side; the pool's outbound link sometimes drops one request under load: retried. */
async function google(sub: string, method: string, path: string, body?: unknown): Promise<unknown> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await googleOnce(sub, method, path, body);
    } catch (err) {
      if (attempt >= 3 || !String(err).includes("Network connection lost")) throw err;
    }
  }
}

async function googleOnce(sub: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${GOOGLE}${path}`, { method, headers: { authorization: `Bearer fake-access-${sub}`, "content-type": "application/json" }, body: body && JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

async function connectedUser(sub: string) {
  const start = await SELF.fetch(`${ORIGIN}/api/v1/auth/google`, { redirect: "manual" });
  const authorize = new URL(start.headers.get("location")!);
  const code = fakeAuthorizationCode({ sub, email: `${sub}@gmail.test`, email_verified: true, name: sub }, authorize.searchParams.get("code_challenge")!);
  const callback = await SELF.fetch(`${ORIGIN}/api/v1/auth/google/callback?code=${code}&state=${authorize.searchParams.get("state")}`, {
    redirect: "manual",
    headers: { cookie: start.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") },
  });
  const cookie = callback.headers.getSetCookie().find((c) => c.startsWith("rumo_session="))!.split(";")[0];
  expect((await api("/calendar/google/connect", { method: "POST", headers: { cookie } })).status).toBe(200);
  const id = (await json(await api("/me", { headers: { cookie } }))).user.id;
  return { cookie, user: (await findUserById(database(env.DB), id))! };
}

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], p95: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] };
};
const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

it("initial import, incremental pull and push of 200 changes", async () => {
  const initial: number[] = [];
  const pull: number[] = [];
  const push: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const sub = `bench-${run}-${Date.now()}`;
    const { cookie, user } = await connectedUser(sub);
    const path = `/calendars/${encodeURIComponent(`${sub}@gmail.test`)}/events`;
    const ids: string[] = [];
    for (let i = 0; i < 200; i++) {
      const day = String(1 + (i % 28)).padStart(2, "0");
      const hour = String(8 + (i % 10)).padStart(2, "0");
      const event = (await google(sub, "POST", path, {
        summary: `Evento ${i}`,
        start: { dateTime: `2027-03-${day}T${hour}:00:00Z`, timeZone: "Europe/Lisbon" },
        end: { dateTime: `2027-03-${day}T${hour}:45:00Z`, timeZone: "Europe/Lisbon" },
        ...(i % 10 === 0 ? { recurrence: ["RRULE:FREQ=WEEKLY;COUNT=20"] } : {}),
      })) as { id: string };
      ids.push(event.id);
    }
    const deps = syncDeps(env, user);
    let t = performance.now();
    const first = await syncUser(deps);
    initial.push(performance.now() - t);
    expect(first.created).toBe(200);

    for (let i = 0; i < 100; i++) await google(sub, "PATCH", `${path}/${ids[i]}`, { summary: `Evento ${i} (mudou)` });
    for (let i = 100; i < 150; i++) await google(sub, "DELETE", `${path}/${ids[i]}`);
    for (let i = 0; i < 50; i++) await google(sub, "POST", path, { summary: `Novo ${i}`, start: { date: "2027-04-01" }, end: { date: "2027-04-02" } });
    t = performance.now();
    const second = await syncUser(deps);
    pull.push(performance.now() - t);
    expect(second).toMatchObject({ updated: 100, deleted: 50, created: 50 });

    const local = (await json(await api("/events?from=2027-03-01&to=2027-03-31", { headers: { cookie } }))).items as { id: string; recurring: boolean }[];
    const singles = [...new Set(local.filter((e) => !e.recurring).map((e) => e.id))].slice(0, 150);
    for (const id of singles) await api(`/events/${id}`, { method: "PATCH", headers: { cookie }, body: { title: "Mudado no Rumo" } });
    for (let i = 0; i < 50; i++) await api("/events", { headers: { cookie }, body: { title: `Rumo ${i}`, start: "2027-05-03T09:00:00+01:00", end: "2027-05-03T10:00:00+01:00" } });
    t = performance.now();
    const third = await syncUser(deps);
    push.push(performance.now() - t);
    expect(third.pushed.pushed).toBe(singles.length + 50);
  }
  const line = (label: string, samples: number[]) => {
    const s = stats(samples);
    return `${label}: median ${fmt(s.median)}, p95 ${fmt(s.p95)} (${samples.length} runs)`;
  };
  console.log(
    [
      "Google Calendar sync in workerd (local D1, fake Calendar API in memory):",
      line("initial import of 200 events (20 weekly series)", initial),
      line("incremental sync of 200 Google changes (100 edits, 50 deletions, 50 new)", pull),
      line("push of 200 Rumo changes (150 edits, 50 new) from the outbox", push),
    ].join("\n"),
  );
});
