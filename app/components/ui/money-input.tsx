import { useEffect, useState } from "react";
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
};

const reasonKey = { invalid: "money.invalid", too_precise: "money.tooPrecise", too_large: "money.tooLarge", negative: "money.negative" } as const;

/**
 * An amount in euros. People type it their way ("2,50", "1.234,56", "1,234.56"); on leaving the
 * box it is read into integer cents and shown back in the language's form ("1 234,56" / "1,234.56")
 * beside a € sign. Nothing is rounded: more than two decimals is an error, not a guess.
 */
export function MoneyInput({ id, label, hint, error, optional, hideLabel, valueCents, onChangeCents, allowNegative, name, required, disabled, className }: MoneyInputProps) {
  const { t, i18n } = useTranslation("ui");
  const language = sanitizeLanguage(i18n.language) ?? "pt";
  const show = (cents: number | null) => (cents === null ? "" : formatMoneyPlain(cents, language));
  const [text, setText] = useState(show(valueCents));
  const [typingError, setTypingError] = useState<string | null>(null);
  useEffect(() => {
    setText(show(valueCents));
    setTypingError(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `show` only depends on the language
  }, [valueCents, language]);
  const shown = error ?? typingError;
  const ids = useFieldIds(id, hint, shown);

  function read(): MoneyParseResult {
    return parseMoney(text, { allowNegative });
  }

  function commit() {
    const result = read();
    if (result.ok) {
      setTypingError(null);
      setText(show(result.cents));
      if (result.cents !== valueCents) onChangeCents(result.cents);
    } else if (result.reason === "empty") {
      setTypingError(null);
      if (valueCents !== null) onChangeCents(null);
    } else {
      setTypingError(t(reasonKey[result.reason]));
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
