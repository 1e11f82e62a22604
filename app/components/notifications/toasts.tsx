import { useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { X } from "lucide-react";

/** A minimal toast queue until the app shell brings its own (critical notifications, feature news). */
export type Toast = {
  id: string;
  title: string;
  description?: string;
  variant: "success" | "destructive" | "default";
  durationMs: number;
  action?: { label: string; onClick: () => void };
  onDismiss?: () => void;
};

let toasts: Toast[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function showToast(toast: Omit<Toast, "id"> & { id?: string }) {
  const id = toast.id ?? Math.random().toString(36).slice(2);
  toasts = [...toasts.filter((t) => t.id !== id), { ...toast, id }];
  emit();
  return id;
}

export function dismissToast(id: string) {
  const toast = toasts.find((t) => t.id === id);
  toasts = toasts.filter((t) => t.id !== id);
  emit();
  toast?.onDismiss?.();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const styles: Record<Toast["variant"], string> = {
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  destructive: "border-red-700 bg-red-600 text-white",
  default: "border-slate-200 bg-white text-slate-900",
};

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation("notifications");
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.durationMs]);
  return (
    <li role={toast.variant === "destructive" ? "alert" : "status"} data-variant={toast.variant} className={`pointer-events-auto flex w-80 items-start gap-3 rounded-xl border p-4 shadow-lg ${styles[toast.variant]}`}>
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description && <p className="mt-1 text-sm opacity-90">{toast.description}</p>}
        {toast.action && (
          <button
            type="button"
            className="mt-2 text-sm font-semibold underline"
            onClick={() => {
              toast.action!.onClick();
              dismissToast(toast.id);
            }}
          >
            {toast.action.label}
          </button>
        )}
      </div>
      <button type="button" aria-label={t("ui.dismiss")} onClick={() => dismissToast(toast.id)} className="opacity-70 hover:opacity-100">
        <X className="size-4" aria-hidden />
      </button>
    </li>
  );
}

/** Renders the toast queue (bottom right). */
export function Toaster() {
  const current = useSyncExternalStore(subscribe, () => toasts, () => toasts);
  return (
    <ol aria-live="polite" className="pointer-events-none fixed right-4 bottom-4 z-50 flex flex-col gap-2">
      {current.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </ol>
  );
}
