import type { ReactNode } from "react";

// The first pieces of the kit lived here; screens keep importing them from this file.
export { Button } from "./button";
export { TextField as Field } from "./field";

/** A status line: success, error or neutral information, announced politely (errors assertively). */
export function Notice({ tone, children }: { tone: "success" | "error" | "info"; children: ReactNode }) {
  const styles = { success: "border-emerald-200 bg-emerald-50 text-emerald-900", error: "border-red-200 bg-red-50 text-red-900", info: "border-brand-200 bg-brand-50 text-brand-900" }[
    tone
  ];
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-lg border px-3 py-2 text-sm ${styles}`}>
      {children}
    </div>
  );
}
