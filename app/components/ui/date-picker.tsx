/**
 * Date and time inputs. The value is the API's form ("YYYY-MM-DD", "HH:mm"); people may type the
 * short form of their language or pick a day in a Monday-first calendar (Headless UI `Popover`)
 * driven by the keyboard as in the WAI-ARIA date-picker pattern.
 */
import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { CalendarDaysIcon, ChevronLeftIcon, ChevronRightIcon } from "@heroicons/react/20/solid";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { sanitizeLanguage, type Language } from "~/i18n/language";
import { formatLongDate, formatMonthYear, weekdayNames } from "~/lib/dates";
import {
  addMonths,
  clamp,
  dateOf,
  formatTypedDate,
  isIsoDate,
  isOutside,
  monthGrid,
  moveFocus,
  parseTypedDate,
  parseTypedTime,
  todayIso,
  type Bounds,
  type IsoDate,
} from "./date-grid";
import { commitOnEnter, controlClass, FieldFrame, useFieldIds, type FieldChrome } from "./field";

const useKitLanguage = (): Language => {
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
        <Popover className="relative">
          <PopoverButton
            disabled={disabled}
            aria-label={value ? `${t("date.openCalendar")}: ${formatLongDate(dateOf(value), language)}` : t("date.openCalendar")}
            className="rounded-lg border border-slate-300 bg-white p-2 text-slate-600 shadow-sm hover:bg-slate-50 focus:outline-none data-[focus]:ring-2 data-[focus]:ring-brand-400 disabled:cursor-not-allowed disabled:text-slate-300"
          >
            <CalendarDaysIcon className="h-5 w-5" aria-hidden="true" />
          </PopoverButton>
          <PopoverPanel anchor="bottom end" className="z-50 rounded-xl bg-white p-3 shadow-xl ring-1 ring-slate-200 [--anchor-gap:6px]">
            {({ close }) => (
              <CalendarGrid
                value={value || null}
                bounds={bounds}
                language={language}
                onPick={(picked) => {
                  onChange(picked);
                  close();
                }}
              />
            )}
          </PopoverPanel>
        </Popover>
      </div>
    </FieldFrame>
  );
}

/**
 * A month of days as an ARIA grid. One day holds the tab stop (roving tabindex); the keys of
 * `moveFocus` move it, across months when needed. Enter or Space on a day picks it (native button
 * click); Escape is the Popover's and closes it, returning focus to the calendar button.
 */
export function CalendarGrid({ value, bounds, language, onPick }: { value: IsoDate | null; bounds: Bounds; language: Language; onPick: (value: IsoDate) => void }) {
  const { t } = useTranslation("ui");
  const [focused, setFocused] = useState<IsoDate>(() => clamp(value && isIsoDate(value) ? value : todayIso(), bounds));
  const grid = useRef<HTMLTableElement>(null);
  const [year, month] = focused.split("-").map(Number);
  const weeks = monthGrid(year, month);
  const long = weekdayNames(language, "long");
  const short = weekdayNames(language, "short");
  const today = todayIso();

  useEffect(() => {
    // Focus follows the roving tab stop: on opening, and after every keyboard or month move.
    grid.current?.querySelector<HTMLButtonElement>(`button[data-date="${focused}"]`)?.focus();
  }, [focused]);

  function onKeyDown(event: KeyboardEvent) {
    const next = moveFocus(focused, event.key, event.shiftKey, bounds);
    if (next === null) return;
    event.preventDefault();
    setFocused(next);
  }

  const firstOfMonth = `${focused.slice(0, 7)}-01`;
  const canGoBack = bounds.min === undefined || addMonths(firstOfMonth, -1).slice(0, 7) >= bounds.min.slice(0, 7);
  const canGoForward = bounds.max === undefined || addMonths(firstOfMonth, 1).slice(0, 7) <= bounds.max.slice(0, 7);

  return (
    <div className="w-72 space-y-2">
      <div className="flex items-center justify-between">
        <button
          type="button"
          onClick={() => setFocused(clamp(addMonths(focused, -1), bounds))}
          disabled={!canGoBack}
          aria-label={t("date.previousMonth")}
          className="rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 disabled:text-slate-300"
        >
          <ChevronLeftIcon className="h-5 w-5" aria-hidden="true" />
        </button>
        <h2 className="text-sm font-semibold text-slate-900 first-letter:uppercase" aria-live="polite" id={`calendar-${firstOfMonth}`}>
          {formatMonthYear(dateOf(focused), language)}
        </h2>
        <button
          type="button"
          onClick={() => setFocused(clamp(addMonths(focused, 1), bounds))}
          disabled={!canGoForward}
          aria-label={t("date.nextMonth")}
          className="rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 disabled:text-slate-300"
        >
          <ChevronRightIcon className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>
      <table ref={grid} role="grid" aria-labelledby={`calendar-${firstOfMonth}`} className="w-full border-collapse text-center text-sm" onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {short.map((name, i) => (
              <th key={name} scope="col" abbr={long[i]} className="pb-1 text-xs font-medium text-slate-500">
                {name.slice(0, 3)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0].date}>
              {week.map((cell) => {
                const selected = cell.date === value;
                const outside = isOutside(cell.date, bounds);
                return (
                  <td key={cell.date} className="p-0.5" aria-selected={selected || undefined}>
                    <button
                      type="button"
                      data-date={cell.date}
                      tabIndex={cell.date === focused ? 0 : -1}
                      disabled={outside}
                      aria-label={formatLongDate(dateOf(cell.date), language)}
                      aria-pressed={selected}
                      aria-current={cell.date === today ? "date" : undefined}
                      onClick={() => onPick(cell.date)}
                      onFocus={() => cell.date !== focused && setFocused(cell.date)}
                      className={`h-9 w-9 rounded-full ${cell.inMonth ? "text-slate-900" : "text-slate-500"} ${
                        selected ? "bg-brand-600 font-semibold text-white hover:bg-brand-700" : "hover:bg-brand-50"
                      } ${cell.date === today && !selected ? "ring-1 ring-brand-400" : ""} disabled:cursor-not-allowed disabled:text-slate-300 disabled:line-through`}
                    >
                      {cell.day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="sr-only">{t("date.keyboardHint")}</p>
      {!isOutside(today, bounds) && (
        <button type="button" onClick={() => onPick(today)} className="w-full rounded-lg py-1 text-sm font-medium text-brand-700 hover:bg-brand-50">
          {t("date.today")}
        </button>
      )}
    </div>
  );
}

type TimeFieldProps = FieldChrome & {
  id?: string;
  /** "HH:mm", or "" for no time. */
  value: string;
  onChange: (value: string) => void;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
};

/**
 * A time of day, always 24-hour "HH:mm" underneath. A text box rather than `<input type="time">`,
 * whose display follows the browser's locale (AM/PM in an English browser on a Portuguese account).
 */
export function TimeField({ id, label, hint, error, optional, hideLabel, value, onChange, name, required, disabled, className }: TimeFieldProps) {
  const { t } = useTranslation("ui");
  const [text, setText] = useState(value);
  const [typingError, setTypingError] = useState<string | null>(null);
  useEffect(() => {
    setText(value);
    setTypingError(null);
  }, [value]);
  const shown = error ?? typingError;
  const ids = useFieldIds(id, hint, shown);

  function commit() {
    if (text.trim() === "") {
      setTypingError(null);
      if (value !== "") onChange("");
      return;
    }
    const parsed = parseTypedTime(text);
    if (parsed === null) return setTypingError(t("time.invalid"));
    setTypingError(null);
    setText(parsed);
    if (parsed !== value) onChange(parsed);
  }

  return (
    <FieldFrame id={ids.control} hintId={ids.hintId} errorId={ids.errorId} error={shown} {...{ label, hint, optional, hideLabel, className }}>
      <input
        id={ids.control}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="hh:mm"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={commitOnEnter(() => (text.trim() === "" ? { ok: false, reason: "empty" } : { ok: parseTypedTime(text) !== null }), commit)}
        required={required}
        disabled={disabled}
        aria-invalid={ids.invalid}
        aria-describedby={ids.describedBy}
        className={`${controlClass} max-w-32`}
      />
      {name && <input type="hidden" name={name} value={value} />}
    </FieldFrame>
  );
}
