import { useTranslation } from "react-i18next";

/** One grey placeholder block; size it with classes ("h-4 w-32"). Decorative: wrap blocks in `Loading`. */
export function Skeleton({ className = "h-4 w-full" }: { className?: string }) {
  return <span aria-hidden="true" className={`block animate-pulse rounded bg-slate-200 ${className}`} />;
}

/**
 * A region that is still loading: `aria-busy` tells assistive technology to wait, and a hidden
 * "Loading…" line says why it is empty. Without children it shows `lines` text-like placeholders.
 */
export function Loading({ lines = 3, label, children, className = "" }: { lines?: number; label?: string; children?: React.ReactNode; className?: string }) {
  const { t } = useTranslation("ui");
  return (
    <div aria-busy="true" aria-live="polite" className={`space-y-2 ${className}`}>
      <span className="sr-only">{label ?? t("loading")}</span>
      {children ?? Array.from({ length: lines }, (_, i) => <Skeleton key={i} className={`h-4 ${i === lines - 1 && lines > 1 ? "w-2/3" : "w-full"}`} />)}
    </div>
  );
}
