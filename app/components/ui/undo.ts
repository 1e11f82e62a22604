/**
 * Deleting with undo, the way mail and task apps do it: the item leaves the screen at once, a toast
 * offers "Anular" for a few seconds, and only then is the DELETE sent. Nothing is restored on the
 * server, so a module needs no soft-delete columns; a DELETE that fails puts the item back.
 *
 * The DELETE goes when the toast leaves (its time is up, it is closed, or newer toasts push it out).
 * Its time stands still while the user points at it or has moved the focus into it; when the delete
 * took the focused element away (the row's delete button), "Anular" takes the focus (the Toaster).
 *
 * Pending deletes are sent straight away when the page is hidden (tab closed, app backgrounded), so
 * leaving the screen never silently keeps an item the user removed; those requests are `keepalive`,
 * so the browser finishes them after the page is gone.
 */
import { dismissToast, toast, type ToastText } from "~/components/shell/toast-store";
import { asPageLeaves } from "~/lib/api";

export const UNDO_WINDOW_MS = 5000;

export type UndoableDelete = {
  /**
   * The toast's text, e.g. "Tarefa eliminada": best as a catalogue key (`{ key: "tasks:toast.deleted" }`),
   * which the toaster translates as it renders, so the toast follows a language switch.
   */
  title: ToastText;
  /** The toast's action label, e.g. "Anular" (a key too, best). */
  undoLabel: ToastText;
  /** Removes the item from the screen (optimistic). */
  hide: () => void;
  /** Puts it back: on undo, or when `commit` fails. */
  restore: () => void;
  /** Sends the DELETE; a rejection (or `false`) restores the item and shows `failedTitle`. */
  commit: () => Promise<unknown>;
  /** The error toast when the DELETE fails (the specification's 'Erro ao eliminar'). */
  failedTitle: ToastText;
  delayMs?: number;
  /**
   * Names the delete for `sendPendingDelete`, when the same thing can be created again at once (a
   * budget's category, one budget each: the server still holds the old one during the window).
   */
  key?: string;
  /**
   * Where the focus goes when the toast leaves holding it ("Anular" had it): see `Toast.returnFocus`.
   * `undone` says whether "Anular" was pressed: the item is coming back, and may reach the screen a
   * render after the toast has gone (the bell's state is handed over in an effect).
   */
  returnFocus?: (undone: boolean) => boolean;
};

const pending = new Map<number, { send: () => void }>();
/** The named deletes not yet answered: sending one now resolves once its DELETE has answered. */
const named = new Map<string, () => Promise<void>>();
let nextId = 1;

/** Hides the item, offers undo, and sends the DELETE once the toast has gone. Returns a cancel. */
export function deleteWithUndo(options: UndoableDelete): () => void {
  const id = nextId++;
  const delayMs = options.delayMs ?? UNDO_WINDOW_MS;
  let settled = false;
  let answered: Promise<void> = Promise.resolve();
  const forget = () => {
    if (options.key && named.get(options.key) === now) named.delete(options.key);
  };
  const send = () => {
    if (settled) return;
    settled = true;
    pending.delete(id);
    answered = options
      .commit()
      .then(
        (result) => {
          if (result === false) fail();
        },
        fail,
      )
      .finally(forget);
  };
  // Sent now, its toast (and "Anular") gone: the item is being created again.
  const now = () => {
    send();
    dismissToast(toastId);
    return answered;
  };
  const fail = () => {
    options.restore();
    toast({ title: options.failedTitle, tone: "error" });
  };
  let undone = false;
  const cancel = () => {
    if (settled) return;
    settled = true;
    undone = true;
    pending.delete(id);
    forget();
    options.restore();
    dismissToast(toastId);
  };
  pending.set(id, { send });
  if (options.key) named.set(options.key, now);
  options.hide();
  const toastId = toast({ title: options.title, durationMs: delayMs, action: { label: options.undoLabel, onClick: cancel }, onClose: send, takesLostFocus: true, returnFocus: options.returnFocus && (() => options.returnFocus!(undone)) });
  return cancel;
}

/**
 * Sends the pending delete named `key` now instead of at the end of its undo window, and resolves
 * once its DELETE has answered (at once when there is none). Creating again what is being deleted
 * (a budget's category re-added within the window) goes after it, instead of into a conflict with it.
 */
export function sendPendingDelete(key: string): Promise<void> {
  return named.get(key)?.() ?? Promise.resolve();
}

/** Sends every pending delete now (the page is going away), as keepalive requests (apiFetch). */
export function flushPendingDeletes() {
  const entries = [...pending.values()];
  if (!entries.length) return;
  asPageLeaves(() => {
    for (const entry of entries) entry.send();
  });
}

if (typeof window !== "undefined") window.addEventListener("pagehide", flushPendingDeletes);
