import { useTranslation } from "react-i18next";
import { displayName } from "~/lib/display-name";

export type ShellUser = { fullName: string; email: string; provider: string };

/** The signed-in person's name (Google accounts tagged), in the header and the drawer. */
export function UserName({ user }: { user: ShellUser }) {
  const { t } = useTranslation("account");
  const name = displayName(user, t("fallbackName"));
  // Cut to fit the header: the whole name on hover.
  return (
    <span className="flex items-center gap-2 text-sm text-slate-700" data-testid="display-name">
      <span className="max-w-40 truncate" title={name} dir="auto">
        {name}
      </span>
      {user.provider === "google" && <span className="hidden rounded bg-brand-100 px-1.5 py-0.5 text-xs font-medium text-brand-800 md:inline">{t("googleTag")}</span>}
    </span>
  );
}
