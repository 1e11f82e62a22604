import { createContext, useContext } from "react";
import { I18N_BOOTSTRAP_ID } from "./route-namespaces";

/** The page's catalogues as JSON: set by entry.server, and by entry.client from the same element. */
export const I18nBootstrapContext = createContext<string | null>(null);

/**
 * The catalogues the page starts with, as inert JSON (type application/json: no script runs, so
 * no CSP nonce is needed). The client renders the very same text, so hydration matches.
 */
export function I18nBootstrapScript() {
  const json = useContext(I18nBootstrapContext);
  if (json === null) return null;
  return <script id={I18N_BOOTSTRAP_ID} type="application/json" dangerouslySetInnerHTML={{ __html: json }} />;
}
