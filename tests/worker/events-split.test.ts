import { createExecutionContext, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "@worker/app";
import { api, json, ORIGIN, signUpAndLogIn } from "./helpers";

/**
 * D1 as it is, except that every batch fails the way an outage does (the message of the faults
 * switch, docs/decisions/0047): statements run one by one still land, a batch writes nothing.
 */
const batchesFail = (db: D1Database): D1Database =>
  new Proxy(db, {
    get(target, prop) {
      if (prop === "batch") return async () => Promise.reject(new Error("D1_ERROR: Network connection lost. (injected fault)"));
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });

const occ = (value: string) => encodeURIComponent(value);
let cookie: string;

beforeAll(async () => {
  cookie = await signUpAndLogIn(`events-split-${Date.now()}@example.com`);
}, 60_000);

/** A weekly series (six Mondays from 4 May 2026) with the 1 June occurrence changed on its own. */
async function seriesWithOverride() {
  const created = await api("/events", {
    body: { title: "Ginásio", start: "2026-05-04T18:00:00+01:00", end: "2026-05-04T19:00:00+01:00", rrule: "FREQ=WEEKLY;BYDAY=MO;COUNT=6" },
    headers: { cookie },
  });
  const { event } = await json(created);
  const override = await api(`/events/${event.id}?occurrence=${occ("2026-06-01T18:00:00+01:00")}`, { method: "PATCH", body: { title: "Ginásio com a Rita" }, headers: { cookie } });
  expect(override.status).toBe(200);
  return event.id as string;
}

const overridesOf = async (seriesId: string) => (await env.DB.prepare("select title from events where series_id = ?").bind(seriesId).all<{ title: string }>()).results.map((r) => r.title);

describe("this and the following, with a new rule", () => {
  it("a split that fails keeps the changed occurrences the new rule would drop", async () => {
    const seriesId = await seriesWithOverride();
    const path = `/api/v1/events/${seriesId}?occurrence=${occ("2026-05-18T18:00:00+01:00")}&scope=following`;
    const init = { method: "PATCH", headers: { cookie, origin: ORIGIN, "content-type": "application/json" }, body: JSON.stringify({ rrule: "FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4" }) };

    const failed = await app.request(`${ORIGIN}${path}`, init, { ...env, DB: batchesFail(env.DB) }, createExecutionContext());
    expect(failed.status).toBe(503);
    // Nothing changed: the series keeps its rule and the 1 June occurrence its own title.
    expect(await overridesOf(seriesId)).toEqual(["Ginásio com a Rita"]);
    expect((await json(await api(`/events/${seriesId}`, { headers: { cookie } }))).event.rrule).toBe("FREQ=WEEKLY;BYDAY=MO;COUNT=6");

    // Sent again once D1 answers: the split lands and the override goes with the old rule.
    const split = await api(path.replace("/api/v1", ""), { method: "PATCH", body: { rrule: "FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4" }, headers: { cookie } });
    expect(split.status).toBe(200);
    expect(await overridesOf(seriesId)).toEqual([]);
    expect(await overridesOf((await json(split)).event.id)).toEqual([]);
  });
});
