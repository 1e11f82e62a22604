import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { apiFetch } from "~/lib/api";

type Referral = { code: string; url: string; joined: number; paid: number; rewardedReferrals: number };

/** The user's referral link (GET /api/v1/billing/referral), with a copy button and progress. */
export function ReferralCard() {
  const { t } = useTranslation("billing");
  const [referral, setReferral] = useState<Referral | null>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    void apiFetch<Referral>("/billing/referral").then((result) => result.ok && setReferral(result.data));
  }, []);
  if (!referral) return null;
  return (
    <section aria-labelledby="referral-title" className="space-y-2 rounded-2xl border border-brand-100 bg-white p-6 shadow-sm" data-testid="referral">
      <h2 id="referral-title" className="text-lg font-semibold">
        {t("referral.title")}
      </h2>
      <p className="text-sm text-slate-600">{t("referral.text")}</p>
      <div className="flex flex-wrap items-end gap-2">
        <TextField readOnly value={referral.url} label={t("referral.link")} hideLabel className="min-w-0 flex-1 [&_input]:bg-slate-50 [&_input]:text-sm" />
        <Button
          variant="secondary"
          onClick={async () => {
            await navigator.clipboard?.writeText(referral.url).catch(() => undefined);
            setCopied(true);
          }}
        >
          {copied ? t("referral.copied") : t("referral.copy")}
        </Button>
      </div>
      <p className="text-sm text-slate-500">{t("referral.progress", { paid: referral.paid % 2 })}</p>
    </section>
  );
}
