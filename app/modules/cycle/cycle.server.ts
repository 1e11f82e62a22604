import type { AppLoadContext } from "react-router";
import type { Auth } from "@worker/auth/middleware";
import { database } from "@worker/db/client";
import { readAll, run } from "@worker/db/reads";
import { predictCycle, addDays } from "@worker/modules/cycle/predictions";
import { cycleHistoryRead, hasDaysRead, listDaysRead, type CycleDay } from "@worker/modules/cycle/queries";
import { localToday } from "@worker/modules/cycle/today";
import { monthOf, ongoingPeriod, shiftMonth, typicalPeriodDays } from "./calendar";

/** A day as the screen holds it (the API's shape). */
export type ScreenDay = Omit<CycleDay, "userId" | "createdAt" | "updatedAt">;

/**
 * Everything the cycle screen shows for one month: the days logged in its six-week grid, the
 * prediction from the whole history and how long the user's periods last. One prediction serves
 * the calendar, the summary and the cycle list.
 */
export async function cycleScreen(context: AppLoadContext, auth: Auth, monthParam: string | null) {
  const db = database(context.cloudflare.env.DB);
  const userId = auth.user.id;
  const today = localToday(new Date(), auth.user.timeZone);
  const month = monthOf(monthParam, today);
  const first = `${month.year}-${String(month.month).padStart(2, "0")}-01`;
  // The grid starts on the Monday on or before the 1st and runs six weeks.
  const weekday = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7;
  const from = addDays(first, -weekday);
  const to = addDays(from, 41);
  // One D1 round trip: the grid's days, the flow history, the empty-state check and today's log
  // (whichever month is shown: "O período continua hoje?" is about today) in one batch.
  const [page, { days: flows, longCycles }, any, recent] = await run(
    db,
    readAll([listDaysRead(db, userId, { from, to, page: { limit: 42 } }), cycleHistoryRead(db, userId), hasDaysRead(db, userId), listDaysRead(db, userId, { from: today, to: today, page: { limit: 1 } })]),
  );
  const days: ScreenDay[] = page.items.map(({ userId: _u, createdAt: _c, updatedAt: _m, ...day }) => day);
  const todayLog = recent.items[0];
  return {
    today,
    month: shiftMonth(month, 0),
    days,
    prediction: predictCycle(flows, longCycles),
    // Today logged without flow after a flow day: the period ended yesterday, and its length counts.
    periodDays: typicalPeriodDays(flows, today, todayLog?.flow === "none"),
    ongoing: ongoingPeriod(flows, today, todayLog !== undefined),
    timeZone: auth.user.timeZone,
    // The days `days` covers (the six-week grid): a day in it without a log has none.
    grid: { from, to },
    hasAny: any,
  };
}
