/** Language rules shared by the server (cookie, Accept-Language) and the browser (storage, navigator). */

export const languages = ["pt", "en"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "pt";

/** Storage key of the user's choice; mirrored in a cookie of the same name so the server renders it. */
export const LANGUAGE_KEY = "rumo-language";

/** BCP 47 tags for `<html lang>` and date formatting. */
export const localeOf: Record<Language, string> = { pt: "pt-PT", en: "en-US" };

// Anything that is not a plain language tag is discarded: stored and detected values are attacker
// controllable (query strings, storage written by an extension), and end up in HTML.
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8}){0,3}$/;

/** Maps a stored or detected value to a supported language, or null when it is unusable. */
export function sanitizeLanguage(value: unknown): Language | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (trimmed.length > 35 || !LANGUAGE_TAG.test(trimmed)) return null;
  const primary = trimmed.slice(0, 2).toLowerCase();
  return (languages as readonly string[]).includes(primary) ? (primary as Language) : null;
}

/** The first usable candidate in order of precedence, else Portuguese. */
export function pickLanguage(candidates: Iterable<unknown>): Language {
  for (const candidate of candidates) {
    const language = sanitizeLanguage(candidate);
    if (language) return language;
  }
  return defaultLanguage;
}

/** Language ranges of an Accept-Language header, best first (q-values honoured). */
export function parseAcceptLanguage(header: string | null | undefined): readonly string[] {
  if (!header) return [];
  if (header.length > CACHED_HEADER_CHARS) return parse(header);
  let ranges = parsedHeaders.get(header);
  if (!ranges) {
    ranges = parse(header);
    // Browsers send a handful of distinct headers; a flood of odd ones only costs the parse again.
    if (parsedHeaders.size >= PARSED_HEADERS_MAX) parsedHeaders.clear();
    parsedHeaders.set(header, ranges);
  }
  return ranges;
}

// Parsed once per distinct header for the isolate: every request (API and pages) asks (0053).
// Bounded in count and size, so odd headers cannot grow the isolate's memory.
const PARSED_HEADERS_MAX = 200;
const CACHED_HEADER_CHARS = 256;
const parsedHeaders = new Map<string, string[]>();

function parse(header: string): string[] {
  return header
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [range, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { range: range.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.range && entry.range !== "*" && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.range);
}

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * The language the server renders: an explicit `?lang=` of the URL (hreflang alternates point at it;
 * it only decides this render, nothing is stored), then the stored choice (cookie), then the
 * browser's header. Every candidate goes through sanitizeLanguage.
 */
export function languageFromRequest(headers: Headers, userPreference?: string | null, queryLanguage?: string | null): Language {
  return pickLanguage([
    queryLanguage,
    userPreference,
    readCookie(headers.get("cookie"), LANGUAGE_KEY),
    ...parseAcceptLanguage(headers.get("accept-language")),
  ]);
}

/** A year-long, JS-readable cookie mirroring the stored choice (it is a preference, not a secret). */
export function languageCookie(language: Language): string {
  return `${LANGUAGE_KEY}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/**
 * The Intl locale of a language, for every date, time, number and amount Rumo shows: the page's own
 * tag (pt-PT or en-US), so that one screen never reads "6 December" where the next reads "December 6".
 * Anything that is not a supported language formats as the default language.
 */
export const intlLocale = (language: string | null | undefined): string => localeOf[sanitizeLanguage(language) ?? defaultLanguage];
