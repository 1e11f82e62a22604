import { createContext, useContext } from "react";
import { useNonce } from "./nonce";

/** The page script's text (app/lib/page-script.server.ts): from entry.server, and on the client read back from the page. */
export const PageScriptContext = createContext<string>("");

export const PAGE_SCRIPT_ID = "rumo-page-script";

/** The page's own inline script (cookie banner; on static pages the language switch and the rest). */
export function PageScript() {
  const nonce = useNonce();
  const text = useContext(PageScriptContext);
  return <script id={PAGE_SCRIPT_ID} nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: text }} />;
}
