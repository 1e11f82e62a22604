/**
 * The date picker's calendar: a Headless UI `Popover` around a month grid, loaded on first use by
 * `DateField` (./date-picker, decision 0042). It replaces the field's stand-in button; a click or
 * the focus the stand-in had carry over (`openOnMount`, `focusOnMount`).
 */
import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { CalendarDaysIcon, ChevronLeftIcon, ChevronRightIcon } from "@heroicons/react/20/solid";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import type { Language } from "~/i18n/language";
import { formatLongDate, formatMonthYear, weekdayNames } from "~/lib/dates";
import { useHandOver } from "~/lib/on-demand";
import { addMonths, clamp, dateOf, isIsoDate, isOutside, monthGrid, moveFocus, todayIso, type Bounds, type IsoDate } from "./date-grid";
import { CALENDAR_BUTTON_CLASS } from "./date-picker";
import type { loader as layoutLoader } from "~/routes/app/layout";

export function CalendarPopover({
  label,
  disabled,
  value,
  bounds,
  language,
  onChange,
  openOnMount,
  focusOnMount,
}: {
  label: string;
  disabled?: boolean;
  value: IsoDate | "";
  bounds: Bounds;
  language: Language;
  onChange: (value: IsoDate) => void;
  openOnMount: boolean;
  focusOnMount: boolean;
}) {
  const button = useRef<HTMLButtonElement>(null);
  useHandOver(button, { openOnMount, focusOnMount });
  // Today is the account's (the signed-in layout's zone), as the screens' own "today" is; only
  // the browser knows this popover (it loads on first use), so no server text to match.
  const timeZone = useRouteLoaderData<typeof layoutLoader>("routes/app/layout")?.user.timeZone;
  return (
    <Popover className="relative">
      <PopoverButton ref={button} disabled={disabled} aria-label={label} className={CALENDAR_BUTTON_CLASS}>
        <CalendarDaysIcon className="h-5 w-5" aria-hidden="true" />
      </PopoverButton>
      <PopoverPanel anchor="bottom end" className="z-50 rounded-xl bg-white p-3 shadow-xl ring-1 ring-slate-200 [--anchor-gap:6px]">
        {({ close }) => (
          <CalendarGrid
            value={value || null}
            bounds={bounds}
            language={language}
            timeZone={timeZone}
            onPick={(picked) => {
              onChange(picked);
              close();
            }}
          />
        )}
      </PopoverPanel>
    </Popover>
  );
}

/**
 * A month of days as an ARIA grid. One day holds the tab stop (roving tabindex); the keys of
 * `moveFocus` move it, across months when needed. Enter or Space on a day picks it (native button
 * click); Escape is the Popover's and closes it, returning focus to the calendar button. Today (the
 * ring, the opening month without a value, the "Hoje" button) is the day in `timeZone`, else the browser's.
 */
export function CalendarGrid({
  value,
  bounds,
  language,
  timeZone,
  onPick,
}: {
  value: IsoDate | null;
  bounds: Bounds;
  language: Language;
  timeZone?: string;
  onPick: (value: IsoDate) => void;
}) {
  const { t } = useTranslation("ui");
  const today = todayIso(new Date(), timeZone);
  const [focused, setFocused] = useState<IsoDate>(() => clamp(value && isIsoDate(value) ? value : today, bounds));
  const grid = useRef<HTMLTableElement>(null);
  const [year, month] = focused.split("-").map(Number);
  const weeks = monthGrid(year, month);
  const long = weekdayNames(language, "long");
  const short = weekdayNames(language, "short");

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

