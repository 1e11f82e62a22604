import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, redirect, useNavigate } from "react-router";
import { NotificationBell } from "~/components/notifications/notification-bell";
import { Toaster } from "~/components/notifications/toasts";
import { useFeatureAnnouncements } from "~/components/notifications/use-feature-announcements";
import { Button } from "~/components/ui/form";
import { apiFetch } from "~/lib/api";
import { appUser, requireUser } from "~/lib/auth.server";
import { displayName } from "~/lib/display-name";
import { realtime } from "~/lib/realtime-client";
import type { Route } from "./+types/layout";

export async function loader(args: Route.LoaderArgs) {
  const auth = await requireUser(args);
  const data = await appUser(args, auth);
  const path = new URL(args.request.url).pathname;
  if (data.user.emailConfirmed && !data.profile.hasCompletedOnboarding && path !== "/app/onboarding") throw redirect("/app/onboarding");
  return data;
}

export function meta() {
  return [{ name: "robots", content: "noindex, nofollow" }];
}

/**
 * The signed-in area. This is the minimal frame of the accounts issue (name, settings, sign-out,
 * the unverified-e-mail banner); the app shell issue replaces it with the sidebar and mobile shell.
 */
export default function AppLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const navigate = useNavigate();
  const { user } = loaderData;
  useFeatureAnnouncements(user.id);

  async function signOut() {
    await apiFetch("/auth/logout", { method: "POST" });
    realtime().reset();
    navigate("/auth", { replace: true });
  }

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3">
          <Link to="/app/meu-impacto" className="flex items-center gap-2 font-bold text-brand-700">
            <img src="/favicon.svg" alt="" width={24} height={24} />
            Rumo
          </Link>
          <span className="ml-auto flex items-center gap-2 text-sm text-slate-700" data-testid="display-name">
            {displayName(user, t("fallbackName"))}
            {user.provider === "google" && (
              <span className="hidden rounded bg-brand-100 px-1.5 py-0.5 text-xs font-medium text-brand-800 md:inline">{t("googleTag")}</span>
            )}
          </span>
          <NotificationBell />
          <Link to="/app/settings" className="rounded-lg px-2 py-1 text-sm text-slate-700 hover:bg-slate-100">
            {t("header.settings")}
          </Link>
          <Button variant="secondary" onClick={signOut}>
            {t("auth:actions.signOut")}
          </Button>
        </div>
      </header>
      {!user.emailConfirmed && <UnverifiedBanner email={user.email} />}
      <main className="mx-auto max-w-6xl px-4 py-8">
        <Outlet />
      </main>
      <Toaster />
    </div>
  );
}

function UnverifiedBanner({ email }: { email: string }) {
  const { t } = useTranslation("auth");
  const [sent, setSent] = useState(false);
  return (
    <div role="status" className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3">
        <span>{t("banner.unverified", { email })}</span>
        {sent ? (
          <span className="font-medium">{t("banner.sent")}</span>
        ) : (
          <Button variant="link" onClick={async () => setSent((await apiFetch("/auth/resend-confirmation", { method: "POST" })).ok)}>
            {t("banner.resend")}
          </Button>
        )}
      </div>
    </div>
  );
}
