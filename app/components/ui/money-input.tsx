import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { sanitizeLanguage } from "~/i18n/language";
import { commitOnEnter, controlClass, FieldFrame, useFieldIds, type FieldChrome } from "./field";
import { formatMoneyPlain, parseMoney, type MoneyParseResult } from "./money";

type MoneyInputProps = FieldChrome & {
  id?: string;
  /** The amount in integer cents, or null for none. */
  valueCents: number | null;
  onChangeCents: (cents: number | null) => void;
  allowNegative?: boolean;
  /** Also sends the cents with a native form. */
  name?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  /**
   * Told when the box holds text that is not an amount (and null once it reads again or goes):
   * `valueCents` then still holds the last good amount, which a form must not submit. Pass
   * `useUnreadableAmounts().watch(field)`.
   */
  onUnreadable?: (unreadable: UnreadableAmount | null) => void;
};

/** A box whose text could not be read as an amount: its message, and the box to focus. */
export type UnreadableAmount = { message: string; input: HTMLInputElement };

const reasonKey = { invalid: "money.invalid", too_precise: "money.tooPrecise", too_large: "money.tooLarge", negative: "money.negative" } as const;

/**
 * An amount in euros. People type it their way ("2,50", "1.234,56", "1,234.56"); on leaving the
 * box it is read into integer cents and shown back in the language's form ("1 234,56" / "1,234.56")
 * beside a € sign. Nothing is rounded: more than two decimals is an error, not a guess.
 */
export function MoneyInput({ id, label, hint, error, optional, hideLabel, valueCents, onChangeCents, allowNegative, name, required, disabled, className, onUnreadable }: MoneyInputProps) {
  const { t, i18n } = useTranslation("ui");
  const language = sanitizeLanguage(i18n.language) ?? "pt";
  const show = (cents: number | null) => (cents === null ? "" : formatMoneyPlain(cents, language));
  const [text, setText] = useState(show(valueCents));
  const [typingError, setTypingError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // Told at once, not after a render: a click on "Save" blurs the box (and commits it) just before
  // the form submits, and the form must know by then.
  const reported = useRef(false);
  const latestOnUnreadable = useRef(onUnreadable);
  latestOnUnreadable.current = onUnreadable;
  const report = (message: string | null) => {
    setTypingError(message);
    if (message === null && !reported.current) return;
    reported.current = message !== null;
    latestOnUnreadable.current?.(message === null || !input.current ? null : { message, input: input.current });
  };
  useEffect(() => {
    setText(show(valueCents));
    report(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `show` only depends on the language
  }, [valueCents, language]);
  // A box that goes (a dialog closing) no longer holds anything unreadable.
  useEffect(() => () => report(null), []); // eslint-disable-line react-hooks/exhaustive-deps -- reads refs only
  const shown = error ?? typingError;
  const ids = useFieldIds(id, hint, shown);

  function read(): MoneyParseResult {
    return parseMoney(text, { allowNegative });
  }

  function commit() {
    const result = read();
    if (result.ok) {
      report(null);
      setText(show(result.cents));
      if (result.cents !== valueCents) onChangeCents(result.cents);
    } else if (result.reason === "empty") {
      report(null);
      if (valueCents !== null) onChangeCents(null);
    } else {
      report(t(reasonKey[result.reason]));
    }
  }

  const euroFirst = language === "en";
  const sign = (
    <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 flex items-center text-slate-500 select-none" style={euroFirst ? { left: "0.75rem" } : { right: "0.75rem" }}>
      €
    </span>
  );
  return (
    <FieldFrame id={ids.control} hintId={ids.hintId} errorId={ids.errorId} error={shown} {...{ label, hint, optional, hideLabel, className }}>
      <div className="relative">
        {euroFirst && sign}
        <input
          ref={input}
          id={ids.control}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={commit}
          onKeyDown={commitOnEnter(read, commit)}
          required={required}
          disabled={disabled}
          aria-invalid={ids.invalid}
          aria-describedby={ids.describedBy}
          className={`${controlClass} text-right tabular-nums ${euroFirst ? "pl-7" : "pr-7"}`}
        />
        {!euroFirst && sign}
      </div>
      {name && <input type="hidden" name={name} value={valueCents ?? ""} />}
    </FieldFrame>
  );
}

/**
 * The amounts of a form that its MoneyInputs could not read. Give each box `onUnreadable={watch(field)}`
 * and start the submit with `if (refused()) return null;`: while a box holds an unreadable amount the
 * form sends nothing (it would send the box's previous amount), the first such box takes the focus
 * and its own message stays under it.
 */
export function useUnreadableAmounts() {
  // A ref, not state: read by the submit that follows the blur before React renders again.
  const held = useRef(new Map<string, UnreadableAmount>());
  const watch = (field: string) => (unreadable: UnreadableAmount | null) => {
    if (unreadable) held.current.set(field, unreadable);
    else held.current.delete(field);
  };
  const refused = () => {
    const boxes = [...held.current.values()].map((u) => u.input).filter((box) => box.isConnected);
    if (!boxes.length) return false;
    // The first on screen, whatever order they were typed in.
    boxes.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    boxes[0].focus();
    return true;
  };
  return { watch, refused };
}
