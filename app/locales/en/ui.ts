import type ptUi from "../pt/ui";
import type { Catalog } from "../types";

export default {
  loading: "Loading...",
  optional: "optional",
  confirm: {
    confirm: "Confirm",
    cancel: "Cancel",
  },
  combobox: {
    noResults: "No results",
    showOptions: "Show options",
  },
  date: {
    openCalendar: "Choose date",
    calendar: "Calendar",
    previousMonth: "Previous month",
    nextMonth: "Next month",
    today: "Today",
    format: "mm/dd/yyyy",
    keyboardHint: "Arrows change the day, Page Up and Page Down the month, Enter picks, Esc closes.",
    invalid: "Invalid date. Use mm/dd/yyyy.",
    beforeMin: "The date must be on or after {{date}}.",
    afterMax: "The date must be on or before {{date}}.",
  },
  time: {
    invalid: "Invalid time. Use hh:mm (00:00 to 23:59).",
  },
  money: {
    invalid: "Invalid amount. Example: 1,234.56",
    tooPrecise: "Use at most two decimal places.",
    tooLarge: "Amount too large.",
    negative: "The amount cannot be negative.",
  },
  gallery: {
    title: "UI kit",
    intro: "Rumo's shared components, for reference during development.",
  },
} satisfies Catalog<typeof ptUi>;
