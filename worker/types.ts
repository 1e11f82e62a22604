import type { Language } from "~/i18n/language";
import type { Auth, DeferredAuth } from "./auth/middleware";

/** Per-request values the middleware sets for handlers and the React Router loaders. */
export type AppVariables = {
  requestId: string;
  /** The page's CSP nonce; not set for /api/ requests, whose answers carry no scripts. */
  cspNonce: string;
  lang: Language;
  /** The session of the request's cookie when valid (a pending second factor included), else null. */
  auth: Auth | null;
  /** A valid session whose account its handler reads itself (`accountInHandler` routes), else null. */
  deferredAuth: DeferredAuth | null;
};

export type AppEnv = { Bindings: Env; Variables: AppVariables };

declare module "react-router" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    cspNonce: string;
    /** The session loaded once by the Hono root; loaders read it through app/lib/auth.server.ts. */
    auth: Auth | null;
    lang: Language;
    requestId: string;
    /** Sends a request through the Worker's own Hono root, in-process (build it with apiRequestFor). */
    fetchApi: (request: Request) => Promise<Response>;
  }
}
