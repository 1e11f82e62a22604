/**
 * Toasts, as the specification times them: the "stack" kind lasts 4 s with up to 3 visible, the
 * "single" kind lasts 5 s with 1 at a time; screen messages last 5 s, or 7 s for errors. A toast's
 * time stands still while the pointer is over it or the focus is in it (`pauseToast`), so no one
 * is rushed reading it or reaching its action.
 */
import type { Language } from "~/i18n/language";
import type { MessageKey } from "~/locales/types";

export type ToastTone = "success" | "error" | "info";
/**
 * A value of a toast's text. A date or time is given as a function of the language, called as the
 * toast renders: formatted when the toast was raised, it would stay in the old language after a switch.
 */
export type ToastValue = string | number | ((language: Language) => string);
/**
 * A toast's words: plain text (a server's message, an item's own title), or a catalogue key and its
 * values, which the toaster translates as it renders, so a toast already up follows a language switch.
 */
export type ToastText = string | { key: MessageKey; values?: Record<string, ToastValue> };

/** A toast's values as the catalogue takes them, its dates worded in `language`. */
export const valuesIn = (language: Language, values: Record<string, ToastValue> = {}): Record<string, string | number> =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === "function" ? value(language) : value]));
export type ToastKind = "stack" | "single";
export type Toast = {
  id: number;
  kind: ToastKind;
  tone: ToastTone;
  title: ToastText;
  description?: ToastText;
  durationMs: number;
  action?: { label: ToastText; onClick: () => void };
  /** Called once when the toast leaves: its time is up, it was closed, or newer toasts pushed it out. */
  onClose?: () => void;
  /**
   * The action takes the focus if the focus was lost as the toast appeared (the focused element
   * went away, as a deleted row's delete button does); never from where the user is.
   */
  takesLostFocus?: boolean;
  /**
   * Puts the focus back where the user was (the next row of a list) when the toast leaves holding
   * it; false when there is nowhere to put it, and the shell's main takes it.
   */
  returnFocus?: () => boolean;
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

/** After a pause, a toast stays at least this long, so it does not vanish as the pointer leaves it. */
export const RESUMED_TOAST_MIN_MS = 1000;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<(toasts: Toast[]) => void>();
const emit = () => listeners.forEach((listener) => listener(toasts));

/** Each toast's time left, counted from `since`; `handle` is unset while the toast is held. */
const timers = new Map<number, { left: number; since: number; handle?: ReturnType<typeof setTimeout> }>();

function run(id: number, left: number) {
  // Not on the server: a toast raised while rendering there never leaves.
  if (typeof window !== "undefined") timers.set(id, { left, since: Date.now(), handle: setTimeout(() => dismissToast(id), left) });
}

function closed(gone: readonly Toast[]) {
  for (const item of gone) {
    clearTimeout(timers.get(item.id)?.handle);
    timers.delete(item.id);
  }
  for (const item of gone) item.onClose?.();
}

export function dismissToast(id: number) {
  const gone = toasts.filter((t) => t.id === id);
  if (!gone.length) return;
  toasts = toasts.filter((t) => t.id !== id);
  emit();
  closed(gone);
}

/** Stops a toast's time (the pointer is over it, or the focus in it). */
export function pauseToast(id: number) {
  const timer = timers.get(id);
  if (!timer?.handle) return;
  clearTimeout(timer.handle);
  timers.set(id, { left: timer.left - (Date.now() - timer.since), since: 0 });
}

/** Lets a paused toast's time run again, with at least `RESUMED_TOAST_MIN_MS` left. */
export function resumeToast(id: number) {
  const timer = timers.get(id);
  if (timer && !timer.handle) run(id, Math.max(timer.left, RESUMED_TOAST_MIN_MS));
}

/** Shows a toast; returns its id. */
export function toast(input: ToastInput): number {
  const kind = input.kind ?? "stack";
  const tone = input.tone ?? "info";
  const durationMs = input.durationMs ?? TOAST_LIMITS[kind].durationMs;
  const item: Toast = { ...input, id: nextId++, kind, tone, durationMs };
  const before = toasts;
  toasts = addToast(toasts, item);
  emit();
  run(item.id, durationMs);
  closed(before.filter((t) => !toasts.includes(t)));
  return item.id;
}

/** A screen-level message: 5 s, or 7 s for errors. */
export const screenToast = (title: ToastText, description?: ToastText, tone: ToastTone = "info") =>
  toast({ title, description, tone, durationMs: tone === "error" ? SCREEN_ERROR_TOAST_MS : SCREEN_TOAST_MS });

export function subscribeToasts(listener: (toasts: Toast[]) => void) {
  listeners.add(listener);
  listener(toasts);
  return () => void listeners.delete(listener);
}
