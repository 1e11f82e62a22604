/** A lazily loaded module that failed to download (usually: a new version was deployed). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? "");
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError/i.test(message);
}

const FLAG = "rumo-chunk-reload";

/**
 * Clears the caches and reloads once. The flag in sessionStorage stops a loop: a second failure
 * right after the reload shows the error screen instead. Not offline: there the download failed for
 * want of a connection, not because of a deploy, and clearing the caches would take the screens
 * and data kept for offline use, leaving a reload with nothing to show.
 */
export async function reloadOnce(
  storage: Pick<Storage, "getItem" | "setItem"> = sessionStorage,
  reload = () => window.location.reload(),
  offline = () => typeof navigator !== "undefined" && navigator.onLine === false,
): Promise<boolean> {
  if (offline() || storage.getItem(FLAG) === "1") return false;
  storage.setItem(FLAG, "1");
  if (typeof caches !== "undefined") await Promise.all((await caches.keys()).map((key) => caches.delete(key)));
  reload();
  return true;
}

/** Called once the app has started fine again. */
export const clearReloadFlag = (storage: Pick<Storage, "removeItem"> = sessionStorage) => storage.removeItem(FLAG);
