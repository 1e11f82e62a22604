/**
 * The next visit's half of closing-words.ts (loaded on demand, only when words were kept): each
 * closing save the page could not see answered is sent again with its own key (docs/decisions/0108
 * "Revised 3"). Landed: the server answers its first answer, and nothing is written twice. Refused
 * (the save it followed never landed, or another device changed the entry): unless an entry of its
 * day already holds those words, they become a new draft, as a refused save's do while the page is
 * open (0091). No answer: kept for the next visit.
 */
import { apiFetch } from "~/lib/api";
import { KEY_REMEMBERED_MS } from "~/lib/offline/queue";
import { isQueued, writeOrQueue } from "~/lib/offline/write";
import { closingWordsOf, forgetClosingWords, sameWords, type ClosingWords } from "./closing-words";

/**
 * A closing save younger than this may still be running on the server (one that follows a save
 * waits for it up to SAVE_AWAIT_MS, worker/modules/diary/index.ts): sent again only after it, or
 * its key would answer "still running" and the words would be copied beside their own landing.
 */
export const CLOSING_SETTLE_MS = 5_000;

type Entry = { id: string; title: string; content: string; mood: number | null; emotions: string[]; date: string };

/** Whether an entry of the words' day already holds them (landed, or copied by another tab). */
async function stored(words: ClosingWords["body"]) {
  const date = typeof words.date === "string" ? words.date : null;
  if (!date) return false;
  const found = await apiFetch<{ items: Entry[] }>(`/diary?from=${date}&to=${date}&limit=200`);
  if (!found.ok) return null;
  return found.data.items.some((entry) => sameWords(entry, words));
}

/**
 * Settles this user's kept closing words. `copyTitle` names a copy as the writer names a conflict
 * copy. Answers the copies' titles (for the notice), and whether anything may have changed the list.
 */
export async function replayClosingWords(userId: string, copyTitle: (title: string) => string) {
  const copies: string[] = [];
  let changed = false;
  for (const kept of closingWordsOf(userId)) {
    const wait = kept.keptAt + CLOSING_SETTLE_MS - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    // Past a day the server has forgotten its key: sent again it would be another request.
    if (Date.now() - kept.keptAt < KEY_REMEMBERED_MS) {
      const sent = await apiFetch(kept.path, { method: kept.method, body: kept.body, headers: { "Idempotency-Key": kept.key } });
      if (sent.ok) {
        forgetClosingWords(kept.key);
        changed = true;
        continue;
      }
      // No answer, or the server is down: tried again at the next visit.
      if (sent.status === 0 || sent.status >= 500) continue;
    }
    const there = await stored(kept.body);
    if (there === null) continue;
    if (!there) {
      const { baseUpdatedAt: _base, baseSaveKey: _key, draft: _draft, ...words } = kept.body;
      const title = copyTitle(typeof words.title === "string" ? words.title : "");
      // Its own key, made from the kept one: two tabs settling the same words make one copy.
      const copy = await writeOrQueue({ kind: "diary.create", method: "POST", path: "/diary", body: { ...words, title, draft: true }, label: title, key: `${kept.key}.copy` });
      if (!isQueued(copy) && !copy.ok && (copy.status === 0 || copy.status >= 500)) continue;
      // Not kept anywhere yet, or refused while the plan lacks the diary: tried again at the next visit.
      if ((isQueued(copy) && !copy.queued) || (!isQueued(copy) && copy.status === 402)) continue;
      if (!isQueued(copy) && !copy.ok) {
        // Refused for good (its words are not valid any more): nothing more can keep them here.
        forgetClosingWords(kept.key);
        continue;
      }
      copies.push(title);
      changed = true;
    }
    forgetClosingWords(kept.key);
  }
  return { copies, changed };
}
