import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";

/** The API's answer when an account without a password needs a fresh Google sign-in first. */
export const REAUTH_REQUIRED = "reauthentication_required";

/**
 * Offers a new Google sign-in that comes back to this very screen, for sensitive actions of
 * accounts that have no password to type (see docs/decisions/0016). `tab`: the profile's tab to come
 * back to (its `?tab=`), else the round trip ends on the profile's first tab, away from the action.
 */
export function ReauthWithGoogle({ tab }: { tab?: string }) {
  const { t } = useTranslation("account");
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  if (tab) params.set("tab", tab);
  const query = params.toString();
  return (
    <a
      href={`/api/v1/auth/google?next=${encodeURIComponent(pathname + (query ? `?${query}` : ""))}`}
      className="inline-block rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
    >
      {t("profile.security.reauthenticateWithGoogle")}
    </a>
  );
}
