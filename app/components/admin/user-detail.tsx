import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { formatInstant, Loaded, useAdminData, useLanguage } from "~/components/admin/admin-kit";
import { REAUTH_REQUIRED, ReauthWithGoogle } from "~/components/account/reauth-with-google";
import { screenToast } from "~/components/shell/toast-store";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/form";
import { apiFetch, type ApiErrorBody } from "~/lib/api";
import type { UserFacts } from "~/routes/admin/users";
import type { loader as layoutLoader } from "~/routes/app/layout";

type Action = "endSessions" | "disable" | "enable" | "role" | "delete" | "resend";
/** Actions that need the admin's fresh password (and code) — the API refuses them otherwise. */
const SENSITIVE: readonly Action[] = ["disable", "role", "delete"];

/** One account on /app/user-management: its facts and the admin actions, in a side panel. */
export function UserDetail({ id, onClose, onChanged }: { id: string; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation("admin");
  const language = useLanguage();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/app/layout");
  const me = layout?.user;
  const { state, reload } = useAdminData<UserFacts>(`/admin/users/${id}`);
  const [action, setAction] = useState<Action | null>(null);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiErrorBody | null>(null);

  const close = () => {
    setAction(null);
    setPassword("");
    setCode("");
    setError(null);
  };

  const run = async (facts: UserFacts) => {
    if (!action) return;
    setPending(true);
    setError(null);
    const proof = { ...(password ? { password } : {}), ...(code ? { code } : {}) };
    const base = `/admin/users/${facts.id}`;
    const request =
      action === "endSessions"
        ? apiFetch(`${base}/end-sessions`, { method: "POST" })
        : action === "disable"
          ? apiFetch(`${base}/disable`, { body: proof })
          : action === "enable"
            ? apiFetch(`${base}/enable`, { method: "POST" })
            : action === "resend"
              ? apiFetch(`${base}/resend-confirmation`, { method: "POST" })
              : action === "role"
                ? apiFetch(base, { method: "PATCH", body: { role: facts.role === "admin" ? "user" : "admin", ...proof } })
                : apiFetch(base, { method: "DELETE", body: proof });
    const result = await request;
    setPending(false);
    if (!result.ok) return setError(result.error);
    const done = { endSessions: "endSessionsDone", disable: "disableDone", enable: "enableDone", role: "roleDone", delete: "deleteDone", resend: "resendDone" } as const;
    screenToast({ key: `admin:users.actions.${done[action]}` }, undefined, "success");
    close();
    onChanged();
    if (action === "delete") onClose();
    else reload();
  };

  return (
    <Dialog open onClose={onClose} className="relative z-40">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex justify-end">
        <DialogPanel className="h-full w-full max-w-lg overflow-y-auto bg-white p-6 shadow-xl" data-testid="admin-user-detail">
          <div className="mb-4 flex items-center justify-between">
            <DialogTitle className="text-lg font-semibold">{t("users.detail.title")}</DialogTitle>
            <Button variant="ghost" onClick={onClose}>
              {t("users.detail.close")}
            </Button>
          </div>
          <Loaded load={state} retry={reload}>
            {(facts) => {
              const self = facts.id === me?.id;
              const yesNo = (value: boolean) => (value ? t("common.yes") : t("common.no"));
              const rows: [string, string][] = [
                [t("users.columns.email"), facts.email],
                [t("users.columns.name"), facts.fullName || t("common.none")],
                [t("users.columns.role"), t(`users.roles.${facts.role}`)],
                [t("users.columns.plan"), facts.tier.toUpperCase()],
                [t("users.detail.facts.subscriptionStatus"), facts.subscriptionStatus ?? t("common.none")],
                [t("users.detail.facts.currentPeriodEnd"), formatInstant(facts.currentPeriodEnd, language)],
                [t("users.detail.facts.trialEndsAt"), formatInstant(facts.trialEndsAt, language)],
                [t("users.columns.created"), formatInstant(facts.createdAt, language)],
                [t("users.columns.lastSeen"), formatInstant(facts.lastSeenAt, language, t("common.never"))],
                [t("users.columns.confirmed"), yesNo(facts.emailConfirmed)],
                [t("users.columns.disabled"), yesNo(facts.disabled)],
                [t("users.detail.facts.language"), facts.language],
                [t("users.detail.facts.timeZone"), facts.timeZone],
                [t("users.detail.facts.twoFactor"), yesNo(facts.twoFactorEnabled)],
                [t("users.detail.facts.password"), yesNo(facts.hasPassword)],
                [t("users.detail.facts.google"), yesNo(facts.googleLinked)],
                [t("users.detail.facts.onboarded"), yesNo(facts.onboarded)],
                [t("users.detail.facts.sessions"), String(facts.activeSessions)],
                [t("users.detail.facts.feedback"), String(facts.feedbackCount)],
              ];
              const titles: Record<Action, string> = {
                endSessions: t("users.actions.endSessionsTitle"),
                disable: t("users.actions.disableTitle"),
                enable: t("users.actions.enable"),
                role: t("users.actions.roleTitle", { email: facts.email }),
                delete: t("users.actions.deleteTitle"),
                resend: t("users.actions.resend"),
              };
              const texts: Partial<Record<Action, string>> = {
                endSessions: t("users.actions.endSessionsText", { email: facts.email }),
                disable: t("users.actions.disableText", { email: facts.email }),
                delete: t("users.actions.deleteText", { email: facts.email }),
              };
              return (
                <div className="space-y-6">
                  <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                    {rows.map(([label, value]) => (
                      <div key={label} className="contents">
                        <dt className="text-slate-500">{label}</dt>
                        <dd className="break-all text-slate-900">{value}</dd>
                      </div>
                    ))}
                  </dl>
                  <p className="text-xs text-slate-500">{t("users.detail.noContent")}</p>
                  <div className="flex flex-wrap gap-2">
                    <Button variant="secondary" onClick={() => setAction("endSessions")} disabled={facts.activeSessions === 0}>
                      {t("users.actions.endSessions")}
                    </Button>
                    {!facts.emailConfirmed && (
                      <Button variant="secondary" onClick={() => setAction("resend")}>
                        {t("users.actions.resend")}
                      </Button>
                    )}
                    {!self &&
                      (facts.disabled ? (
                        <Button variant="secondary" onClick={() => setAction("enable")}>
                          {t("users.actions.enable")}
                        </Button>
                      ) : (
                        <Button variant="secondary" onClick={() => setAction("disable")}>
                          {t("users.actions.disable")}
                        </Button>
                      ))}
                    {!self && (
                      <Button variant="secondary" onClick={() => setAction("role")}>
                        {facts.role === "admin" ? t("users.actions.makeUser") : t("users.actions.makeAdmin")}
                      </Button>
                    )}
                    {!self && (
                      <Button variant="danger" onClick={() => setAction("delete")}>
                        {t("users.actions.delete")}
                      </Button>
                    )}
                  </div>
                  <ConfirmDialog
                    open={action !== null}
                    title={action ? titles[action] : ""}
                    description={action ? texts[action] : undefined}
                    destructive={action === "delete" || action === "disable"}
                    pending={pending}
                    confirmDisabled={action !== null && SENSITIVE.includes(action) && !!me?.hasPassword && !password}
                    onConfirm={() => run(facts)}
                    onCancel={close}
                  >
                    {action && SENSITIVE.includes(action) && (
                      <div className="space-y-3">
                        {me?.hasPassword && (
                          <TextField
                            id="admin-reauth-password"
                            label={t("users.actions.password")}
                            hint={t("users.actions.passwordHint")}
                            type="password"
                            autoComplete="current-password"
                            value={password}
                            onChange={(e) => setPassword(e.target.value)}
                            error={error?.fields?.password}
                          />
                        )}
                        {me?.twoFactorEnabled && (
                          <TextField
                            id="admin-reauth-code"
                            label={t("users.actions.code")}
                            inputMode="numeric"
                            autoComplete="one-time-code"
                            value={code}
                            onChange={(e) => setCode(e.target.value)}
                            error={error?.fields?.code}
                          />
                        )}
                      </div>
                    )}
                    {error && !error.fields && <Notice tone="error">{error.message || t("common.loadError")}</Notice>}
                    {error?.code === REAUTH_REQUIRED && <ReauthWithGoogle />}
                  </ConfirmDialog>
                </div>
              );
            }}
          </Loaded>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
