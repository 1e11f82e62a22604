import { Dialog, DialogPanel } from "@headlessui/react";
import { ChatBubbleBottomCenterTextIcon, XMarkIcon } from "@heroicons/react/24/outline";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button, IconButton } from "~/components/ui/button";
import { ADMIN_ITEM, drawerSections } from "./navigation";
import { ShellNavLink } from "./nav-link";
import { UserName, type ShellUser } from "./user-name";

/**
 * The mobile shell's side drawer: the whole navigation, the beta feedback box (`onFeedback`: on
 * phones it has no floating button, which would stand over the screens' content), settings and
 * sign-out (loaded on first use).
 */
export function MobileDrawer({
  open: drawer,
  onClose: closeDrawer,
  user,
  entitlements,
  admin,
  signOut,
  onFeedback,
}: {
  open: boolean;
  onClose: (how?: "dismiss" | "navigate") => void;
  user: ShellUser;
  entitlements: readonly string[];
  admin: boolean;
  signOut: () => void;
  onFeedback: () => void;
}) {
  const { t } = useTranslation(["shell", "auth"]);
  return (
    <Dialog open={drawer} onClose={() => closeDrawer()} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" data-testid="drawer-overlay" />
      <DialogPanel className="fixed inset-y-0 left-0 flex w-72 flex-col bg-white shadow-2xl" data-testid="drawer">
        <div className="flex h-14 items-center justify-between border-b border-slate-100 px-4">
          <UserName user={user} />
          <IconButton icon={XMarkIcon} onClick={() => closeDrawer()} label={t("header.closeMenu")} className="rounded-lg p-2 text-slate-600" />
        </div>
        <nav aria-label={t("header.mainNav")} className="flex-1 space-y-4 overflow-y-auto p-3">
          {drawerSections.map((section) => (
            <Fragment key={section.labelKey}>
              <p className="px-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{t(section.labelKey)}</p>
              <ul className="space-y-0.5">
                {section.items.map((item) => (
                  <li key={item.to}>
                    <ShellNavLink item={item} entitlements={entitlements} premiumLabel={item.premiumLabel} replace onNavigate={() => closeDrawer("navigate")} />
                  </li>
                ))}
              </ul>
            </Fragment>
          ))}
          {admin && (
            <ul className="border-t border-slate-100 pt-3">
              <li>
                <ShellNavLink item={ADMIN_ITEM} entitlements={entitlements} replace onNavigate={() => closeDrawer("navigate")} />
              </li>
            </ul>
          )}
        </nav>
        <div className="space-y-2 border-t border-slate-100 p-3">
          {/* Lined up with the navigation's entries above it. */}
          <Button variant="ghost" onClick={onFeedback} className="w-full justify-start! gap-3! px-2!">
            <ChatBubbleBottomCenterTextIcon className="h-5 w-5" aria-hidden="true" />
            {t("feedback.button")}
          </Button>
          <div className="flex gap-2">
            <Link to="/app/settings" className="flex-1 rounded-lg border border-slate-300 px-3 py-2 text-center text-sm font-semibold">
              {t("header.settings")}
            </Link>
            <Button variant="secondary" onClick={signOut}>
              {t("auth:actions.signOut")}
            </Button>
          </div>
        </div>
      </DialogPanel>
    </Dialog>
  );
}
