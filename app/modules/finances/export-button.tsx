/** "Exportar CSV": downloads the user's transactions (filters optional) as the CSV of their language. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { screenToast } from "~/components/shell/toast-store";
import { downloadExport } from "./io-client";

export function ExportButton({ filters = {}, variant = "secondary" }: { filters?: Partial<Record<"from" | "to" | "type" | "category" | "q", string>>; variant?: "primary" | "secondary" | "ghost" }) {
  const { t } = useTranslation("financesIo");
  const [pending, setPending] = useState(false);
  async function run() {
    setPending(true);
    const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v) as [string, string][]).toString();
    const result = await downloadExport(query ? `?${query}` : "");
    setPending(false);
    // A 402 is answered by the shell's upgrade offer; anything else gets a message here.
    if (!result.ok && result.status !== 402) screenToast({ key: "financesIo:export.error" }, result.error.message || undefined, "error");
  }
  return (
    <Button variant={variant} loading={pending} onClick={() => void run()}>
      {pending ? t("export.exporting") : t("export.button")}
    </Button>
  );
}
