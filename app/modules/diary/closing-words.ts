/**
 * The words a closing page sends (docs/decisions/0108 "Revised 3"), kept on this device until the
 * page sees them answered. A closed page never sees the answer of its keepalive request: if the
 * server refused it (the save it follows had not landed) or it never arrived, only this copy holds
 * the last words. localStorage because the page may be gone right after `pagehide`: the write must
 * be done before the handler returns (IndexedDB's are not). The next visit to the diary sends each
 * again with its key (closing-words-replay.ts).
 */
const STORE = "rumo-diary-closing-words";

/** A closing save as it was sent: its Idempotency-Key, request and the user it was sent for. */
export type ClosingWords = { userId: string; key: string; method: "POST" | "PATCH"; path: string; body: Record<string, unknown>; label: string; keptAt: number };

function all(): ClosingWords[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORE) ?? "[]");
    return Array.isArray(parsed) ? (parsed as ClosingWords[]) : [];
  } catch {
    return [];
  }
}

function write(list: ClosingWords[]) {
  try {
    if (list.length) localStorage.setItem(STORE, JSON.stringify(list));
    else localStorage.removeItem(STORE);
  } catch {
    // No storage (private mode, full): the request was sent all the same.
  }
}

export function keepClosingWords(words: ClosingWords) {
  write([...all().filter((kept) => kept.key !== words.key), words]);
}

export function forgetClosingWords(key: string) {
  const list = all();
  if (list.some((kept) => kept.key === key)) write(list.filter((kept) => kept.key !== key));
}

/** This user's kept closing words, oldest first (another account's stay for its own visit). */
export const closingWordsOf = (userId: string) => all().filter((kept) => kept.userId === userId);

type Words = { title?: string; content?: string; mood?: number | null; emotions?: readonly string[]; date?: string };

/** Whether two versions hold the same words (the server trims the title). */
export const sameWords = (a: Words, b: Words) =>
  (a.title ?? "").trim() === (b.title ?? "").trim() &&
  a.content === b.content &&
  a.mood === b.mood &&
  a.date === b.date &&
  (a.emotions ?? []).join() === (b.emotions ?? []).join();
