import { useTranslation } from "react-i18next";
import { intlLocale } from "~/i18n/language";
import { dateTimeFormat } from "~/lib/intl";

/** A YYYY-MM-DD date in the current language, in a <time> element. */
export function FormattedDate({ date }: { date: string }) {
  const { i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  // Noon UTC keeps the calendar day the same in every time zone.
  const text = dateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
  return <time dateTime={date}>{text}</time>;
}
