import { toast } from "~/components/shell/toast-store";
import type { Queued } from "~/lib/offline/write";

/** The toast after an offline write: kept on this device, or (storage full/refused) NOT kept. */
export function useQueuedWriteNotice() {
  return queuedWriteNotice;
}

/** Keys, which the toaster translates as it renders: the toast follows a language switch. */
export function queuedWriteNotice(result: Queued) {
  if (result.queued) toast({ tone: "info", title: { key: "shell:offline.queuedTitle" }, description: { key: "shell:offline.queuedText" } });
  else toast({ tone: "error", title: { key: `shell:offline.storage.${result.storageError}` }, durationMs: 10_000 });
}
