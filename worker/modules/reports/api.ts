/**
 * GET /reports/weekly (the user's reports, newest week first) and GET /reports/weekly/:weekStart
 * (one; 404 when the user has none for that week). Reports are made only by the Monday cron
 * (../shared/API.md has no "generate" route); reading them stays open on every plan, so reports
 * generated before a downgrade stay readable (../shared/DECISIONS.md).
 */
import { Hono } from "hono";
import { z } from "zod";
import { currentAuth, requireUser } from "../../auth/middleware";
import { database } from "../../db/client";
import { pageQuery } from "../../lib/pagination";
import { validate } from "../../lib/validate";
import type { AppEnv } from "../../types";
import { isCalendarDate, isoWeekday } from "../selfCare/streaks";
import { listReports, publicReport, reportOr404 } from "./queries";

const weekStartParam = z.object({
  weekStart: z.string().refine((v) => isCalendarDate(v) && isoWeekday(v) === 1, "reports:errors.weekStart"),
});

export const reportsApi = new Hono<AppEnv>()
  .use("*", requireUser)
  .get("/weekly", validate("query", z.object(pageQuery)), async (c) => {
    const { user } = currentAuth(c);
    const page = await listReports(database(c.env.DB), user.id, c.req.valid("query"));
    return c.json({ items: page.items.map(publicReport), nextCursor: page.nextCursor });
  })
  .get("/weekly/:weekStart", validate("param", weekStartParam), async (c) => {
    const { user } = currentAuth(c);
    const row = await reportOr404(database(c.env.DB), user.id, c.req.valid("param").weekStart);
    return c.json({ report: publicReport(row) });
  });
