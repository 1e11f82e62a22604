import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { Button, Field, Notice } from "~/components/ui/form";
import { useApiForm } from "~/components/ui/use-api-form";
import { apiFetch } from "~/lib/api";
import { REAUTH_REQUIRED, ReauthWithGoogle } from "./reauth-with-google";

const FIELDS = ["email", "password"] as const;

/**
 * "Alterar email" on the profile (POST /me/email, docs/decisions/0101): the new address and the
 * password (an account without one shows a recent Google sign-in instead). Loaded when asked for,
 * not with the profile's first paint. Once accepted it says where the link went; the layout is
 * read again, so the new address and the unconfirmed banner show at once.
 */
export function ChangeEmail({ hasPassword, onClose }: { hasPassword: boolean; onClose: () => void }) {
  const { t } = useTranslation(["account", "auth"]);
  const { revalidate } = useRevalidator();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [reauth, setReauth] = useState(false);
  const form = useApiForm<{ user: { email: string } }>({
    fields: FIELDS,
    fallback: t("auth:errors.unexpected"),
    onSuccess: async (data) => {
      setSentTo(data.user.email);
      setPassword("");
      await revalidate();
    },
  });
  if (sentTo) return <Notice tone="success">{t("profile.email.sent", { email: sentTo })}</Notice>;
  return (
    <form
      aria-label={t("profile.email.title")}
      className="space-y-4 rounded-xl border border-slate-200 p-4"
      onSubmit={form.submit(async () => {
        const result = await apiFetch<{ user: { email: string } }>("/me/email", { body: hasPassword ? { email, password } : { email } });
        setReauth(!result.ok && result.error.code === REAUTH_REQUIRED);
        return result;
      })}
    >
      <h2 className="text-lg font-semibold">{t("profile.email.title")}</h2>
      <p className="text-sm text-slate-600">{t("profile.email.intro")}</p>
      <Field
        id="change-email-address"
        type="email"
        autoComplete="email"
        label={t("profile.email.newEmail")}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={form.errors.email}
        maxLength={254}
        required
      />
      {hasPassword && (
        <Field
          id="change-email-password"
          type="password"
          autoComplete="current-password"
          label={t("profile.email.password")}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={form.errors.password}
          required
        />
      )}
      {form.message && <Notice tone="error">{form.message}</Notice>}
      {reauth && <ReauthWithGoogle />}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={form.pending} disabled={!email || (hasPassword && !password)}>
          {t("profile.email.submit")}
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          {t("profile.security.cancel")}
        </Button>
      </div>
    </form>
  );
}
