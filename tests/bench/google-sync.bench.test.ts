/**
 * Google Calendar sync in workerd with the real local D1 and the fake Calendar API
 * (tests/fixtures/fake-google-calendar.ts, in memory, reached through the outbound service):
 *   - the initial import of 200 events (20 of them weekly series);
 *   - an incremental sync of 200 changes made at Google (100 edits, 50 new, 50 deletions);
 *   - a sync pushing 200 changes made in Rumo (through the outbox).
 * Each run uses a fresh user; median and p95 over the runs. Each sync is a POST /calendar/google/sync
 * request (timed from the test, so it includes the request's own handling).
 */
import { SELF } from "cloudflare:test";
import { expect, it } from "vitest";
import { fakeAuthorizationCode } from "../fixtures/fake-google";
import { api, json, ORIGIN } from "../worker/helpers";

const RUNS = 3;
const GOOGLE = "https://www.googleapis.com/calendar/v3";

/**
 * Google's side in one request per phase (the fake's `bulk` control): the test isolate is one
 * invocation, and thousands of separate subrequests from it would exceed workerd's limit.
 */
async function bulk(sub: string, ops: { method: string; path: string; body?: unknown }[]) {
  const response = await fetch("https://www.googleapis.com/__fake/bulk", { method: "POST", body: JSON.stringify({ sub, ops }) });
  if (!response.ok) throw new Error(`bulk: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { results: ({ id: string } | null)[] }).results;
}

/** A sync run as 'Sincronizar agora' does it: its own request to the Worker, timed from here. */
async function syncNow(cookie: string) {
  const started = performance.now();
  const response = await api("/calendar/google/sync", { method: "POST", headers: { cookie } });
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`sync ${response.status} ${await response.text()}`);
  return { ms, result: (await json(response)).result };
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
  return { cookie };
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
    const { cookie } = await connectedUser(sub);
    const path = `/calendars/${encodeURIComponent(`${sub}@gmail.test`)}/events`;
    const created = await bulk(
      sub,
      Array.from({ length: 200 }, (_, i) => {
        const day = String(1 + (i % 28)).padStart(2, "0");
        const hour = String(8 + (i % 10)).padStart(2, "0");
        return {
          method: "POST",
          path,
          body: {
            summary: `Evento ${i}`,
            start: { dateTime: `2027-03-${day}T${hour}:00:00Z`, timeZone: "Europe/Lisbon" },
            end: { dateTime: `2027-03-${day}T${hour}:45:00Z`, timeZone: "Europe/Lisbon" },
            ...(i % 10 === 0 ? { recurrence: ["RRULE:FREQ=WEEKLY;COUNT=20"] } : {}),
          },
        };
      }),
    );
    const ids = created.map((e) => e!.id);
    console.log(`run ${run}: Google side ready`);
    const first = await syncNow(cookie);
    initial.push(first.ms);
    expect(first.result.created).toBe(200);

    await bulk(sub, [
      ...ids.slice(0, 100).map((id, i) => ({ method: "PATCH", path: `${path}/${id}`, body: { summary: `Evento ${i} (mudou)` } })),
      ...ids.slice(100, 150).map((id) => ({ method: "DELETE", path: `${path}/${id}` })),
      ...Array.from({ length: 50 }, (_, i) => ({ method: "POST", path, body: { summary: `Novo ${i}`, start: { date: "2027-04-01" }, end: { date: "2027-04-02" } } })),
    ]);
    console.log(`run ${run}: initial ${first.ms.toFixed(0)} ms`);
    const second = await syncNow(cookie);
    console.log(`run ${run}: incremental ${second.ms.toFixed(0)} ms`);
    pull.push(second.ms);
    expect(second.result).toMatchObject({ updated: 100, deleted: 50, created: 50 });

    const local = (await json(await api("/events?from=2027-03-01&to=2027-03-31", { headers: { cookie } }))).items as { id: string; recurring: boolean }[];
    const singles = [...new Set(local.filter((e) => !e.recurring).map((e) => e.id))].slice(0, 150);
    for (const id of singles) await api(`/events/${id}`, { method: "PATCH", headers: { cookie }, body: { title: "Mudado no Rumo" } });
    for (let i = 0; i < 200 - singles.length; i++) await api("/events", { headers: { cookie }, body: { title: `Rumo ${i}`, start: "2027-05-03T09:00:00+01:00", end: "2027-05-03T10:00:00+01:00" } });
    console.log(`run ${run}: local changes made`);
    const third = await syncNow(cookie);
    push.push(third.ms);
    expect(third.result.pushed.pushed).toBe(200);
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
      line("push of 200 Rumo changes (edits and new events) from the outbox", push),
    ].join("\n"),
  );
});
