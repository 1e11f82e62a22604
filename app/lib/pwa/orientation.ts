/**
 * The orientation preference (auto, portrait or landscape), stored in the browser under the
 * specification's `orientation-preference` with Rumo's key prefix (DECISIONS: every storage key
 * starts `rumo-`), and applied to the installed app (the Screen Orientation lock works only in
 * standalone or fullscreen display; elsewhere it is a no-op).
 */
export const ORIENTATION_KEY = "rumo-orientation-preference";
/** Where the preference was kept before it took the prefix: read once, then moved. */
const OLD_ORIENTATION_KEY = "orientation-preference";
export const ORIENTATIONS = ["auto", "portrait", "landscape"] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

export const parseOrientation = (value: string | null | undefined): Orientation => (ORIENTATIONS.includes(value as Orientation) ? (value as Orientation) : "auto");

export function readOrientation(storage: Pick<Storage, "getItem"> = localStorage): Orientation {
  try {
    return parseOrientation(storage.getItem(ORIENTATION_KEY) ?? storage.getItem(OLD_ORIENTATION_KEY));
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

export async function saveOrientation(orientation: Orientation, storage: Pick<Storage, "setItem" | "removeItem"> = localStorage) {
  try {
    storage.setItem(ORIENTATION_KEY, orientation);
    storage.removeItem(OLD_ORIENTATION_KEY);
  } catch {
    // Storage refused (private mode): applied for this visit only.
  }
  await applyOrientation(orientation);
}
