import { Hono } from "hono";
import { z } from "zod";
import { hashPassword, PASSWORD_PARAMS } from "../auth/password";
import { cronJobs, runSchedule } from "../cron/registry";
import { setTrialEnd } from "../db/billing";
import { database } from "../db/client";
import { listOutboxMail } from "../db/mail-outbox";
import { seedDemoAccount } from "../db/seed";
import { findUserByEmail } from "../db/accounts";
import { isLocalDevelopment } from "../lib/development";
import { activeFaults, clearFaults, FAULT_TARGETS, setFault } from "../lib/faults";
import { apiError } from "../lib/errors";
import { validate } from "../lib/validate";
import { notify } from "../notifications/notify";
import { publicNotification } from "../notifications/public";
import type { AppEnv } from "../types";

/** The running faults, with the instant each ends. */
const describeFaults = () =>
  Object.entries(activeFaults()).map(([target, fault]) => ({ target, mode: fault.mode, ms: fault.ms, until: new Date(fault.until).toISOString() }));

/**
 * Development-only helpers under /api/dev: the mailbox (what production would have e-mailed), the
 * demo account seed run by `npm start`, a cron trigger and the faults switch. Anywhere else they
 * answer 404.
 */
export const dev = new Hono<AppEnv>()
  .use("*", async (c, next) => {
    if (!isLocalDevelopment(c.env, c.req.url)) throw apiError("not_found");
    await next();
  })

  .get("/mailbox", async (c) => {
    const mails = await listOutboxMail(database(c.env.DB));
    return c.json({
      items: mails.map((m) => ({ to: m.to, subject: m.subject, text: m.text, html: m.html, createdAt: m.createdAt.toISOString() })),
    });
  })

  // The demo account (its welcome notification arrives at its first sign-in, as for everyone).
  .post("/seed", async (c) => c.json(await seedDemoAccount(c.env)))

  // Raises a notification through notify() for an account (the realtime benchmark, manual checks).
  .post(
    "/notify",
    validate(
      "json",
      z.object({
        email: z.string().max(254),
        title: z.string().min(1).max(200),
        message: z.string().max(2000).default(""),
        priority: z.enum(["low", "medium", "high", "critical"]).default("medium"),
      }),
    ),
    async (c) => {
      const { email, ...input } = c.req.valid("json");
      const user = await findUserByEmail(database(c.env.DB), email.toLowerCase());
      if (!user) throw apiError("not_found");
      const row = await notify(c.env, user.id, { type: "system", ...input });
      if (!row) throw apiError("internal_error");
      return c.json({ notification: publicNotification(row) }, 201);
    },
  )
  // One password hash with the production parameters, for scripts/bench.mjs.
  .post("/bench/hash", async (c) => {
    await hashPassword("benchmark-password");
    return c.json({ params: PASSWORD_PARAMS });
  })

  // Moves a user's trial end (e2e tests make a Free user by ending the trial).
  .post("/billing/trial", async (c) => {
    const { email, endsAt } = await c.req.json<{ email: string; endsAt: string }>();
    await setTrialEnd(database(c.env.DB), String(email).toLowerCase(), new Date(endsAt));
    return c.json({ ok: true });
  })

  // The faults switch (docs/decisions/0047): D1, KV or the Durable Objects fail or answer `ms`
  // late for `seconds`; `npm run faults -- d1 fail 30`. Requests without a session cookie read
  // nothing, so the switch itself works under any fault.
  .get("/faults", (c) => c.json({ faults: describeFaults() }))
  .post(
    "/faults",
    validate(
      "json",
      z
        .object({
          target: z.enum(FAULT_TARGETS),
          mode: z.enum(["fail", "slow", "off"]),
          ms: z.number().int().min(1).max(60_000).optional(),
          seconds: z.number().int().min(1).max(3600).default(60),
        })
        .strict(),
    ),
    (c) => {
      const { target, mode, ms, seconds } = c.req.valid("json");
      setFault(target, mode === "off" ? null : { mode, ms: mode === "slow" ? (ms ?? 2000) : 0, seconds });
      return c.json({ faults: describeFaults() });
    },
  )
  .delete("/faults", (c) => {
    clearFaults();
    return c.json({ faults: describeFaults() });
  })

  // Runs a cron schedule now: fan-out jobs enqueue on the local queue, whose consumer runs a few
  // seconds later (see the log); `&inline=1` runs their messages here and answers when done.
  // `&at=<ISO instant>` runs it as if at that time (the weekly reports act only for the users whose
  // clock is then at Monday 07:00); `&job=<name>` runs that job of the schedule alone.
  .post("/cron", async (c) => {
    const schedule = c.req.query("schedule") ?? "";
    const name = c.req.query("job");
    const jobs = cronJobs.filter((job) => job.schedule === schedule && (name === undefined || job.name === name));
    if (jobs.length === 0) throw apiError("not_found");
    const at = c.req.query("at") ? new Date(c.req.query("at")!) : new Date();
    if (Number.isNaN(at.getTime())) throw apiError("validation_failed");
    return c.json(await runSchedule(schedule, c.env, at, { inline: c.req.query("inline") === "1", jobs }));
  });
