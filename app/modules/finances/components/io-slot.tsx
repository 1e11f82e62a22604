/**
 * >>> finances-io: the place of the io half's screen parts (issue 14). The lead wires the sentence
 * entry ('Entrada por frase', POST /transactions/parse) and the bank-file import (preview, then
 * POST /transactions/import) here after the merge, as components in `IO_PANELS`; until then only
 * the CSV export link shows, which needs nothing but the route of the io API.
 */
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { ProBadge } from "~/components/billing/pro-badge";

/** A panel of the io half: it gets `onDone` to refresh the screen after saving. */
export type IoPanel = { key: "sentence" | "import"; labelKey: "actions.sentence" | "actions.import"; Component: ComponentType<{ onDone: () => void }> };

/** Filled by the io half after the merge (one entry each for the sentence entry and the import). */
export const IO_PANELS: IoPanel[] = [];

/** The CSV export (a Light feature): a download link for entitled users, a locked label otherwise. */
export function ExportLink({ advanced, query }: { advanced: boolean; query: string }) {
  const { t } = useTranslation("finances");
  if (!advanced) {
    return (
      <span className="inline-flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-400">
        {t("actions.export")} <ProBadge />
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
