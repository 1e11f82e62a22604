import { Hono } from "hono";
import { currentAuth, requireUser } from "../auth/middleware";
import { database } from "../db/client";
import { probeIsolation } from "../db/security";
import { impactFor } from "../impact/impact";
import { log } from "../lib/log";
import type { AppEnv } from "../types";

/** GET /impact: section 9's metrics and the five months (API.md). */
export const impactApi = new Hono<AppEnv>().use("*", requireUser).get("/", async (c) => {
  const { user } = currentAuth(c);
  return c.json(await impactFor(database(c.env.DB), user, new Date()));
});

/**
 * GET /security/probe: the session is valid (requireUser answered, else 401) and a read of another
 * user's row through the user's own access is refused. `ok: false` is the dashboard's destructive
 * toast; it is logged as an error, since it means the isolation of docs/decisions/0003 failed.
 */
export const securityApi = new Hono<AppEnv>().use("*", requireUser).get("/probe", async (c) => {
  const { user } = currentAuth(c);
  const isolation = await probeIsolation(database(c.env.DB), user.id);
  const ok = Object.values(isolation).every((result) => result !== "exposed");
  if (!ok) log("error", "security_probe_exposed", { userId: user.id, isolation });
  return c.json({ ok, session: "valid", isolation, checkedAt: new Date().toISOString() });
});
