import { XMarkIcon } from "@heroicons/react/20/solid";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, IconButton } from "~/components/ui/button";
import { dismissToast, subscribeToasts, type Toast } from "./toast-store";

const toneStyles = {
  success: "border-emerald-200 bg-white",
  error: "border-red-300 bg-red-600 text-white",
  info: "border-brand-200 bg-white",
};

/** Renders the toast store at the bottom right; errors are announced assertively. */
export function Toaster() {
  const { t } = useTranslation("shell");
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(() => subscribeToasts(setToasts), []);
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-20 z-[60] flex flex-col items-center gap-2 px-4 sm:right-4 sm:bottom-4 sm:left-auto sm:items-end">
      {toasts.map((item) => (
        <div
          key={item.id}
          role={item.tone === "error" ? "alert" : "status"}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-3 shadow-lg ${toneStyles[item.tone]}`}
        >
          <div className="flex-1">
            <p className="text-sm font-semibold">{item.title}</p>
            {item.description && <p className={`text-sm ${item.tone === "error" ? "text-red-50" : "text-slate-600"}`}>{item.description}</p>}
            {item.action && (
              <Button
                variant="link"
                className="mt-1 font-semibold! text-current! underline"
                onClick={() => {
                  item.action!.onClick();
                  dismissToast(item.id);
                }}
              >
                {item.action.label}
              </Button>
            )}
          </div>
          <IconButton icon={XMarkIcon} label={t("toasts.close")} onClick={() => dismissToast(item.id)} className="rounded p-0.5 opacity-70 hover:opacity-100" iconClassName="h-4 w-4" />
        </div>
      ))}
    </div>
  );
}
