import { lazy, Suspense, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { AdminPage, Badge, formatInstant, Loaded, useAdminPages, useLanguage } from "~/components/admin/admin-kit";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { requireAdmin } from "~/lib/admin.server";
import type { Route } from "./+types/users";

// The account's side panel (a Headless UI dialog) loads when an account is opened (decision 0042).
const UserDetail = lazy(() => import("~/components/admin/user-detail").then((m) => ({ default: m.UserDetail })));

export const handle: I18nHandle = { i18n: ["admin", "account"] };

export const loader = ({ context }: Route.LoaderArgs) => requireAdmin(context, "admin:users.title");

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }, { name: "robots", content: "noindex, nofollow" }];

export type UserItem = {
  id: string;
  email: string;
  fullName: string;
  tier: string;
  isTrialActive: boolean;
  createdAt: string;
  lastSeenAt: string | null;
  emailConfirmed: boolean;
  disabled: boolean;
  role: "user" | "admin";
};
export type UserFacts = UserItem & {
  language: string;
  timeZone: string;
  trialEndsAt: string | null;
  subscriptionStatus: string | null;
  currentPeriodEnd: string | null;
  twoFactorEnabled: boolean;
  hasPassword: boolean;
  googleLinked: boolean;
  onboarded: boolean;
  activeSessions: number;
  feedbackCount: number;
};

/** /app/user-management: search and page through accounts; one account's facts and actions. */
export default function UserManagement() {
  const { t } = useTranslation("admin");
  const language = useLanguage();
  const [query, setQuery] = useState("");
  const [submitted, setSubmitted] = useState("");
  const [openId, setOpenId] = useState<string | null>(null);
  const { state, reload, refresh, rowsOf, moreButton } = useAdminPages<UserItem>(`/admin/users?limit=25${submitted ? `&q=${encodeURIComponent(submitted)}` : ""}`);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(query.trim());
  };

  return (
    <AdminPage title={t("users.title")}>
      <form role="search" onSubmit={search} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <TextField id="user-search" label={t("users.search")} type="search" value={query} onChange={(e) => setQuery(e.target.value)} maxLength={200} className="flex-1" />
        <Button type="submit">{t("users.searchButton")}</Button>
      </form>
      <Loaded load={state} retry={reload}>
        {(page) => {
          const { items, next } = rowsOf(page);
          if (items.length === 0) return <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">{t("users.empty")}</p>;
          return (
            <div className="space-y-4">
              <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white" data-testid="admin-users">
                {items.map((user) => (
                  <li key={user.id}>
                    <button
                      type="button"
                      onClick={() => setOpenId(user.id)}
                      className="grid w-full gap-1 px-4 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:-outline-offset-2 sm:grid-cols-[2fr_1fr_1fr_1fr] sm:items-center"
                    >
                      <span className="min-w-0">
                        {/* The row's own text is its name (what is read is what is seen), led by what the button does. */}
                        <span className="sr-only">{t("users.open")} </span>
                        <span className="block truncate font-medium text-slate-900">{user.email}</span>
                        <span className="block truncate text-sm text-slate-500">{user.fullName || t("common.none")}</span>
                      </span>
                      <span className="flex flex-wrap gap-1">
                        <Badge tone="brand">{user.tier.toUpperCase()}</Badge>
                        {user.isTrialActive && <Badge tone="amber">{t("users.trialActive")}</Badge>}
                        {user.role === "admin" && <Badge>{t("users.roles.admin")}</Badge>}
                        {!user.emailConfirmed && <Badge tone="amber">{t("users.unconfirmedBadge")}</Badge>}
                        {user.disabled && <Badge tone="red">{t("users.disabledBadge")}</Badge>}
                      </span>
                      <span className="text-sm text-slate-600">
                        <span className="sm:hidden">{t("users.columns.created")}: </span>
                        {formatInstant(user.createdAt, language)}
                      </span>
                      <span className="text-sm text-slate-600">
                        <span className="sm:hidden">{t("users.columns.lastSeen")}: </span>
                        {formatInstant(user.lastSeenAt, language, t("common.never"))}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
              {moreButton(next)}
            </div>
          );
        }}
      </Loaded>
      {openId && (
        <Suspense fallback={null}>
          <UserDetail id={openId} onClose={() => setOpenId(null)} onChanged={refresh} />
        </Suspense>
      )}
    </AdminPage>
  );
}
