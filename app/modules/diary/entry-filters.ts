/**
 * The diary list's filters as the screen's address holds them (decision 0115): `?humor=4,5`,
 * `?emocao=calm`, `?texto=praia`. In the address, so that back/forward and a reload keep them;
 * read by the route's loader (which lists the filtered first page) and by the screen ("Carregar
 * mais" continues the filtered list). Values the API would refuse are dropped, never an error page.
 */
import { EMOTIONS, MOOD_KEYS, WORDS_MAX, WORDS_MIN, type Emotion } from "@worker/modules/diary/vocabulary";

export type EntryFilters = { moods: number[]; emotion: Emotion | null; words: string };

/** The address's names (Portuguese, as the screen's path and `?entrada=`). */
export const FILTER_PARAMS = { moods: "humor", emotion: "emocao", words: "texto" } as const;

export const NO_FILTERS: EntryFilters = { moods: [], emotion: null, words: "" };

const isEmotion = (value: string | null): value is Emotion => value !== null && (EMOTIONS as readonly string[]).includes(value);

/**
 * The words as they are looked for: trimmed, cut at the API's maximum; empty (not looked for yet)
 * below its minimum or without a letter or digit, which the API would refuse.
 */
export const wordsToFind = (words: string) => {
  const trimmed = words.trim().slice(0, WORDS_MAX).trim();
  return trimmed.length < WORDS_MIN || !/[\p{L}\p{N}]/u.test(trimmed) ? "" : trimmed;
};

export function filtersOf(search: URLSearchParams): EntryFilters {
  const moods = (search.get(FILTER_PARAMS.moods) ?? "")
    .split(",")
    .map(Number)
    .filter((mood) => Number.isInteger(mood) && mood >= 1 && mood <= MOOD_KEYS.length);
  const emotion = search.get(FILTER_PARAMS.emotion);
  return { moods: [...new Set(moods)].sort(), emotion: isEmotion(emotion) ? emotion : null, words: search.get(FILTER_PARAMS.words) ?? "" };
}

/** Whether the list is narrowed (words too short to look for do not narrow it). */
export const isFiltered = (filters: EntryFilters) => filters.moods.length > 0 || filters.emotion !== null || wordsToFind(filters.words) !== "";

/** The filters as GET /diary's query (`mood=4,5&emotion=calm&q=praia`), "" without any. */
export function apiQuery(filters: EntryFilters): string {
  const query = new URLSearchParams();
  if (filters.moods.length) query.set("mood", filters.moods.join(","));
  if (filters.emotion) query.set("emotion", filters.emotion);
  const words = wordsToFind(filters.words);
  if (words) query.set("q", words);
  return query.toString();
}

/**
 * The address's query with these filters, the rest kept. `?entrada=` goes: it opened one entry
 * (a search result), and a new filter is another list, not that entry again.
 */
export function withFilters(search: URLSearchParams, filters: EntryFilters): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete("entrada");
  const set = (name: string, value: string) => (value ? next.set(name, value) : next.delete(name));
  set(FILTER_PARAMS.moods, filters.moods.join(","));
  set(FILTER_PARAMS.emotion, filters.emotion ?? "");
  set(FILTER_PARAMS.words, filters.words);
  return next;
}
