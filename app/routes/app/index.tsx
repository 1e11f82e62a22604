import type { I18nHandle } from "~/i18n/route-namespaces";
import { redirect } from "react-router";

export const handle: I18nHandle = { i18n: [] };

/** /app → /app/dashboard. */
export const loader = () => redirect("/app/dashboard");
