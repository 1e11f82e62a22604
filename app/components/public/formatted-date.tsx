import { useTranslation } from "react-i18next";
import { localeOf, sanitizeLanguage } from "~/i18n/language";

/** A YYYY-MM-DD date in the current language, in a <time> element. */
export function FormattedDate({ date }: { date: string }) {
  const { i18n } = useTranslation();
  const locale = localeOf[sanitizeLanguage(i18n.language) ?? "pt"];
  // Noon UTC keeps the calendar day the same in every time zone.
  const text = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
  return <time dateTime={date}>{text}</time>;
}
