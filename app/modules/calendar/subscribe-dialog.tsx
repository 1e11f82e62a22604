import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Dialog, DialogPanel, DialogTitle } from "~/components/ui/dialog";
import { FeedSection } from "./feed-section";

/** 'Subscrever': the calendar's private feed link in a dialog (loaded on first use, decision 0049). */
export function SubscribeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation("calendar");
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-4">
        <DialogPanel className="w-full max-w-lg space-y-4 rounded-t-2xl bg-white p-4 shadow-xl sm:rounded-2xl">
          <DialogTitle className="sr-only">{t("ics.feed.title")}</DialogTitle>
          <FeedSection />
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              {t("ics.import.close")}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
