/**
 * The orientation preference (auto, portrait or landscape), stored in the browser under the
 * specification's key `orientation-preference` and applied to the installed app (the Screen
 * Orientation lock works only in standalone or fullscreen display; elsewhere it is a no-op).
 */
export const ORIENTATION_KEY = "orientation-preference";
export const ORIENTATIONS = ["auto", "portrait", "landscape"] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

export const parseOrientation = (value: string | null | undefined): Orientation => (ORIENTATIONS.includes(value as Orientation) ? (value as Orientation) : "auto");

export function readOrientation(storage: Pick<Storage, "getItem"> = localStorage): Orientation {
  try {
    return parseOrientation(storage.getItem(ORIENTATION_KEY));
  } catch {
    return "auto";
  }
}

type Lockable = { lock?: (orientation: string) => Promise<void>; unlock?: () => void };

export async function applyOrientation(orientation: Orientation, screenOrientation: Lockable | undefined = (globalThis.screen?.orientation as Lockable | undefined)) {
  if (!screenOrientation) return;
  try {
    if (orientation === "auto") screenOrientation.unlock?.();
    else await screenOrientation.lock?.(orientation);
  } catch {
    // Not installed (a browser tab) or not supported: the preference applies once it can.
  }
}

export async function saveOrientation(orientation: Orientation, storage: Pick<Storage, "setItem"> = localStorage) {
  try {
    storage.setItem(ORIENTATION_KEY, orientation);
  } catch {
    // Storage refused (private mode): applied for this visit only.
  }
  await applyOrientation(orientation);
}
