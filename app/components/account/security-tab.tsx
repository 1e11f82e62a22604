import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useRevalidator, useRouteLoaderData } from "react-router";
import { Dialog, DialogPanel, DialogTitle } from "~/components/ui/dialog";
import { Button, Field, Notice } from "~/components/ui/form";
import { useApiForm } from "~/components/ui/use-api-form";
import { intlLocale } from "~/i18n/language";
import { dateTimeFormat } from "~/lib/intl";
import { ACCOUNT_DELETED_HOME, apiFetch } from "~/lib/api";
import { onDemand } from "~/lib/on-demand";
import { announceSignedOut, announceSignOutAbandoned, announceSigningOut } from "~/lib/session-user";
import type { loader as layoutLoader } from "~/routes/app/layout";
import { REAUTH_REQUIRED, ReauthWithGoogle } from "./reauth-with-google";

/** The profile's security tab: password, sessions, two-factor, export, account deletion. */
export function SecurityTab({ hasPassword, twoFactorEnabled }: { hasPassword: boolean; twoFactorEnabled: boolean }) {
  // Bumped when a password change ends the other sessions, so the list shows what is left.
  const [sessionsVersion, setSessionsVersion] = useState(0);
  return (
    <>
      <ChangePassword hasPassword={hasPassword} onChanged={() => setSessionsVersion((version) => version + 1)} />
      <Sessions version={sessionsVersion} />
      <TwoFactor enabled={twoFactorEnabled} hasPassword={hasPassword} />
      <ExportData />
      <DeleteAccount hasPassword={hasPassword} />
    </>
  );
}

const PASSWORD_FIELDS = ["currentPassword", "newPassword"] as const;

function ChangePassword({ hasPassword, onChanged }: { hasPassword: boolean; onChanged: () => void }) {
  const { t } = useTranslation(["account", "auth"]);
  const { revalidate } = useRevalidator();
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");
  const [changed, setChanged] = useState(false);
  const [reauth, setReauth] = useState(false);
  // The API's field messages ("A senha atual está incorreta", the new password's rules) go next to
  // their fields; the rest (a limit, a network failure) as one message.
  const form = useApiForm({
    fields: PASSWORD_FIELDS,
    fallback: t("auth:errors.unexpected"),
    onSuccess: async () => {
      setCurrent("");
      setNew("");
      setChanged(true);
      onChanged();
      // A first password (a Google-only account) changes what this tab asks for: the current
      // password here, the password to turn off two-factor or delete the account.
      await revalidate();
    },
  });
  return (
    <form
      onSubmit={form.submit(async () => {
        setChanged(false);
        const result = await apiFetch("/me/password", { body: { currentPassword, newPassword } });
        setReauth(!result.ok && result.error.code === REAUTH_REQUIRED);
        return result;
      })}
      className="max-w-md space-y-4"
    >
      <h2 className="text-lg font-semibold">{t("profile.security.changePassword")}</h2>
      {hasPassword && (
        <Field
          id="current-password"
          type="password"
          autoComplete="current-password"
          label={t("profile.security.currentPassword")}
          value={currentPassword}
          onChange={(e) => setCurrent(e.target.value)}
          error={form.errors.currentPassword}
        />
      )}
      <Field
        id="change-new-password"
        type="password"
        autoComplete="new-password"
        minLength={6}
        label={t("profile.security.newPassword")}
        value={newPassword}
        onChange={(e) => setNew(e.target.value)}
        error={form.errors.newPassword}
      />
      {changed && <Notice tone="success">{t("profile.security.passwordChanged")}</Notice>}
      {form.message && <Notice tone="error">{form.message}</Notice>}
      {reauth && <ReauthWithGoogle tab="security" />}
      <Button type="submit" loading={form.pending} disabled={!newPassword}>
        {t("profile.security.changePassword")}
      </Button>
    </form>
  );
}

type SessionItem = { id: string; current: boolean; provider: string; device: { browser: string; os: string }; lastUsedAt: string; createdAt?: string };

type SessionsState = { status: "loading" } | { status: "failed" } | { status: "ready"; items: SessionItem[] };

/** The account's sessions; `version` changes when something else (a password change) ended some. */
function Sessions({ version }: { version: number }) {
  const { t, i18n } = useTranslation(["account", "common"]);
  const [sessions, setSessions] = useState<SessionsState>({ status: "loading" });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const load = async () => {
    const result = await apiFetch<{ items: SessionItem[] }>("/me/sessions");
    setSessions(result.ok ? { status: "ready", items: result.data.items } : { status: "failed" });
  };
  useEffect(() => {
    void load();
  }, [version]);
  const revoke = async (id: string) => {
    const result = await apiFetch(`/me/sessions/${id}`, { method: "DELETE" });
    setMessage(result.ok ? null : { ok: false, text: t("profile.security.revokeFailed") });
    // Reloaded either way: a session that could not be ended has often ended already.
    await load();
  };
  const revokeAll = async () => {
    const result = await apiFetch<{ ended: number }>("/me/sessions", { method: "DELETE" });
    setMessage(
      result.ok ? { ok: true, text: t("profile.security.revokedAll", { count: result.data.ended }) } : { ok: false, text: t("profile.security.revokeAllFailed") },
    );
    await load();
  };
  // In the account's zone (the signed-in layout's), as every other time on the profile.
  const timeZone = useRouteLoaderData<typeof layoutLoader>("routes/app/layout")?.user.timeZone;
  const format = (iso: string) => dateTimeFormat(intlLocale(i18n.language), { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(iso));
  return (
    <div className="space-y-3">
      <h2 className="text-lg font-semibold">{t("profile.security.sessions")}</h2>
      {sessions.status === "loading" && <p className="text-sm text-slate-500">{t("common:loading")}</p>}
      {sessions.status === "failed" && (
        <Notice tone="error">
          <p>{t("profile.security.sessionsLoadFailed")}</p>
          <Button
            variant="secondary"
            className="mt-2"
            onClick={() => {
              setSessions({ status: "loading" });
              void load();
            }}
          >
            {t("profile.security.retry")}
          </Button>
        </Notice>
      )}
      {sessions.status === "ready" && (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="sessions">
          {sessions.items.map((session) => (
            <li key={session.id} className="flex items-center gap-3 px-4 py-3 text-sm">
              <div className="flex-1">
                <p className="font-medium">
                  {[session.device.browser, session.device.os].filter(Boolean).join(" · ") || t("profile.security.unknownDevice")}
                  {session.current && <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs text-emerald-800">{t("profile.security.thisDevice")}</span>}
                </p>
                {/* When it signed in as well: two sessions of the same browser and system are told apart by it. */}
                {session.createdAt && <p className="text-slate-500">{t("profile.security.signedIn", { date: format(session.createdAt) })}</p>}
                <p className="text-slate-500">{t("profile.security.lastUsed", { date: format(session.lastUsedAt) })}</p>
              </div>
              {!session.current && (
                <Button variant="secondary" onClick={() => revoke(session.id)}>
                  {t("profile.security.revoke")}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {sessions.status === "ready" && sessions.items.length > 1 && (
        <Button variant="secondary" onClick={revokeAll}>
          {t("profile.security.revokeAll")}
        </Button>
      )}
      {message && <Notice tone={message.ok ? "success" : "error"}>{message.text}</Notice>}
    </div>
  );
}

function TwoFactor({ enabled, hasPassword }: { enabled: boolean; hasPassword: boolean }) {
  const { t } = useTranslation(["account", "auth"]);
  const { revalidate } = useRevalidator();
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reauth, setReauth] = useState(false);
  // The setup form (and the focus in it) goes once the code is accepted: the recovery codes take the
  // focus, so the keyboard stays in the tab and a screen reader reads out their heading and hint.
  const codesBox = useRef<HTMLDivElement>(null);
  const codesTitle = useId();
  const codesHint = useId();
  useEffect(() => {
    if (codes) codesBox.current?.focus();
  }, [codes]);
  return (
    <div className="max-w-md space-y-3">
      <h2 className="text-lg font-semibold">{t("profile.security.twoFactor")}</h2>
      <p className="text-sm text-slate-600">{enabled ? t("profile.security.twoFactorOn") : t("profile.security.twoFactorOff")}</p>
      {codes && (
        <div
          ref={codesBox}
          tabIndex={-1}
          role="region"
          aria-labelledby={codesTitle}
          aria-describedby={codesHint}
          data-testid="recovery-codes"
          className="rounded-lg focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
        >
          <Notice tone="info">
            <h3 id={codesTitle} className="font-semibold">
              {t("profile.security.recoveryCodesTitle")}
            </h3>
            <p id={codesHint}>{t("profile.security.recoveryCodes")}</p>
            <ul className="mt-2 grid grid-cols-2 gap-1 font-mono">
              {codes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </Notice>
        </div>
      )}
      {error && <Notice tone="error">{error}</Notice>}
      {reauth && <ReauthWithGoogle tab="security" />}
      {!enabled && !setup && (
        <Button
          onClick={async () => {
            const result = await apiFetch<{ secret: string; uri: string }>("/me/two-factor/setup", { method: "POST" });
            if (result.ok) setSetup(result.data);
            else setError(result.error.message);
          }}
        >
          {t("profile.security.enable")}
        </Button>
      )}
      {!enabled && setup && (
        <form
          className="space-y-3"
          onSubmit={async (event) => {
            event.preventDefault();
            const result = await apiFetch<{ recoveryCodes: string[] }>("/me/two-factor/enable", { body: { code } });
            if (!result.ok) return setError(result.error.message);
            setError(null);
            setSetup(null);
            setCodes(result.data.recoveryCodes);
            revalidate();
          }}
        >
          <p className="text-sm">{t("profile.security.scan")}</p>
          <code className="block rounded bg-slate-100 p-2 text-sm break-all" data-testid="totp-secret">
            {setup.secret}
          </code>
          <Field id="totp-enable-code" label={t("auth:fields.code")} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
          <Button type="submit">{t("auth:actions.verify")}</Button>
        </form>
      )}
      {enabled && (
        <form
          className="space-y-3"
          onSubmit={async (event) => {
            event.preventDefault();
            const result = await apiFetch("/me/two-factor/disable", { body: hasPassword ? { password } : {} });
            setReauth(!result.ok && result.error.code === REAUTH_REQUIRED);
            if (!result.ok) return setError(result.error.message);
            setError(null);
            setCodes(null);
            revalidate();
          }}
        >
          {hasPassword && (
            <Field id="totp-disable-password" type="password" label={t("profile.security.password")} value={password} onChange={(e) => setPassword(e.target.value)} />
          )}
          <Button type="submit" variant="secondary">
            {t("profile.security.disable")}
          </Button>
        </form>
      )}
    </div>
  );
}

const EXPORT_URL = "/api/v1/me/export";

/**
 * "Exportar dados": a download link, checked first. A plain link whose session has ended downloads
 * the API's 401 answer as the export file; so the click asks whether the session still holds, and
 * says so (with the way back in) when it does not. The file itself is still the browser's
 * download of the streamed answer (decision 0089), not a copy held in memory.
 */
function ExportData() {
  const { t } = useTranslation("account");
  const [problem, setProblem] = useState<"signedOut" | "failed" | null>(null);
  const [checking, setChecking] = useState(false);
  async function exportData(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (checking) return;
    setChecking(true);
    setProblem(null);
    const result = await apiFetch("/me");
    setChecking(false);
    if (!result.ok) return setProblem(result.status === 401 ? "signedOut" : "failed");
    const link = document.createElement("a");
    link.href = EXPORT_URL;
    link.download = "";
    document.body.appendChild(link);
    link.click();
    link.remove();
  }
  return (
    <div className="max-w-md space-y-2">
      <h2 className="text-lg font-semibold">{t("profile.security.exportTitle")}</h2>
      <p className="text-sm text-slate-600">{t("profile.security.exportText")}</p>
      <a
        href={EXPORT_URL}
        download
        onClick={exportData}
        aria-busy={checking || undefined}
        className="inline-block rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
      >
        {t("profile.security.exportButton")}
      </a>
      {problem === "signedOut" && (
        <Notice tone="error">
          {t("profile.security.exportSignedOut")}{" "}
          <a className="font-semibold underline" href={`/auth?next=${encodeURIComponent("/app/perfil?tab=security")}`}>
            {t("profile.security.exportSignIn")}
          </a>
        </Notice>
      )}
      {problem === "failed" && <Notice tone="error">{t("profile.security.exportFailed")}</Notice>}
    </div>
  );
}

// What leaves the browser with the account: fetched when the dialog opens, not with the page.
const accountForgetting = onDemand(() => import("~/components/offline/forget-deleted-account"));

function DeleteAccount({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation("account");
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reauth, setReauth] = useState(false);
  async function confirm(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    // From here this tab leaves by itself: the session's end (401s, the socket's close) is its doing.
    announceSigningOut();
    const result = await apiFetch("/me", { method: "DELETE", body: hasPassword ? { password } : {} });
    setReauth(!result.ok && result.error.code === REAUTH_REQUIRED);
    if (!result.ok) {
      announceSignOutAbandoned();
      setBusy(false);
      return setError(result.error.message);
    }
    // Nothing of the account stays in this browser for the next person (forget-deleted-account.ts).
    await accountForgetting.load().then(
      ({ forgetDeletedAccount }) => forgetDeletedAccount(),
      () => undefined,
    );
    // This account's other tabs leave too, for the same landing (they would reload into sign-in).
    announceSignedOut({ deleted: true });
    // The landing says the account was deleted (its `?notice=`), instead of leaving the person guessing.
    navigate(ACCOUNT_DELETED_HOME, { replace: true });
  }
  return (
    <div className="max-w-md space-y-2 rounded-xl border border-red-200 p-4">
      <h2 className="text-lg font-semibold text-red-800">{t("profile.security.deleteTitle")}</h2>
      <p className="text-sm text-slate-600">{t("profile.security.deleteText")}</p>
      <Button
        variant="danger"
        onClick={() => {
          setOpen(true);
          void accountForgetting.load().catch(() => undefined);
        }}
      >
        {t("profile.security.deleteButton")}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} className="relative z-50">
        <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel as="form" onSubmit={confirm} className="w-full max-w-md space-y-4 rounded-2xl bg-white p-6 shadow-xl">
            <DialogTitle className="text-lg font-semibold text-red-800">{t("profile.security.deleteConfirmTitle")}</DialogTitle>
            <p className="text-sm text-slate-600">{t("profile.security.deleteConfirmText")}</p>
            <p className="text-sm text-slate-600">{t("profile.security.deleteSubscriptionText")}</p>
            {hasPassword && (
              <Field id="delete-password" type="password" autoComplete="current-password" label={t("profile.security.password")} value={password} onChange={(e) => setPassword(e.target.value)} />
            )}
            {error && <Notice tone="error">{error}</Notice>}
            {reauth && <ReauthWithGoogle tab="security" />}
            <div className="flex justify-end gap-2">
              <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
                {t("profile.security.cancel")}
              </Button>
              <Button type="submit" variant="danger" disabled={busy || (hasPassword && !password)}>
                {t("profile.security.confirmDelete")}
              </Button>
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </div>
  );
}
