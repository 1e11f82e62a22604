/**
 * Toasts, as the specification times them: the "stack" kind lasts 4 s with up to 3 visible, the
 * "single" kind lasts 5 s with 1 at a time; screen messages last 5 s, or 7 s for errors.
 */
export type ToastTone = "success" | "error" | "info";
export type ToastKind = "stack" | "single";
export type Toast = {
  id: number;
  kind: ToastKind;
  tone: ToastTone;
  title: string;
  description?: string;
  durationMs: number;
  action?: { label: string; onClick: () => void };
};
export type ToastInput = Omit<Toast, "id" | "kind" | "durationMs" | "tone"> & { kind?: ToastKind; tone?: ToastTone; durationMs?: number };

export const TOAST_LIMITS: Record<ToastKind, { visible: number; durationMs: number }> = {
  stack: { visible: 3, durationMs: 4000 },
  single: { visible: 1, durationMs: 5000 },
};
export const SCREEN_TOAST_MS = 5000;
export const SCREEN_ERROR_TOAST_MS = 7000;

/** Adds a toast, dropping the oldest of its kind beyond the kind's visible limit. */
export function addToast(toasts: readonly Toast[], toast: Toast): Toast[] {
  const sameKind = toasts.filter((t) => t.kind === toast.kind);
  const overflow = sameKind.length + 1 - TOAST_LIMITS[toast.kind].visible;
  const dropped = new Set(sameKind.slice(0, Math.max(0, overflow)).map((t) => t.id));
  return [...toasts.filter((t) => !dropped.has(t.id)), toast];
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<(toasts: Toast[]) => void>();
const emit = () => listeners.forEach((listener) => listener(toasts));

export function dismissToast(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** Shows a toast; returns its id. */
export function toast(input: ToastInput): number {
  const kind = input.kind ?? "stack";
  const tone = input.tone ?? "info";
  const durationMs = input.durationMs ?? TOAST_LIMITS[kind].durationMs;
  const item: Toast = { ...input, id: nextId++, kind, tone, durationMs };
  toasts = addToast(toasts, item);
  emit();
  if (typeof window !== "undefined") window.setTimeout(() => dismissToast(item.id), durationMs);
  return item.id;
}

/** A screen-level message: 5 s, or 7 s for errors. */
export const screenToast = (title: string, description?: string, tone: ToastTone = "info") =>
  toast({ title, description, tone, durationMs: tone === "error" ? SCREEN_ERROR_TOAST_MS : SCREEN_TOAST_MS });

export function subscribeToasts(listener: (toasts: Toast[]) => void) {
  listeners.add(listener);
  listener(toasts);
  return () => void listeners.delete(listener);
}
