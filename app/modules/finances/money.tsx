import { createContext, useContext } from "react";
import { useTranslation } from "react-i18next";
import { MASK, Masked } from "~/components/ui/masked";
import { formatMoney } from "~/components/ui/money";
import { sanitizeLanguage } from "~/i18n/language";

/** Whether amounts are masked ('hide values', remembered per user in their preferences). */
export const HiddenValues = createContext(false);

/** Formats cents in the language's euro form, or the mask when values are hidden. */
export function useMoney() {
  const hidden = useContext(HiddenValues);
  const { i18n } = useTranslation();
  const language = sanitizeLanguage(i18n.language) ?? "pt";
  return (cents: number) => (hidden ? MASK : formatMoney(cents, language));
}

/**
 * An amount on screen: signed and coloured for transactions, masked when hidden (bullets shown, "hidden value" said).
 * Never broken across lines: "-€0.35" would otherwise wrap after its minus sign in a narrow column.
 */
export function Money({ cents, signed = false, className = "" }: { cents: number; signed?: boolean; className?: string }) {
  const hidden = useContext(HiddenValues);
  const format = useMoney();
  const tone = signed ? (cents < 0 ? "text-rose-700" : "text-emerald-700") : "";
  const text = signed && cents > 0 && !hidden ? `+${format(cents)}` : format(cents);
  return (
    <span className={`whitespace-nowrap tabular-nums ${tone} ${className}`} data-money={hidden ? "hidden" : "shown"}>
      {hidden ? <Masked shown={text} /> : text}
    </span>
  );
}
