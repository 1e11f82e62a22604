/** Where people land after signing in when no (acceptable) return path was given. */
export const DEFAULT_NEXT = "/app/meu-impacto";

// Backslashes, whitespace and control characters: browsers drop or rewrite them before resolving a
// URL (`/\t/evil.com` becomes `//evil.com`, `/\evil.com` becomes `//evil.com`), so a value that
// contains any of them cannot be judged by reading it and is refused outright.
// eslint-disable-next-line no-control-regex
const AMBIGUOUS = /[\\\s\u0000-\u001f\u007f]/;

function looksSafe(value: string): boolean {
  return value.startsWith("/") && !value.startsWith("//") && !AMBIGUOUS.test(value);
}

/**
 * A same-origin path to return to after sign-in; anything else becomes the impact dashboard.
 * The value is resolved against the app's own origin the way a browser would, and kept only when it
 * stays on that origin. The decoded form must pass the same checks, because some proxies and
 * clients decode `%5C` or `%2F` before the browser sees the redirect.
 */
export function safeNext(value: string | null | undefined, origin: string): string {
  if (!value || value.length > 2048 || !looksSafe(value)) return DEFAULT_NEXT;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return DEFAULT_NEXT;
  }
  if (!looksSafe(decoded.replace(/[?#][\s\S]*$/, "")) || /[\\\u0000-\u001f\u007f]/.test(decoded)) return DEFAULT_NEXT;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(value, base);
  } catch {
    return DEFAULT_NEXT;
  }
  if (url.origin !== base.origin) return DEFAULT_NEXT;
  return url.pathname + url.search + url.hash;
}
