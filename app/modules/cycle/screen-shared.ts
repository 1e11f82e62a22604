/** What the cycle screen and its day dialog (loaded on first use) share. */
import { useTranslation } from "react-i18next";
import { dateOf } from "~/components/ui/date-grid";
import { sanitizeLanguage, type Language } from "~/i18n/language";
import { formatLongDate } from "~/lib/dates";
import type { Flow } from "@worker/modules/cycle/fields";
import type { ScreenDay } from "./cycle.server";

/** The form's subject: a new log (date to choose) or a logged day. */
export type Editing = {
  date: string;
  day: ScreenDay | null;
  /**
   * The screen has loaded this day and the day before (both in the month's grid): no log of them is
   * what the server holds, so the dialog need not look them up (which offline it could not).
   */
  known?: boolean;
};

/** How many dots a flow shows (0 to 4). */
export const FLOW_DOTS: Record<Flow, number> = { none: 0, spotting: 1, light: 2, medium: 3, heavy: 4 };

export const useLang = (): Language => sanitizeLanguage(useTranslation().i18n.language) ?? "pt";
export const longDate = (iso: string, language: Language) => formatLongDate(dateOf(iso), language);
