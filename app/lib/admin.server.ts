import { data, type AppLoadContext } from "react-router";
import { isAdmin } from "@worker/auth/roles";
import { serverI18n } from "~/i18n/i18n.server";
import type { KeyOf } from "~/locales/types";
import { signedIn } from "./auth.server";

/**
 * The guard of every admin screen (inside /app, whose layout already sent visitors to /auth):
 * anyone but an admin on a confirmed address gets the not-found page, so other roles do not even
 * learn the page exists. Returns the page title for `meta`.
 */
export function requireAdmin(context: AppLoadContext, titleKey: KeyOf<"admin">) {
  if (!isAdmin(signedIn(context)?.user)) throw data(null, { status: 404 });
  return { title: serverI18n(context.lang).t(titleKey) };
}
