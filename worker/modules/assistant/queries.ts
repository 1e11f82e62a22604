/** The assistant's only data access: its history and drafts, every query scoped by the user id. */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { listPageIds, listPageRead } from "../../db/lists";
import { read, readAll, run } from "../../db/reads";
import { ownedOr404 } from "../../db/owned";
import { scopedTo } from "../../db/scoped";
import type { PageRequest } from "../../lib/pagination";
import { assistantDrafts, assistantMessages, type AssistantDraft, type AssistantMessage } from "./schema";

export type { AssistantDraft, AssistantMessage };
export type NewDraft = { id: string; type: AssistantDraft["type"]; fields: Record<string, unknown> };

/** Saves the user's message and the answer with its drafts, in one batch (all or nothing). */
export async function saveExchange(
  db: Db,
  userId: string,
  exchange: { question: { id: string; content: string; at: Date }; answer: { id: string; content: string; provider: string; sources: unknown[]; at: Date }; drafts: NewDraft[] },
) {
  const scoped = scopedTo(db, userId);
  const { question, answer } = exchange;
  await scoped.batch([
    scoped.insert(assistantMessages, { id: question.id, role: "user", content: question.content, provider: null, sources: [], createdAt: question.at }),
    scoped.insert(assistantMessages, { id: answer.id, role: "assistant", content: answer.content, provider: answer.provider, sources: answer.sources, createdAt: answer.at }),
    ...exchange.drafts.map((draft) => scoped.insert(assistantDrafts, { ...draft, messageId: answer.id, status: "pending", createdAt: answer.at, updatedAt: answer.at })),
  ]);
}

const HISTORY_ORDER = [{ by: assistantMessages.createdAt, desc: true, of: (m: AssistantMessage) => m.createdAt }];

/**
 * One page of the history, newest first, with the drafts of its messages, in one D1 batch. The
 * drafts select the page's messages by subquery: binding each id (up to 200) would pass D1's
 * 100 parameters per statement.
 */
export async function history(db: Db, userId: string, page: PageRequest) {
  const scoped = scopedTo(db, userId);
  const list = { order: HISTORY_ORDER, page };
  const drafts = scoped.select(assistantDrafts, inArray(assistantDrafts.messageId, listPageIds(scoped, assistantMessages, list))).orderBy(asc(assistantDrafts.createdAt), asc(assistantDrafts.id));
  const [{ items, nextCursor }, rows] = await run(db, readAll([listPageRead(scoped, assistantMessages, list), read(drafts)]));
  return { items, drafts: rows, nextCursor };
}

export const draftOr404 = (db: Db, userId: string, id: string | undefined) => ownedOr404(scopedTo(db, userId), assistantDrafts, id);

/** Marks a pending draft confirmed or discarded; false when it was no longer pending (a double tap). */
export async function settleDraft(db: Db, userId: string, id: string, change: { status: "confirmed" | "discarded"; resultId?: string; fields?: Record<string, unknown> }) {
  const rows = await scopedTo(db, userId)
    .update(assistantDrafts, { status: change.status, resultId: change.resultId ?? null, ...(change.fields ? { fields: change.fields } : {}), updatedAt: new Date() }, and(eq(assistantDrafts.id, id), eq(assistantDrafts.status, "pending")))
    .returning({ id: assistantDrafts.id });
  return rows.length > 0;
}

/** What a confirmed draft created. */
export async function recordResult(db: Db, userId: string, id: string, resultId: string) {
  await scopedTo(db, userId).update(assistantDrafts, { resultId, updatedAt: new Date() }, eq(assistantDrafts.id, id));
}

/** A confirmation whose write failed leaves the draft pending again (the user may edit and retry). */
export async function reopenDraft(db: Db, userId: string, id: string) {
  await scopedTo(db, userId).update(assistantDrafts, { status: "pending", resultId: null, updatedAt: new Date() }, eq(assistantDrafts.id, id));
}

/** Deletes the whole history (drafts go with their messages). */
export async function clearHistory(db: Db, userId: string) {
  const scoped = scopedTo(db, userId);
  await scoped.batch([scoped.delete(assistantDrafts), scoped.delete(assistantMessages)]);
}

/** Everything the assistant keeps about the user, for GET /me/export. */
export async function exportAssistant(db: Db, userId: string) {
  const scoped = scopedTo(db, userId);
  const [messages, drafts] = await Promise.all([
    scoped.select(assistantMessages).orderBy(asc(assistantMessages.createdAt), asc(assistantMessages.id)),
    scoped.select(assistantDrafts).orderBy(asc(assistantDrafts.createdAt), asc(assistantDrafts.id)),
  ]);
  return {
    assistantMessages: messages.map(({ userId: _userId, ...m }) => m),
    assistantDrafts: drafts.map(({ userId: _userId, ...d }) => d),
  };
}
