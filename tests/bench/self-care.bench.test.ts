/**
 * Self-care at realistic volume, in workerd with the real local D1 (`npm run bench:self-care`):
 * 50 daily routines with three years of check-ins each (about 55,000 rows), ten of them with five
 * steps. Times the screen's list (GET /routines), a check-in and its undo on a three-year routine,
 * and a day done step by step: a tick, the last tick (which checks the day in and rewrites the
 * stored runs in the same batch, decision 0112) and the untick of a day done. Medians of 25.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { expect, it } from "vitest";
import { loadSession } from "@worker/auth/middleware";
import { buildApi, PLATFORM_BODY_RULES } from "@worker/api";
import { database } from "@worker/db/client";
import { handleError } from "@worker/lib/errors";
import { limitBodies } from "@worker/middleware/body";
import { requestContext } from "@worker/middleware/request-context";
import { WORKER_MODULES } from "@worker/modules";
import { bodyRulesOf } from "@worker/modules/registry";
import { storeCheckInRuns } from "@worker/modules/selfCare/queries";
import { addDays, localDate } from "@worker/modules/selfCare/streaks";
import type { AppEnv } from "@worker/types";
import { userIdOf } from "../worker/billing-helpers";
import { ORIGIN, signUpAndLogIn } from "../worker/helpers";

const root = new Hono<AppEnv>().onError(handleError).use("*", requestContext).use("*", limitBodies(bodyRulesOf(WORKER_MODULES, PLATFORM_BODY_RULES))).use("*", loadSession).route("/api/v1", buildApi(WORKER_MODULES));

const ROUTINES = 50;
const WITH_STEPS = 10;
const YEARS = 3;
const RUNS = 25;

async function send(cookie: string, method: string, path: string, body?: unknown) {
  const ctx = createExecutionContext();
  const started = performance.now();
  const response = await root.request(
    `${ORIGIN}/api/v1${path}`,
    { method, headers: { origin: ORIGIN, cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) }, body: body === undefined ? undefined : JSON.stringify(body) },
    env,
    ctx,
  );
  const ms = performance.now() - started;
  await waitOnExecutionContext(ctx);
  return { response, ms };
}

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];
const p95 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * 0.95))];
const figure = (name: string, samples: number[]) => `${name}: median ${median(samples).toFixed(1)} ms, p95 ${p95(samples).toFixed(1)} ms`;

it(`lists and checks in ${ROUTINES} routines with ${YEARS} years of history`, async () => {
  const email = "bench@self-care.test";
  const cookie = await signUpAndLogIn(email);
  const userId = await userIdOf(email);
  const today = localDate(new Date(), "Europe/Lisbon");

  const creates: number[] = [];
  const routines: { id: string; steps: { id: string }[] }[] = [];
  for (let i = 0; i < ROUTINES; i++) {
    const steps = i < WITH_STEPS ? ["Beber água", "Alongar 5 minutos", "Meditar", "Escrever três linhas", "Arrumar a secretária"].map((text) => ({ text })) : [];
    const { response, ms } = await send(cookie, "POST", "/routines", { title: `Rotina ${i}`, category: "mind", frequency: "daily", steps });
    expect(response.status).toBe(201);
    creates.push(ms);
    const { routine } = (await response.json()) as { routine: { id: string; steps: { id: string }[] } };
    routines.push(routine);
  }

  // Three years of daily check-ins up to yesterday, one missed day a month; the runs stored as a
  // check-in stores them.
  const days = Array.from({ length: YEARS * 365 }, (_, n) => addDays(today, -n - 1)).filter((_, n) => n % 30 !== 17);
  const inserts = routines.flatMap((r) => days.map((date) => env.DB.prepare("insert into routine_check_ins (id, user_id, routine_id, date) values (?, ?, ?, ?)").bind(`${r.id}-${date}`, userId, r.id, date)));
  for (let i = 0; i < inserts.length; i += 1000) await env.DB.batch(inserts.slice(i, i + 1000));
  for (const r of routines) await storeCheckInRuns(database(env.DB), userId, r.id);

  const list: number[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const { response, ms } = await send(cookie, "GET", "/routines");
    expect(response.status).toBe(200);
    const { items } = (await response.json()) as { items: { streakDays: number }[] };
    expect(items).toHaveLength(ROUTINES);
    if (i >= 3) list.push(ms);
  }

  // The floor of any signed-in request here and now (session, account), for context.
  const floor: number[] = [];
  for (let i = 0; i < RUNS; i++) floor.push((await send(cookie, "GET", "/me")).ms);

  const plain = routines[WITH_STEPS];
  const checkIns: number[] = [];
  const undos: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const checkIn = await send(cookie, "POST", `/routines/${plain.id}/check-ins`, {});
    expect(checkIn.response.status).toBe(201);
    checkIns.push(checkIn.ms);
    const undo = await send(cookie, "DELETE", `/routines/${plain.id}/check-ins/${today}`);
    expect(undo.response.status).toBeLessThan(300);
    undos.push(undo.ms);
  }

  const stepped = routines[0];
  const ticks: number[] = [];
  const lastTicks: number[] = [];
  const untickDone: number[] = [];
  const tick = (stepId: string) => send(cookie, "POST", `/routines/${stepped.id}/steps/${stepId}/ticks`, {});
  const untick = (stepId: string) => send(cookie, "DELETE", `/routines/${stepped.id}/steps/${stepId}/ticks/${today}`);
  for (let i = 0; i < RUNS; i++) {
    const [last, ...first] = [...stepped.steps].reverse();
    for (const step of first) {
      const { response, ms } = await tick(step.id);
      expect(response.status).toBe(201);
      ticks.push(ms);
    }
    const done = await tick(last.id);
    expect(((await done.response.json()) as { routine: { checkedInToday: boolean } }).routine.checkedInToday).toBe(true);
    lastTicks.push(done.ms);
    const undone = await untick(last.id);
    expect(((await undone.response.json()) as { routine: { checkedInToday: boolean } }).routine.checkedInToday).toBe(false);
    untickDone.push(undone.ms);
    for (const step of first) expect((await untick(step.id)).response.status).toBeLessThan(300);
  }

  console.log(
    [
      `self-care, ${ROUTINES} daily routines × ${YEARS} years (${inserts.length} check-ins), ${WITH_STEPS} with 5 steps; workerd + local D1, one request at a time`,
      figure(`GET /me, the floor of a signed-in request (${RUNS})`, floor),
      figure(`POST /routines (with or without 5 steps, ${ROUTINES} requests)`, creates),
      figure(`GET /routines (all ${ROUTINES}, streaks and runs, ${RUNS} requests)`, list),
      figure(`POST /routines/:id/check-ins on a 3-year routine (${RUNS})`, checkIns),
      figure(`DELETE /routines/:id/check-ins/:date, its undo (${RUNS})`, undos),
      figure(`POST …/steps/:stepId/ticks, not the last (${ticks.length})`, ticks),
      figure(`POST …/ticks of the last step: the day checked in, its runs rewritten (${RUNS})`, lastTicks),
      figure(`DELETE …/ticks/:date on a day done: the check-in removed, the other ticks written (${RUNS})`, untickDone),
    ].join("\n  "),
  );
});
