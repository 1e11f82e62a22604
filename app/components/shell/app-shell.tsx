import { Bars3Icon, Cog6ToothIcon, MagnifyingGlassIcon, QuestionMarkCircleIcon } from "@heroicons/react/24/outline";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { BrandMark } from "~/components/brand-mark";
import { Button, IconButton } from "~/components/ui/button";
import { onDemand, useOnDemand } from "~/lib/on-demand";
import { BackButton, Breadcrumb } from "./breadcrumb";
import { NavIcon } from "./icons";
import { ADMIN_ITEM, mobileTabs, sidebarGroups } from "./navigation";
import { ShellNavLink } from "./nav-link";
import { closesDrawer, HAPTIC_DEBOUNCE_MS, HAPTIC_MS, MOBILE_BREAKPOINT, MODAL_DIALOG, opensDrawer, swipeDirection, swipeTarget } from "./rules";
import { guessMobileLayout, layoutCookie } from "./layout-state";
import { sidebarCookie } from "./sidebar-state";
import { UserName, type ShellUser } from "./user-name";
import { hasConsent } from "~/lib/consent";

export type { ShellUser };

// The drawer (a Headless UI dialog) loads on first use, not with every screen (decision 0042); so
// does the sign-out (its steps and the dialog it may ask with, decision 0094).
const mobileDrawer = onDemand(() => import("./mobile-drawer"));
const signOutFlow = onDemand(() => import("./sign-out-flow"));

type ShellProps = {
  user: ShellUser;
  entitlements: readonly string[];
  notifications?: ReactNode;
  onSearch: () => void;
  onGuide?: () => void;
  /** Whether to show the link to the admin screens. */
  admin?: boolean;
  /** Opens the feedback box: the phone's drawer has its entry (the desktop's box has its own button). */
  onFeedback?: () => void;
  children: ReactNode;
};

/**
 * Mobile shell on a mobile user agent or below 900 px (the browser's answer). The first render, the
 * server's, guesses from the user agent and the window's width at the last visit (`remembered`, the
 * layout cookie); with functional cookies allowed, the window's answer is kept in that cookie for the
 * next page (decision 0062).
 */
export function useMobileLayout(fromUserAgent: boolean, remembered: string | null) {
  const [mobile, setMobile] = useState(() => guessMobileLayout(fromUserAgent, remembered));
  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT - 1}px)`);
    let last = remembered;
    const update = () => {
      setMobile(fromUserAgent || query.matches);
      // A functional cookie: kept only with the user's consent, and gone once it is withdrawn.
      const now = hasConsent("functional") ? (query.matches ? "narrow" : "wide") : null;
      if (now !== last) document.cookie = layoutCookie(now);
      last = now;
    };
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, [fromUserAgent, remembered]);
  return mobile;
}

/**
 * Sign-out; with changes made offline still waiting, the user is asked first (the `dialog`). A
 * press before the flow's code has arrived asks for it and signs out once it is there.
 */
function useSignOut() {
  const [flow, load] = useOnDemand(signOutFlow);
  const [asked, setAsked] = useState(0);
  const request = useCallback(() => {
    load();
    setAsked((count) => count + 1);
  }, [load]);
  return { request, dialog: flow && <flow.SignOutFlow asked={asked} /> };
}

/**
 * "Saltar para o conteúdo", the first Tab stop of every /app page (as on the public pages): to the
 * shell's main, past the navigation. A plain link before hydration; after it, the focus moves
 * without adding "#conteudo" to the address and the history.
 */
export function SkipToContent() {
  const { t } = useTranslation();
  return (
    <a
      href="#conteudo"
      className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      onClick={(event) => {
        const main = document.getElementById("conteudo");
        if (!main) return;
        event.preventDefault();
        main.focus();
      }}
    >
      {t("skipToContent")}
    </a>
  );
}

/** Desktop: collapsible sidebar (16rem, icons 3rem; Ctrl/Cmd+B), header, breadcrumb, back button. */
export function DesktopShell({ user, entitlements, notifications, onSearch, onGuide, admin = false, sidebarOpen: initialOpen, children }: ShellProps & { sidebarOpen: boolean }) {
  const { t } = useTranslation(["shell", "auth"]);
  const [open, setOpen] = useState(initialOpen);
  const signOut = useSignOut();

  const toggle = useCallback(() => {
    setOpen((value) => {
      document.cookie = sidebarCookie(!value);
      return !value;
    });
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "b") {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  return (
    <div className="flex min-h-[calc(100dvh-2rem)] bg-slate-50">
      <aside
        data-tour="sidebar"
        data-state={open ? "expanded" : "collapsed"}
        className={`sticky top-0 flex h-dvh shrink-0 flex-col border-r border-slate-200 bg-white transition-[width] duration-200 ${open ? "w-64" : "w-12"}`}
      >
        <Link to="/app/meu-impacto" className="flex h-14 items-center gap-2 px-3 font-bold text-brand-700">
          <BrandMark size={24} />
          {open && "Rumo"}
        </Link>
        <nav aria-label={t("header.mainNav")} className="flex-1 space-y-4 overflow-y-auto px-1.5 pb-4">
          {sidebarGroups.map((group) => (
            <div key={group.labelKey}>
              {open && <p className="px-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">{t(group.labelKey)}</p>}
              <ul className="space-y-0.5">
                {group.items.map((item) => (
                  <li key={item.to}>
                    <ShellNavLink item={item} entitlements={entitlements} collapsed={!open} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
          {admin && (
            <ul className="border-t border-slate-100 pt-3">
              <li>
                <ShellNavLink item={ADMIN_ITEM} entitlements={entitlements} collapsed={!open} />
              </li>
            </ul>
          )}
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-slate-200 bg-white/95 px-3 backdrop-blur">
          <IconButton icon={Bars3Icon} onClick={toggle} label={t("header.toggleSidebar")} aria-expanded={open} title="Ctrl+B" />
          <BackButton />
          <Button variant="ghost" data-tour="search" onClick={onSearch} className="ml-2 w-64 border border-slate-200 bg-slate-50 py-1.5! font-normal! text-slate-500!">
            <MagnifyingGlassIcon className="h-4 w-4" aria-hidden="true" />
            <span className="flex-1 text-left">{t("header.search")}</span>
            <kbd className="rounded border border-slate-300 px-1 text-xs">Ctrl K</kbd>
          </Button>
          <span className="flex-1" />
          {onGuide && (
            <IconButton icon={QuestionMarkCircleIcon} onClick={onGuide} label={t("header.guide")} />
          )}
          <span data-tour="notifications">{notifications}</span>
          <UserName user={user} />
          <Link to="/app/settings" data-tour="settings" aria-label={t("header.settings")} className="rounded-lg p-2 text-slate-600 hover:bg-slate-100">
            <Cog6ToothIcon className="h-5 w-5" aria-hidden="true" />
          </Link>
          <Button variant="secondary" onClick={signOut.request}>
            {t("auth:actions.signOut")}
          </Button>
          {signOut.dialog}
        </header>
        <main id="conteudo" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 space-y-4 px-4 pt-6 pb-16 focus:outline-none">
          <Breadcrumb />
          {children}
        </main>
      </div>
    </div>
  );
}

/** Haptic feedback where available: a 10 ms vibration, at most every 200 ms. */
function useHaptics() {
  const last = useRef(0);
  return () => {
    const now = Date.now();
    if (now - last.current < HAPTIC_DEBOUNCE_MS) return;
    last.current = now;
    navigator.vibrate?.(HAPTIC_MS);
  };
}

/** Mobile: top bar, bottom tabs, side drawer (menu or edge swipe) and swipe navigation between screens. */
export function MobileShell({ user, entitlements, notifications, onSearch, onGuide, admin = false, onFeedback, children }: ShellProps) {
  const { t } = useTranslation(["shell", "auth"]);
  const [drawer, setDrawer] = useState(false);
  const [drawerModule, requestDrawer] = useOnDemand(mobileDrawer);
  const location = useLocation();
  const navigate = useNavigate();
  const haptic = useHaptics();
  const signOut = useSignOut();
  const start = useRef<{ x: number; y: number } | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef(drawer);
  drawerRef.current = drawer;

  // The device back button closes an open drawer instead of leaving the page: opening pushes a
  // history entry, which the back button pops. Closing any other way takes that entry back off
  // (or, for a link in the drawer, the navigation replaces it).
  const openDrawer = useCallback(() => {
    requestDrawer();
    window.history.pushState({ ...window.history.state, rumoDrawer: true }, "");
    setDrawer(true);
  }, [requestDrawer]);
  const closeDrawer = useCallback((how: "dismiss" | "navigate" | "back" = "dismiss") => {
    setDrawer(false);
    if (how === "dismiss" && window.history.state?.rumoDrawer) window.history.back();
  }, []);
  useEffect(() => {
    if (!drawer) return;
    const onPop = () => closeDrawer("back");
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [drawer, closeDrawer]);
  // A route change (swipe, tab, search) closes it too, unless the drawer's own history entry is
  // still the current one: then it was opened on the new address, after the router had changed
  // the address but before the new screen rendered (it waits for its chunks and catalogue).
  useEffect(() => {
    if (!window.history.state?.rumoDrawer) setDrawer(false);
  }, [location.pathname]);

  useEffect(() => {
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      start.current = { x: touch.clientX, y: touch.clientY };
    };
    const onEnd = (event: TouchEvent) => {
      const from = start.current;
      start.current = null;
      if (!from) return;
      const touch = event.changedTouches[0];
      const to = { x: touch.clientX, y: touch.clientY };
      if (drawerRef.current) {
        if (closesDrawer(from, to)) closeDrawer();
        return;
      }
      // A modal dialog over the page (the guided tour, a form, the search) has the touch, as it has
      // the keys: a swipe over a tour went to the next screen (or opened the drawer), and the tour
      // was gone without being saved as seen, its step lost.
      if (document.querySelector(MODAL_DIALOG)) return;
      if (opensDrawer(from, to)) {
        haptic();
        openDrawer();
        return;
      }
      const direction = swipeDirection(from, to);
      const target = direction && swipeTarget(window.location.pathname, direction);
      if (target) {
        haptic();
        navigate(target);
      }
    };
    document.addEventListener("touchstart", onStart, { passive: true });
    document.addEventListener("touchend", onEnd, { passive: true });
    return () => {
      document.removeEventListener("touchstart", onStart);
      document.removeEventListener("touchend", onEnd);
    };
  }, [haptic, navigate, openDrawer, closeDrawer]);

  return (
    <div className="min-h-[calc(100dvh-2rem)] bg-slate-50 pb-20">
      <header className="sticky top-0 z-30 flex h-14 items-center gap-1 border-b border-slate-200 bg-white px-2">
        <IconButton ref={menuButton} icon={Bars3Icon} data-tour="menu" onClick={openDrawer} label={t("header.menu")} aria-expanded={drawer} className="rounded-lg p-2 text-slate-700" iconClassName="h-6 w-6" />
        <Link to="/app/meu-impacto" className="flex items-center gap-2 font-bold text-brand-700">
          <BrandMark size={22} />
          Rumo
        </Link>
        <span className="flex-1" />
        {/* The page's tour again, as the desktop header's Guia: after 'Pular' a phone had no way back to it. */}
        {onGuide && <IconButton icon={QuestionMarkCircleIcon} onClick={onGuide} label={t("header.guide")} className="rounded-lg p-2 text-slate-700" iconClassName="h-6 w-6" />}
        <IconButton icon={MagnifyingGlassIcon} data-tour="search" onClick={onSearch} label={t("header.search")} className="rounded-lg p-2 text-slate-700" iconClassName="h-6 w-6" />
        <span data-tour="notifications">{notifications}</span>
      </header>
      <main id="conteudo" tabIndex={-1} className="space-y-4 px-4 pt-4 pb-12 focus:outline-none">
        <BackButton />
        {children}
      </main>
      <nav aria-label={t("header.mainNav")} className="fixed inset-x-0 bottom-0 z-30 grid grid-cols-5 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]">
        {mobileTabs.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            className={({ isActive }) => `flex flex-col items-center gap-0.5 py-2 text-[11px] font-medium ${isActive ? "text-brand-700" : "text-slate-500"}`}
          >
            <NavIcon name={tab.icon} className="h-6 w-6" />
            {t(tab.labelKey)}
          </NavLink>
        ))}
      </nav>
      {drawerModule && (
        <drawerModule.MobileDrawer
          open={drawer}
          onClose={closeDrawer}
          user={user}
          entitlements={entitlements}
          admin={admin}
          signOut={signOut.request}
          onFeedback={() => {
            closeDrawer();
            // Once the drawer is gone (its focus trap would pull the focus back in), from the menu
            // button: the box gives the focus back to where it was when it opened.
            setTimeout(() => {
              menuButton.current?.focus();
              onFeedback?.();
            });
          }}
        />
      )}
      {signOut.dialog}
    </div>
  );
}
