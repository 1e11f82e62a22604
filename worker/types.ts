import type { Language } from "~/i18n/language";
import type { Auth } from "./auth/middleware";

/** Per-request values the middleware sets for handlers and the React Router loaders. */
export type AppVariables = {
  requestId: string;
  cspNonce: string;
  lang: Language;
  /** The signed-in session, when the request carries a valid one (API routes). */
  auth: Auth | null;
};

export type AppEnv = { Bindings: Env; Variables: AppVariables };

declare module "react-router" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    cspNonce: string;
    lang: Language;
    requestId: string;
    /** Hands the root a refreshed session cookie to set on the page's response (sliding sessions). */
    refreshSessionCookie?: (cookie: string) => void;
  }
}
