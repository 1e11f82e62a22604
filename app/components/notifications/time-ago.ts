/**
 * When a notification came, as people say it: "agora", "há 5 minutos", "há 3 horas", "ontem",
 * "há 3 dias" ("now", "5 minutes ago", "yesterday", …) within a week, then the date. The exact
 * moment is `exact`, for the element's title. Pure: `now` comes from the caller.
 */
import { dateTimeFormat, relativeTimeFormat } from "~/lib/intl";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relative = (locale: string) => relativeTimeFormat(locale, { numeric: "auto" });

export function timeAgo(iso: string, now: number, locale: string, timeZone?: string): { text: string; exact: string } {
  const at = new Date(iso);
  const ago = Math.max(0, now - at.getTime());
  const exact = dateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone }).format(at);
  if (ago < MINUTE) return { text: relative(locale).format(0, "second"), exact };
  if (ago < HOUR) return { text: relative(locale).format(-Math.floor(ago / MINUTE), "minute"), exact };
  if (ago < DAY) return { text: relative(locale).format(-Math.floor(ago / HOUR), "hour"), exact };
  if (ago < 7 * DAY) return { text: relative(locale).format(-Math.floor(ago / DAY), "day"), exact };
  return { text: dateTimeFormat(locale, { dateStyle: "medium", timeZone }).format(at), exact };
}
