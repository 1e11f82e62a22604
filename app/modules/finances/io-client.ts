/**
 * Browser calls of finances I/O that are not JSON: a CSV file up for import, a CSV download.
 * Same error semantics as `apiFetch` (app/lib/api.ts): a 402 asks the shell to offer the upgrade.
 */
import { PREMIUM_REQUIRED_EVENT, type ApiErrorBody, type ApiResult } from "~/lib/api";
// The client's own list of keys: the worker's copy carries both languages' catalogues and the
// parsing word lists, which a first view must not download (tests/quality/bundle-budgets.test.ts).
import { DEFAULT_CATEGORIES } from "./categories";

/** The import preview/result as the API answers it (../shared/API.md "Finances"). */
export type ImportPreview = {
  items: { line: number; date: string; type: "income" | "expense"; amountCents: number; description: string; category: string; duplicate: boolean }[];
  skipped: { line: number; reason: string }[];
  errors: { line: number; reason: string }[];
  mapping: {
    encoding: string;
    delimiter: string;
    headerLine: number;
    columns: string[];
    date: number | null;
    description: number | null;
    amount: number | null;
    debit: number | null;
    credit: number | null;
    dateFormat: "dmy" | "ymd" | "mdy";
    decimal: "," | ".";
  };
  imported?: number;
};
export type MappingChoice = Partial<Pick<ImportPreview["mapping"], "date" | "description" | "amount" | "debit" | "credit" | "dateFormat" | "decimal">>;

const premiumRefused = (status: number) => {
  if (status === 402) window.dispatchEvent(new CustomEvent(PREMIUM_REQUIRED_EVENT));
};

/** Sends the file's bytes as they are (the server detects the encoding) for a preview or the import. */
export async function sendImport(bytes: ArrayBuffer, options: { dryRun: boolean; mapping?: MappingChoice; categories?: Record<string, string> }): Promise<ApiResult<ImportPreview>> {
  const query = new URLSearchParams();
  if (options.dryRun) query.set("dryRun", "true");
  if (options.mapping && Object.keys(options.mapping).length) query.set("mapping", JSON.stringify(options.mapping));
  // The categories the user picked per line in the preview (line -> category).
  if (options.categories && Object.keys(options.categories).length) query.set("categories", JSON.stringify(options.categories));
  try {
    const response = await fetch(`/api/v1/transactions/import?${query}`, { method: "POST", headers: { accept: "application/json", "content-type": "text/csv" }, body: bytes, credentials: "same-origin" });
    const payload = (await response.json().catch(() => null)) as { error?: ApiErrorBody } | null;
    if (response.ok) return { ok: true, status: response.status, data: payload as ImportPreview };
    premiumRefused(response.status);
    return { ok: false, status: response.status, error: payload?.error ?? { code: "unknown", message: "" } };
  } catch {
    return { ok: false, status: 0, error: { code: "network", message: "" } };
  }
}

/** Downloads the CSV export through a temporary link (the file name comes from the server). */
export async function downloadExport(query = ""): Promise<ApiResult<null>> {
  try {
    const response = await fetch(`/api/v1/transactions/export.csv${query}`, { credentials: "same-origin" });
    if (!response.ok) {
      premiumRefused(response.status);
      const payload = (await response.json().catch(() => null)) as { error?: ApiErrorBody } | null;
      return { ok: false, status: response.status, error: payload?.error ?? { code: "unknown", message: "" } };
    }
    const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "transacoes.csv";
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
    return { ok: true, status: 200, data: null };
  } catch {
    return { ok: false, status: 0, error: { code: "network", message: "" } };
  }
}

/** The category choices: the default set, labelled by `label` (the screen's finances catalogue), then the user's own. */
export const categoryOptions = (label: (key: string) => string, own: readonly { id: string; name: string }[] = []) => [
  ...DEFAULT_CATEGORIES.map((c) => ({ value: c.key, label: label(c.key) })),
  ...own.map((c) => ({ value: c.id, label: c.name })),
];
