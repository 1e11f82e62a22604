import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { offlineSnapshot } from "~/lib/offline/state";

export type SignOutChoice = { keepQueue: boolean };

/**
 * Sign-out with changes made offline still waiting (docs/decisions/0044-offline-queue-rules.md):
 * one last replay first; if some are still there (offline, or refused), the user is asked, with
 * the count, whether to keep them on this device for their next sign-in or to discard them.
 * Nothing waiting: signs out at once, as before.
 */
export function useSignOutGuard(signOut: (choice: SignOutChoice) => Promise<void>) {
  const { t } = useTranslation("shell");
  const [waiting, setWaiting] = useState(0);
  const [pending, setPending] = useState<"keep" | "discard" | null>(null);

  const request = async () => {
    if (offlineSnapshot().changes.length > 0) {
      const { replayBeforeSignOut } = await import("./use-offline-app");
      await replayBeforeSignOut();
    }
    const left = offlineSnapshot().changes.length;
    if (left === 0) return signOut({ keepQueue: false });
    setWaiting(left);
  };
  const finish = async (keepQueue: boolean) => {
    setPending(keepQueue ? "keep" : "discard");
    try {
      await signOut({ keepQueue });
    } finally {
      setPending(null);
      setWaiting(0);
    }
  };

  const dialog = (
    <ConfirmDialog
      open={waiting > 0}
      title={t("offline.signOut.title")}
      description={
        <>
          <span className="block font-medium text-slate-900" data-testid="sign-out-pending">
            {t("offline.signOut.text", { count: waiting })}
          </span>
          <span className="mt-2 block">{t("offline.signOut.keepText")}</span>
        </>
      }
      confirmLabel={t("offline.signOut.keep")}
      cancelLabel={t("offline.signOut.cancel")}
      pending={pending === "keep"}
      onConfirm={() => finish(true)}
      onCancel={() => setWaiting(0)}
    >
      <Button variant="ghost" className="text-red-700" loading={pending === "discard"} disabled={pending !== null} onClick={() => void finish(false)}>
        {t("offline.signOut.discard")}
      </Button>
    </ConfirmDialog>
  );
  return { request: () => void request(), dialog };
}
