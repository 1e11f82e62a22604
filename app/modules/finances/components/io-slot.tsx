/**
 * The header's file actions, both Light features: importing a bank file (a preview dialog, then
 * POST /transactions/import) and the CSV export. Free users see them locked with the plan badge.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PlanBadge } from "~/components/billing/plan-badge";
import { Button } from "~/components/ui/button";
import { onDemandDialog } from "~/components/ui/dialog";

// The import dialog (file reading, preview) loads on first use or when the page is idle (decision 0042).
const ImportDialog = onDemandDialog(
  () => import("../import-dialog").then((m) => m.ImportDialog),
  (props) => props.open,
);

export function ImportButton({ advanced, ownCategories, onImported }: { advanced: boolean; ownCategories: readonly { id: string; name: string }[]; onImported: () => void }) {
  const { t } = useTranslation("finances");
  const [open, setOpen] = useState(false);
  if (!advanced) {
    return (
      <span className="inline-flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-400">
        {t("actions.import")} <PlanBadge entitlement="finances.advanced" />
      </span>
    );
  }
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} data-slot="finances-import">
        {t("actions.import")}
      </Button>
      <ImportDialog open={open} onClose={() => setOpen(false)} onImported={onImported} ownCategories={ownCategories} />
    </>
  );
}

/** The CSV export (a Light feature): a download link for entitled users, a locked label otherwise. */
export function ExportLink({ advanced, query }: { advanced: boolean; query: string }) {
  const { t } = useTranslation("finances");
  if (!advanced) {
    return (
      <span className="inline-flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-400">
        {t("actions.export")} <PlanBadge entitlement="finances.advanced" />
      </span>
    );
  }
  return (
    <a
      href={`/api/v1/transactions/export.csv${query}`}
      download
      data-slot="finances-export"
      className="inline-flex items-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-700 shadow-sm hover:bg-slate-50"
    >
      {t("actions.export")}
    </a>
  );
}
