import { useTranslation } from "react-i18next";

/** The 'PRO' lock of unavailable items (sidebar, drawer, feature lists). */
export function ProBadge({ className = "" }: { className?: string }) {
  const { t } = useTranslation("billing");
  return (
    <span data-testid="pro-lock" className={`inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-bold text-amber-800 ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 20 20" width="11" height="11" fill="currentColor">
        <path d="M10 2a4 4 0 0 0-4 4v2H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1V9a1 1 0 0 0-1-1h-1V6a4 4 0 0 0-4-4Zm-2 6V6a2 2 0 1 1 4 0v2H8Z" />
      </svg>
      {t("premium.proBadge")}
    </span>
  );
}
