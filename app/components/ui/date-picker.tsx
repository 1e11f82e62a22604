/**
 * Date inputs (times: ./time-field). The value is the API's form ("YYYY-MM-DD"); people may type the
 * short form of their language or pick a day in a Monday-first calendar (Headless UI `Popover`,
 * ./calendar-popover) driven by the keyboard as in the WAI-ARIA date-picker pattern.
 *
 * The calendar (Headless UI popover, floating-ui, the month grid) is not part of the page's first
 * load (decision 0042): a plain button with the same look stands in for its trigger until the
 * module arrives (once the page has settled, or at once on hover, focus or click); a click made before
 * then opens the calendar when it is there, and the focus carries over.
 */
import { CalendarDaysIcon } from "@heroicons/react/20/solid";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { sanitizeLanguage, type Language } from "~/i18n/language";
import { formatLongDate } from "~/lib/dates";
import { onDemand, useHeldDown, useOnDemand } from "~/lib/on-demand";
import { dateOf, formatTypedDate, parseTypedDate, type Bounds, type IsoDate } from "./date-grid";
import { commitOnEnter, controlClass, FieldFrame, useFieldIds, type FieldChrome } from "./field";

const calendarPopover = onDemand(() => import("./calendar-popover"));

/** The calendar button's look, shared with the stand-in (./calendar-popover). */
export const CALENDAR_BUTTON_CLASS =
  "rounded-lg border border-slate-300 bg-white p-2 text-slate-600 shadow-sm hover:bg-slate-50 focus:outline-none data-[focus]:ring-2 data-[focus]:ring-brand-400 disabled:cursor-not-allowed disabled:text-slate-300";

/** The account language the kit's fields read and write dates and times in. */
export const useKitLanguage = (): Language => {
  const { i18n } = useTranslation();
  return sanitizeLanguage(i18n.language) ?? "pt";
};

type DateFieldProps = FieldChrome & {
  id?: string;
  /** "YYYY-MM-DD", or "" for no date. */
  value: IsoDate | "";
  onChange: (value: IsoDate | "") => void;
  min?: IsoDate;
  max?: IsoDate;
  /** Also sends the value with a native form, in the API's form. */
  name?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
};

/** A date: a text box for typing ("25/12/2026") and a calendar button beside it. */
export function DateField({ id, label, hint, error, optional, hideLabel, value, onChange, min, max, name, required, disabled, className }: DateFieldProps) {
  const { t } = useTranslation("ui");
  const language = useKitLanguage();
  const [text, setText] = useState(value ? formatTypedDate(value, language) : "");
  const [typingError, setTypingError] = useState<string | null>(null);
  // A new value from outside (or the calendar) replaces what was typed.
  useEffect(() => {
    setText(value ? formatTypedDate(value, language) : "");
    setTypingError(null);
  }, [value, language]);

  const shown = error ?? typingError;
  const ids = useFieldIds(id, hint ?? t("date.format"), shown);
  const bounds: Bounds = { min, max };
  const calendarLabel = value ? `${t("date.openCalendar")}: ${formatLongDate(dateOf(value), language)}` : t("date.openCalendar");

  function commit() {
    const result = parseTypedDate(text, language, bounds);
    if (result.ok) {
      setTypingError(null);
      setText(formatTypedDate(result.value, language));
      if (result.value !== value) onChange(result.value);
    } else if (result.reason === "empty") {
      setTypingError(null);
      if (value !== "") onChange("");
    } else {
      const at = (iso: IsoDate) => formatTypedDate(iso, language);
      setTypingError(
        result.reason === "before_min" ? t("date.beforeMin", { date: at(min!) }) : result.reason === "after_max" ? t("date.afterMax", { date: at(max!) }) : t("date.invalid"),
      );
    }
  }

  return (
    <FieldFrame id={ids.control} hintId={ids.hintId} errorId={ids.errorId} hint={hint ?? t("date.format")} error={shown} {...{ label, optional, hideLabel, className }}>
      <div className="flex gap-2">
        <input
          id={ids.control}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t("date.format")}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={commit}
          onKeyDown={commitOnEnter(() => parseTypedDate(text, language, bounds), commit)}
          required={required}
          disabled={disabled}
          aria-invalid={ids.invalid}
          aria-describedby={ids.describedBy}
          className={controlClass}
        />
        {name && <input type="hidden" name={name} value={value} />}
        <CalendarButton label={calendarLabel} disabled={disabled} value={value} bounds={bounds} language={language} onChange={onChange} />
      </div>
    </FieldFrame>
  );
}

type CalendarButtonProps = { label: string; disabled?: boolean; value: IsoDate | ""; bounds: Bounds; language: Language; onChange: (value: IsoDate) => void };

/** The calendar's trigger: the real popover once its module is there, a stand-in until then. */
function CalendarButton(props: CalendarButtonProps) {
  const [loaded, request] = useOnDemand(calendarPopover);
  const standIn = useRef<HTMLButtonElement>(null);
  const [clicked, setClicked] = useState(false);
  const [held, press] = useHeldDown();
  if (loaded && !held) {
    const focused = typeof document !== "undefined" && standIn.current !== null && document.activeElement === standIn.current;
    return <loaded.CalendarPopover {...props} openOnMount={clicked} focusOnMount={focused} />;
  }
  return (
    <button
      ref={standIn}
      type="button"
      disabled={props.disabled}
      aria-label={props.label}
      aria-expanded={false}
      aria-busy={clicked || undefined}
      className={`${CALENDAR_BUTTON_CLASS} focus-visible:ring-2 focus-visible:ring-brand-400`}
      onPointerEnter={request}
      onPointerDown={press}
      onFocus={request}
      onClick={() => {
        setClicked(true);
        request();
      }}
      onKeyDown={(event) => {
        // Escape before the calendar arrived: it will not open.
        if (event.key === "Escape") setClicked(false);
      }}
    >
      {/* A pending click pulses the icon until the calendar is there. */}
      <CalendarDaysIcon className={`h-5 w-5 ${clicked ? "animate-pulse" : ""}`} aria-hidden="true" />
    </button>
  );
}
