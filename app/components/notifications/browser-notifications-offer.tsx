import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { askBrowserPermission, browserPermission, browserPromptDismissed, dismissBrowserPrompt, type BrowserPermission } from "./browser-notification";

/**
 * The offer to turn on the browser's notifications for high and critical ones, whose "Ativar"
 * click is the user gesture Firefox and Safari require before they will ask (docs/decisions/0106).
 *
 * In the bell's panel ("panel") only while the browser has not been asked and the user has not
 * said "Agora não" (remembered in this browser). In Settings → Notificações ("settings") always,
 * saying what the browser allows, so one who said "Agora não" can still turn them on.
 */
export function BrowserNotificationsOffer({ place }: { place: "panel" | "settings" }) {
  const { t } = useTranslation("notifications");
  // Read after mounting: the server knows nothing of the browser's permission.
  const [permission, setPermission] = useState<BrowserPermission | null>(null);
  const [dismissed, setDismissed] = useState(true);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    setPermission(browserPermission());
    setDismissed(browserPromptDismissed());
  }, []);
  const ask = () => {
    setAsking(true);
    void askBrowserPermission().then((answer) => {
      setAsking(false);
      setPermission(answer);
    });
  };

  if (place === "panel") {
    if (permission !== "default" || dismissed) return null;
    return (
      <div className="mx-3 mt-2 rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600" data-testid="browser-notifications-offer">
        <p>{t("ui.browser.offer")}</p>
        <div className="mt-1 flex gap-3">
          <Button variant="link" className="text-xs!" loading={asking} onClick={ask}>
            {t("ui.browser.enable")}
          </Button>
          <Button
            variant="link"
            className="text-xs! text-slate-600!"
            onClick={() => {
              dismissBrowserPrompt();
              setDismissed(true);
            }}
          >
            {t("ui.browser.notNow")}
          </Button>
        </div>
      </div>
    );
  }
  if (!permission) return null;
  return (
    <section aria-labelledby="browser-notifications-heading" className="space-y-2 border-t border-slate-200 pt-6" data-testid="browser-notifications-offer">
      <h2 id="browser-notifications-heading" className="text-lg font-semibold">
        {t("ui.browser.title")}
      </h2>
      <p className="text-sm text-slate-600">{t(`ui.browser.state.${permission}`)}</p>
      {permission === "default" && (
        <Button variant="secondary" loading={asking} onClick={ask}>
          {t("ui.browser.enable")}
        </Button>
      )}
    </section>
  );
}
