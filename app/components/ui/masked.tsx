/**
 * Text with amounts the user chose to hide (finances' "hide values"): bullets for the eye and, for a
 * screen reader, the same text with the words "hidden value" in their place. Two elements because an
 * aria-label on a plain span is not reliably read (axe: aria-prohibited-attr), and bullets read
 * aloud say nothing.
 */
import { useTranslation } from "react-i18next";

/** What a hidden amount looks like, everywhere (finances, the dashboard, the reports): one length for all. */
export const MASK = "•••••";

export function Masked({ shown = MASK, spoken }: { shown?: string; spoken?: string }) {
  const { t } = useTranslation("common");
  return (
    <>
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">{spoken ?? t("hiddenValue")}</span>
    </>
  );
}

/**
 * A translated sentence about `amounts` (cents): `sentence` gets them as text. With `hidden` each is
 * shown as bullets and said as "hidden value" (in the page's language); else formatted by `format`.
 */
export function MaskedSentence({ hidden, amounts, format, sentence }: { hidden: boolean; amounts: readonly number[]; format: (cents: number) => string; sentence: (amounts: string[]) => string }) {
  const { t } = useTranslation("common");
  if (!hidden) return <>{sentence(amounts.map(format))}</>;
  return <Masked shown={sentence(amounts.map(() => MASK))} spoken={sentence(amounts.map(() => t("hiddenValue")))} />;
}
