/**
 * Free text with amounts of euros in it, masked when the user hides finance values: the assistant's
 * answers, which no formatter of ours wrote. Apart from ./masked so that screens that never show
 * free text do not load the pattern.
 */
import { Masked } from "./masked";

// A number as Intl writes money in pt-PT or en (grouped by dots, commas or spaces, up to two
// decimals), or plainly as a person or the AI provider writes it.
const NUMBER = String.raw`\d{1,3}(?:[.,\u00a0\u202f ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
/** An amount of euros in free text: "45,90 €", "1 234,56 €", "€1,234.56", "-12 EUR", "20 euros". */
const AMOUNT = new RegExp(String.raw`(?:[-−+]\s?)?(?:€\s?(?:${NUMBER})|(?:${NUMBER})\s?(?:€|eur\b|euros?\b))`, "giu");

/** `text` cut into plain pieces and amounts of euros (odd indexes), in order; pure, for the tests. */
export function splitAmounts(text: string): string[] {
  return text.split(new RegExp(`(${AMOUNT.source})`, AMOUNT.flags));
}

/**
 * Free text with amounts in it (the assistant's answers, which no formatter of ours wrote): with
 * `hidden`, each amount of euros is masked like any other hidden value and the words around it stay.
 */
export function MaskedAmounts({ text, hidden }: { text: string; hidden: boolean }) {
  if (!hidden) return <>{text}</>;
  return <>{splitAmounts(text).map((piece, i) => (i % 2 === 1 ? <Masked key={i} /> : piece))}</>;
}
