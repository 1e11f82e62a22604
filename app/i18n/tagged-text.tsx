import { cloneElement, type ReactElement, type ReactNode } from "react";

/**
 * A translated text with named tags ("Contacto: <mail>{{email}}</mail>", already interpolated by
 * `t`): each tag becomes its component with the tag's text inside, the rest stays text. It renders
 * what react-i18next's `Trans` rendered for these texts, without the HTML parser `Trans` brings
 * to every public page (4.7 KiB of first-load JavaScript, decision 0042). Tags do not nest.
 */
export function TaggedText({ text, components }: { text: string; components: Record<string, ReactElement<{ children?: ReactNode }>> }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(/<(\w+)>([\s\S]*?)<\/\1>/g)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const component = components[match[1]];
    parts.push(component ? cloneElement(component, { key: parts.length }, match[2]) : match[2]);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
