import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, redirect, useLocation, useNavigate } from "react-router";
import { NotificationBell } from "~/components/notifications/notification-bell";
import { UnverifiedBanner } from "~/components/shell/unverified-banner";
import { DesktopShell, MobileShell, SkipToContent, useMobileLayout } from "~/components/shell/app-shell";
import { useConnectivityNotices } from "~/components/shell/connectivity";
import { useOfflineApp } from "~/components/offline/use-offline-app";
import { FeedbackBox } from "~/components/shell/feedback-box";
import { breadcrumbs, CRUMB_LABELS, isMobileUserAgent } from "~/components/shell/rules";
import { serverI18n } from "~/i18n/i18n.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { SIDEBAR_COOKIE, sidebarOpenFromCookie } from "~/components/shell/sidebar-state";
import { LAYOUT_COOKIE } from "~/components/shell/layout-state";
import { forPhone, guideFor, opensItem } from "~/components/shell/tours";
import { unsavedGuides, useSaveCompletedGuides } from "~/components/shell/guide-save";
import { readCookie, sanitizeLanguage } from "~/i18n/language";
import { useAccountLanguage } from "~/i18n/use-language";
import { ACCOUNT_DELETED_HOME, PREMIUM_REQUIRED_EVENT, SESSION_CHANGED_EVENT, setPageUser } from "~/lib/api";
import { toast } from "~/components/shell/toast-store";
import { appUser, requireUser } from "~/lib/auth.server";
import { afterFirstPaint } from "~/lib/after-first-paint";
import { onDemand, useOnDemand } from "~/lib/on-demand";
import { shareSessionAcrossTabs, signingOut } from "~/lib/session-user";
import { clearedSignedInCookie, hasSignedInFlash } from "~/lib/signed-in-flash";
import { onboardingHref } from "./onboarding-next";
import type { Route } from "./+types/layout";

// The shell and what it shows on every screen: bell, banners, toasts, the premium notice.
export const handle: I18nHandle = { i18n: ["shell", "auth", "account", "notifications", "errors", "billing"] };

import { isAdmin } from "@worker/auth/roles";
import { workingHoursOf } from "@worker/modules/tasks/scheduling";

// On first use, not with the page (decision 0042): the search dialog (Headless UI dialog) and the tour.
const searchDialog = onDemand(() => import("~/components/shell/search-dialog"));
const Tour = lazy(() => import("~/components/shell/tour").then((m) => ({ default: m.Tour })));
// After the first paint (decision 0094): the announcements, session tracking, the security probe
// and the offline banner.
const shellServices = onDemand(() => import("~/components/shell/shell-services"));

export async function loader(args: Route.LoaderArgs) {
  const auth = requireUser(args);
  const data = appUser(auth);
  const path = new URL(args.request.url).pathname;
  // Onboarding routing lives here, where the profile is already read: to it until done, never after.
  const onboarding = path === "/app/onboarding";
  if (data.user.emailConfirmed && !data.profile.hasCompletedOnboarding && !onboarding) throw redirect(onboardingHref(path, new URL(args.request.url).search));
  if (data.profile.hasCompletedOnboarding && onboarding) throw redirect("/app/meu-impacto");
  const headers = args.request.headers;
  const completed = auth.user.preferences.completedGuides;
  const { t } = serverI18n(auth.user.language);
  return {
    ...data,
    // Screen names for the document title (meta has no hooks, and the browser holds only the
    // catalogues its page needs).
    crumbLabels: Object.fromEntries(Object.entries(CRUMB_LABELS).map(([segment, key]) => [segment, t(key)])) as Record<string, string>,
    completedGuides: Array.isArray(completed) ? completed.filter((id): id is string => typeof id === "string") : [],
    // Perfil → Preferências: the hours smart scheduling uses, and the opt-in for personal data and AI.
    workingHours: workingHoursOf(auth.user),
    aiOnPersonalData: auth.user.preferences.aiOnPersonalData === true,
    // The cycle reminder says nothing of periods unless turned off (docs/decisions/0107).
    discreetCycleReminder: auth.user.preferences.discreetCycleReminder !== false,
    // Finances' 'Ocultar valores' applies beyond its screen (search results).
    hideFinanceValues: auth.user.preferences.hideFinanceValues === true,
    admin: isAdmin(auth.user),
    // Session tracking (user_activities) unless turned off in Preferências (docs/decisions/0037).
    activityTracking: auth.user.preferences.activityTracking !== false,
    // Rendered on the server from the cookies and the user agent, so hydration does not shift the layout.
    sidebarOpen: sidebarOpenFromCookie(readCookie(headers.get("cookie"), SIDEBAR_COOKIE)),
    mobileUserAgent: isMobileUserAgent(headers.get("user-agent") ?? ""),
    rememberedLayout: readCookie(headers.get("cookie"), LAYOUT_COOKIE),
  };
}

/**
 * The layout is asked again at every navigation, not only when its params change: it reads nothing
 * of its own (the session's account is read for the request anyway), and a tab whose browser session
 * now belongs to another account learns it at its next screen (decision 0057) instead of showing
 * that account's data inside this one's shell. Plan and profile changes show up on the next screen too.
 */
export const shouldRevalidate = () => true;

/** "<screen> · Rumo" for every /app screen without a title of its own. */
export function meta({ location, loaderData }: Route.MetaArgs) {
  const crumb = breadcrumbs(location.pathname).at(-1);
  const label = crumb ? (loaderData?.crumbLabels[crumb.segment] ?? crumb.fallback) : undefined;
  return [{ title: label ? `${label} · Rumo` : "Rumo" }, { name: "robots", content: "noindex, nofollow" }];
}

/** The signed-in area: desktop or mobile shell around every /app screen. */
export default function AppLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("shell");
  const location = useLocation();
  const mobile = useMobileLayout(loaderData.mobileUserAgent, loaderData.rememberedLayout);
  const [searchOpen, setSearchOpen] = useState(false);
  const [search, requestSearch] = useOnDemand(searchDialog);
  const [completed, setCompleted] = useState<string[]>(loaderData.completedGuides);
  const [tourFor, setTourFor] = useState<string | null>(null);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  usePageUser(loaderData.user.id);
  useAccountLanguage(sanitizeLanguage(loaderData.user.language) ?? "pt");
  useConnectivityNotices();
  useOfflineApp(loaderData.user.id);
  usePremiumRequiredToast();
  useSignedInWelcome();
  const [services] = useOnDemand(shellServices, { prefetch: afterFirstPaint });

  // Ctrl/Cmd+K toggles the search everywhere in the app.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        // The first press opens it as soon as its code is there.
        requestSearch();
        setSearchOpen((open) => !open);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [requestSearch]);

  const pageGuide = guideFor(location.pathname, (key) => t(key as "nav.dashboard"));
  const guide = pageGuide && mobile ? forPhone(pageGuide) : pageGuide;
  // A page's tour starts by itself the first time; the header's Guia button replays it.
  useEffect(() => {
    setTourFor(guide && !completed.includes(guide.id) && !unsavedGuides(loaderData.user.id).includes(guide.id) && location.pathname !== "/app/onboarding" && !opensItem(location.search) ? guide.id : null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);

  const saveGuides = useSaveCompletedGuides(location.pathname, loaderData.user.id);
  const finishTour = useCallback(
    (guideId: string) => {
      setTourFor(null);
      if (completed.includes(guideId)) return;
      const next = [...completed, guideId];
      setCompleted(next);
      void saveGuides(next);
    },
    [completed, saveGuides],
  );

  const Shell = mobile ? MobileShell : DesktopShell;
  return (
    <>
      <SkipToContent />
      {!loaderData.user.emailConfirmed && <UnverifiedBanner key={loaderData.user.email} email={loaderData.user.email} />}
      {services && <services.OfflineStatus />}
      <Shell
        user={loaderData.user}
        entitlements={loaderData.entitlements}
        sidebarOpen={loaderData.sidebarOpen}
        onSearch={() => {
          requestSearch();
          setSearchOpen(true);
        }}
        notifications={<NotificationBell />}
        onGuide={guide ? () => setTourFor(guide.id) : undefined}
        admin={loaderData.admin}
        onFeedback={() => setFeedbackOpen(true)}
      >
        <Outlet />
      </Shell>
      {search && <search.SearchDialog open={searchOpen} onClose={() => setSearchOpen(false)} />}
      {guide && tourFor === guide.id && (
        <Suspense fallback={null}>
          <Tour key={guide.id} guide={guide} onDone={finishTour} />
        </Suspense>
      )}
      <FeedbackBox mobile={mobile} open={feedbackOpen} onOpenChange={setFeedbackOpen} />
      {/* A child of the body of its own (not inside the shell's element): Headless UI counts such
          elements as its popovers' own, so the bell's panel stays open while "Anular" has the
          focus or is clicked (decision 0106, revised). */}
      {services && <services.Toaster mobile={mobile} />}
      {services && <services.ShellServices userId={loaderData.user.id} activityTracking={loaderData.activityTracking} />}
    </>
  );
}

/**
 * The account this page shows (app/lib/session-user.ts): its API calls name it, and the page
 * reloads, as whoever is signed in now (or to sign-in), once the browser's session is another's.
 */
function usePageUser(userId: string) {
  const shown = useRef(userId);
  // Before the screens' own effects (children's effects run first), and only in the browser: the
  // server's module state is shared by every request.
  if (typeof document !== "undefined" && shown.current === userId) setPageUser(userId);
  useEffect(() => {
    // A navigation answered for another account: everything of this page (queues, sockets, caches,
    // screens' state) belongs to the first one, so the page starts over as the new one.
    if (userId !== shown.current) return window.location.reload();
    setPageUser(userId);
    // Not during this tab's own sign-out: its 401s are expected, and it takes the page to /auth.
    const leave = () => signingOut() || window.location.reload();
    window.addEventListener(SESSION_CHANGED_EVENT, leave);
    // Deleted in another tab of this browser: that tab has forgotten the account's data here; this
    // one leaves for the landing that says so (a reload would end on sign-in, saying nothing).
    const stopSharing = shareSessionAcrossTabs(userId, leave, () => signingOut() || window.location.replace(ACCOUNT_DELETED_HOME));
    return () => {
      setPageUser(null);
      window.removeEventListener(SESSION_CHANGED_EVENT, leave);
      stopSharing();
    };
  }, [userId]);
}

/** "Bem-vindo!" once, on the first screen after signing in (the sign-in's redirect left the flash). */
function useSignedInWelcome() {
  // Loads the catalogue the toaster reads the keys from.
  useTranslation("auth");
  useEffect(() => {
    if (!hasSignedInFlash(document.cookie)) return;
    document.cookie = clearedSignedInCookie();
    // Keys, which the toaster translates as it renders: the toast follows a language switch.
    toast({ tone: "success", title: { key: "auth:toasts.welcome" }, description: { key: "auth:toasts.loginSuccess" } });
  }, []);
}

/** 'Funcionalidade Premium - …' with an Upgrade action whenever the API answers premium_required. */
function usePremiumRequiredToast() {
  // Loads the catalogues the toaster reads the keys from.
  useTranslation(["errors", "billing"]);
  const navigate = useNavigate();
  useEffect(() => {
    const show = () => toast({ kind: "single", tone: "info", title: { key: "errors:premium_required" }, action: { label: { key: "billing:actions.upgrade" }, onClick: () => navigate("/app/premium") } });
    window.addEventListener(PREMIUM_REQUIRED_EVENT, show);
    return () => window.removeEventListener(PREMIUM_REQUIRED_EVENT, show);
  }, [navigate]);
}
