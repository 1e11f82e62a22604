/**
 * "Importar extrato": choose a bank or app CSV, see what would be imported (dry run on the
 * server, which detects encoding, delimiter and columns), change the columns or formats if the
 * guess is wrong, see duplicates and skipped lines, then import all or nothing.
 */
import { Dialog, DialogPanel, DialogTitle } from "~/components/ui/dialog";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { useDiscardChanges } from "~/components/ui/discard-changes";
import { Select, TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/form";
import { formatMoney } from "~/components/ui/money";
import { screenToast } from "~/components/shell/toast-store";
import { sanitizeLanguage } from "~/i18n/language";
import { formatLongDate } from "~/lib/dates";
import { categoryOptions, sendImport, type ImportPreview, type MappingChoice } from "./io-client";

/** Rows shown in the preview table; the counts cover the whole file. */
const PREVIEW_ROWS = 100;

export function ImportDialog({ open, onClose, onImported, ownCategories = [] }: { open: boolean; onClose: () => void; onImported?: (count: number) => void; ownCategories?: readonly { id: string; name: string }[] }) {
  const { t, i18n } = useTranslation("financesIo");
  const language = sanitizeLanguage(i18n.language) ?? "pt";
  const [bytes, setBytes] = useState<ArrayBuffer | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<MappingChoice>({});
  const [categories, setCategories] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<"reading" | "importing" | null>(null);

  const reset = () => {
    setBytes(null);
    setPreview(null);
    setMapping({});
    setCategories({});
    setError(null);
  };
  // Columns or categories the user chose in the preview are work: Escape, a tap outside or Cancel
  // asks before throwing them away (docs/decisions/0084), as the other editing dialogs do.
  const { close: closeAsking, question } = useDiscardChanges(Object.keys(mapping).length > 0 || Object.keys(categories).length > 0, () => {
    reset();
    onClose();
  });
  const close = () => {
    if (pending) return;
    closeAsking();
  };

  // The category choices are passed in: a new file starts from none, while this render's state
  // still holds the previous file's (keyed by its line numbers) until the next render.
  async function load(file: ArrayBuffer, choice: MappingChoice, chosen: Record<string, string>) {
    setPending("reading");
    setError(null);
    const result = await sendImport(file, { dryRun: true, mapping: choice, categories: chosen });
    setPending(null);
    if (result.ok) setPreview(result.data);
    else {
      setPreview(null);
      setError(result.status === 413 ? t("import.tooLarge") : result.error.message || t("import.notCsv"));
    }
  }

  async function choose(file: File | undefined) {
    if (!file) return;
    const data = await file.arrayBuffer();
    setBytes(data);
    setMapping({});
    setCategories({});
    await load(data, {}, {});
  }

  function remap(change: MappingChoice) {
    const next = { ...mapping, ...change };
    setMapping(next);
    if (bytes) void load(bytes, next, categories);
  }

  async function importAll() {
    if (!bytes) return;
    setPending("importing");
    const result = await sendImport(bytes, { dryRun: false, mapping, categories });
    setPending(null);
    if (!result.ok) {
      setError(result.error.message || t("import.notCsv"));
      return;
    }
    const count = result.data.imported ?? 0;
    screenToast(count ? { key: "financesIo:import.done", values: { count } } : { key: "financesIo:import.nothingNew" }, undefined, count ? "success" : "info");
    onImported?.(count);
    reset();
    onClose();
  }

  const fresh = preview?.items.filter((i) => !i.duplicate).length ?? 0;
  const duplicates = (preview?.items.length ?? 0) - fresh;
  const columnOptions = [{ value: "", label: t("import.none") }, ...(preview?.mapping.columns ?? []).map((name, index) => ({ value: String(index), label: name || `#${index + 1}` }))];
  const choices = categoryOptions((key) => i18n.t(`finances:categories.${key}` as never), ownCategories);
  const money = (cents: number, type: "income" | "expense") => `${type === "expense" ? "−" : "+"}${formatMoney(cents, language)}`;
  const columnField = (key: "date" | "description" | "amount" | "debit" | "credit") => (
    <Select
      key={key}
      label={t(`import.column.${key}`)}
      value={preview?.mapping[key] === null || preview?.mapping[key] === undefined ? "" : String(preview.mapping[key])}
      onChange={(e) => remap({ [key]: e.target.value === "" ? null : Number(e.target.value) })}
      options={columnOptions}
      disabled={pending !== null}
    />
  );

  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-4">
        <DialogPanel className="flex max-h-[95vh] w-full max-w-4xl flex-col overflow-hidden rounded-t-2xl bg-white shadow-xl sm:rounded-2xl">
          <div className="border-b border-slate-100 p-4">
            <DialogTitle className="text-lg font-semibold text-slate-900">{t("import.title")}</DialogTitle>
            <p className="mt-1 text-sm text-slate-600">{t("import.intro")}</p>
          </div>
          <div className="flex-1 space-y-4 overflow-y-auto p-4">
            <TextField
              type="file"
              label={bytes ? t("import.chooseAnother") : t("import.choose")}
              accept=".csv,.txt,text/csv"
              disabled={pending !== null}
              onChange={(e) => void choose(e.target.files?.[0])}
            />
            {pending === "reading" && (
              <p role="status" className="text-sm text-slate-600">
                {t("import.reading")}
              </p>
            )}
            {error && <Notice tone="error">{error}</Notice>}

            {preview && (
              <>
                <p className="text-xs text-slate-500">
                  {t("import.detected", { encoding: preview.mapping.encoding, delimiter: preview.mapping.delimiter === "\t" ? "TAB" : preview.mapping.delimiter, line: preview.mapping.headerLine })}
                </p>
                <fieldset className="grid gap-3 sm:grid-cols-3 lg:grid-cols-4">
                  <legend className="mb-2 text-sm font-semibold text-slate-900">{t("import.mapping")}</legend>
                  {(["date", "description", "amount", "debit", "credit"] as const).map(columnField)}
                  <Select
                    label={t("import.dateFormat")}
                    value={preview.mapping.dateFormat}
                    onChange={(e) => remap({ dateFormat: e.target.value as MappingChoice["dateFormat"] })}
                    options={(["dmy", "mdy", "ymd"] as const).map((f) => ({ value: f, label: t(`import.${f}`) }))}
                    disabled={pending !== null}
                  />
                  <Select
                    label={t("import.decimal")}
                    value={preview.mapping.decimal}
                    onChange={(e) => remap({ decimal: e.target.value as "," | "." })}
                    options={[
                      { value: ",", label: t("import.decimalComma") },
                      { value: ".", label: t("import.decimalPoint") },
                    ]}
                    disabled={pending !== null}
                  />
                </fieldset>

                {preview.errors.length > 0 && (
                  <Notice tone="error">
                    <p className="font-medium">{t("import.errorsTitle")}</p>
                    <p>{t("import.errorsBlock")}</p>
                    <ul className="mt-1 list-disc pl-5">
                      {preview.errors.slice(0, 20).map((e) => (
                        <li key={e.line}>
                          {t("import.line", { line: e.line })}: {t(`rowError.${e.reason as "invalid_date"}`)}
                        </li>
                      ))}
                    </ul>
                  </Notice>
                )}

                <h3 className="text-sm font-semibold text-slate-900">{t("import.preview")}</h3>
                <div className="overflow-x-auto rounded-xl border border-slate-200">
                  <table className="w-full text-left text-sm">
                    <thead className="bg-slate-50 text-xs uppercase text-slate-500">
                      <tr>
                        <th className="px-3 py-2">{t("fields.date")}</th>
                        <th className="px-3 py-2">{t("fields.description")}</th>
                        <th className="px-3 py-2">{t("fields.category")}</th>
                        <th className="px-3 py-2 text-right">{t("fields.amount")}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {preview.items.slice(0, PREVIEW_ROWS).map((item, index) => (
                        <tr key={`${item.line}-${index}`} className={`border-t border-slate-100 ${item.duplicate ? "text-slate-500" : ""}`}>
                          {/* As the transactions list writes a day ("4 de dezembro de 2026" / "December 4, 2026"): the month named, so a wrong day/month order shows. */}
                          <td className="whitespace-nowrap px-3 py-2">{formatLongDate(new Date(`${item.date}T12:00:00`), language)}</td>
                          <td className="px-3 py-2">
                            {item.description}
                            {item.duplicate && (
                              <span title={t("import.duplicateHint")} className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">
                                {t("import.duplicate")}
                              </span>
                            )}
                          </td>
                          <td className="px-3 py-1">
                            <Select
                              hideLabel
                              label={`${t("fields.category")} · ${t("import.line", { line: item.line })}`}
                              value={categories[String(item.line)] ?? item.category}
                              onChange={(e) => setCategories((c) => ({ ...c, [String(item.line)]: e.target.value }))}
                              options={choices}
                              disabled={item.duplicate || pending !== null}
                            />
                          </td>
                          <td className={`whitespace-nowrap px-3 py-2 text-right tabular-nums ${item.type === "income" ? "text-emerald-700" : ""}`}>{money(item.amountCents, item.type)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                {preview.skipped.length > 0 && (
                  <details className="text-sm text-slate-600">
                    <summary>
                      {t("import.skippedTitle")} ({preview.skipped.length})
                    </summary>
                    <ul className="mt-1 list-disc pl-5">
                      {preview.skipped.map((s) => (
                        <li key={s.line}>
                          {t("import.line", { line: s.line })}: {t(`skip.${s.reason as "pending"}`)}
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
              </>
            )}
          </div>
          <div className="flex flex-col gap-2 border-t border-slate-100 p-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-600" aria-live="polite">
              {preview ? `${t("import.counts", { count: fresh })}${duplicates ? ` · ${t("import.duplicates", { count: duplicates })}` : ""}` : ""}
            </p>
            <div className="flex justify-end gap-2">
              <Button variant="ghost" onClick={close} disabled={pending !== null}>
                {t("import.cancel")}
              </Button>
              <Button onClick={() => void importAll()} loading={pending === "importing"} disabled={!preview || fresh === 0 || preview.errors.length > 0 || pending !== null}>
                {pending === "importing" ? t("import.importing") : t("import.importAll")}
              </Button>
            </div>
          </div>
        </DialogPanel>
      </div>
      {question}
    </Dialog>
  );
}
