/**
 * A time of day (TimeField), apart from the date field: the screens that show a date field on their
 * first view (the diary's writer) have no time field, and the dialogs that have one load on demand
 * (bundle budgets, decision 0042).
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useKitLanguage } from "./date-picker";
import { formatTypedTime, parseTypedTime } from "./date-grid";
import { commitOnEnter, controlClass, FieldFrame, useFieldIds, type FieldChrome } from "./field";

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
 * A time of day, always 24-hour "HH:mm" underneath, shown in the account language's clock ("3:30 PM"
 * in English). A text box rather than `<input type="time">`, whose display follows the browser's
 * locale (AM/PM in an English browser on a Portuguese account).
 */
export function TimeField({ id, label, hint, error, optional, hideLabel, value, onChange, name, required, disabled, className }: TimeFieldProps) {
  const { t } = useTranslation("ui");
  const language = useKitLanguage();
  const shownTime = (time: string) => (time ? formatTypedTime(time, language) : "");
  const [text, setText] = useState(shownTime(value));
  const [typingError, setTypingError] = useState<string | null>(null);
  useEffect(() => {
    setText(value ? formatTypedTime(value, language) : "");
    setTypingError(null);
  }, [value, language]);
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
    setText(shownTime(parsed));
    if (parsed !== value) onChange(parsed);
  }

  return (
    <FieldFrame id={ids.control} hintId={ids.hintId} errorId={ids.errorId} error={shown} {...{ label, hint, optional, hideLabel, className }}>
      <input
        id={ids.control}
        type="text"
        // English times carry AM/PM: a numeric keypad could not type them.
        inputMode={language === "en" ? "text" : "numeric"}
        autoComplete="off"
        placeholder={language === "en" ? "h:mm AM" : "hh:mm"}
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
