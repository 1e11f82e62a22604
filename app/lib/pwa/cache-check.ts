/**
 * Whether an answer read back from Cache Storage can still be served offline. A damaged entry (a
 * write cut short by a full disk or a closed tab, a body that no longer reads) is dropped by the
 * service worker instead of being handed to the page, where it would crash the screen: the next
 * request with a connection stores a fresh copy (the user caches are network first).
 * docs/decisions/0044-offline-queue-rules.md
 */
export function isUsableCachedBody(contentType: string | null, body: string): boolean {
  const type = (contentType ?? "").toLowerCase();
  if (type.includes("json")) {
    try {
      JSON.parse(body);
      return true;
    } catch {
      return false;
    }
  }
  // A page cut short has no end: its data and scripts at the end never arrived.
  if (type.includes("text/html")) return /<\/html>\s*$/i.test(body);
  // Loader data (`.data`, turbo-stream) is a non-empty stream of lines.
  if (type.includes("text/x-script")) return body.trim().length > 0;
  return true;
}
