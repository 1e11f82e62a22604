import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "~/components/ui/form";
import { apiFetch } from "~/lib/api";

/**
 * The specification's banner for a session whose address is not confirmed (a changed one,
 * docs/decisions/0101), with its resend button. A refused resend says why (the API's message: too
 * many sends, offline) instead of leaving the button as if nothing had been asked. "Alterar email"
 * leads to the profile's form: a mistyped address is fixed from a session, the only way back in.
 */
export function UnverifiedBanner({ email }: { email: string }) {
  const { t } = useTranslation("auth");
  const [outcome, setOutcome] = useState<{ sent: true } | { sent: false; message: string } | null>(null);
  return (
    <div role="status" className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3">
        <span>{t("banner.unverified", { email })}</span>
        {outcome?.sent ? (
          <span className="font-medium">{t("banner.sent")}</span>
        ) : (
          <>
            <Button
              variant="link"
              onClick={async () => {
                const result = await apiFetch("/auth/resend-confirmation", { method: "POST" });
                setOutcome(result.ok ? { sent: true } : { sent: false, message: result.error.message || t("errors.unexpected") });
              }}
            >
              {t("banner.resend")}
            </Button>
            {outcome && <span className="font-medium text-red-800">{outcome.message}</span>}
          </>
        )}
        <Link to="/app/perfil" className="font-medium underline underline-offset-2">
          {t("banner.change")}
        </Link>
      </div>
    </div>
  );
}
