import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/shell/toast-store";
import type { Queued } from "~/lib/offline/write";

/** The toast after an offline write: kept on this device, or (storage full/refused) NOT kept. */
export function useQueuedWriteNotice() {
  const { t } = useTranslation("shell");
  return useCallback(
    (result: Queued) => {
      if (result.queued) toast({ tone: "info", title: t("offline.queuedTitle"), description: t("offline.queuedText") });
      else toast({ tone: "error", title: t(`offline.storage.${result.storageError}`), durationMs: 10_000 });
    },
    [t],
  );
}
