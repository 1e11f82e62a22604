/** The diary's only data access: every query is scoped by the user id (worker/db/scoped.ts). */
import { and, asc, desc, eq, gte, inArray, lt, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { listPage } from "../../db/lists";
import { ownedOr404 } from "../../db/owned";
import { read, type Read } from "../../db/reads";
import { scopedTo } from "../../db/scoped";
import { itemsWithWords } from "../../db/search";
import { newId } from "../../lib/ids";
import type { PageRequest } from "../../lib/pagination";
import type { OnThisDay } from "./on-this-day";
import { diaryEntries, type DiaryEntry } from "./schema";
import { noteSearch } from "./search";
import type { Emotion } from "./vocabulary";

export type EntryInput = { title: string; content: string; mood: number | null; emotions: Emotion[]; date: string; draft: boolean };

/** An entry as the API answers it (the user id is implied). */
export const publicEntry = ({ userId: _userId, ...entry }: DiaryEntry) => entry;

/**
 * What the list can be narrowed to (decision 0115): a range, drafts or saved ones, any of some
 * moods, an emotion, and words (`matchTerms` of the user's text: every one in the title or text).
 */
export type EntryFilter = { from?: string; to?: string; draft?: boolean; moods?: number[]; emotion?: Emotion; words?: string[] };

export function listEntries(db: Db, userId: string, filter: EntryFilter, page: PageRequest) {
  const where: SQL[] = [];
  if (filter.from) where.push(gte(diaryEntries.date, filter.from));
  if (filter.to) where.push(lte(diaryEntries.date, filter.to));
  if (filter.draft !== undefined) where.push(eq(diaryEntries.draft, filter.draft));
  if (filter.moods?.length) where.push(inArray(diaryEntries.mood, filter.moods));
  // `emotions` is a JSON array of the vocabulary's keys.
  if (filter.emotion) where.push(sql`exists (select 1 from json_each(${diaryEntries.emotions}) where json_each.value = ${filter.emotion})`);
  // The words through the global search's index (which holds every entry's title and text, folded):
  // in the list's own statement, so a filtered page is still one D1 round trip, and its cursor
  // continues the filtered list as any other filter's does.
  if (filter.words?.length) where.push(sql`${diaryEntries.id} in ${itemsWithWords(userId, noteSearch.type, filter.words)}`);
  return listPage(scopedTo(db, userId), diaryEntries, {
    where: and(...where),
    order: [
      { by: diaryEntries.date, desc: true, of: (e) => e.date },
      { by: diaryEntries.createdAt, desc: true, of: (e) => e.createdAt },
    ],
    page,
  });
}

export const entryOr404 = (db: Db, userId: string, id: string) => ownedOr404(scopedTo(db, userId), diaryEntries, id);

export async function createEntry(db: Db, userId: string, input: EntryInput) {
  const [row] = await scopedTo(db, userId).insert(diaryEntries, { id: newId(), ...input }).returning();
  return row;
}

/**
 * Whether the stored entry is newer than the version an edit started from (`baseMs`, epoch ms).
 * Compared at the stored precision: `updated_at` holds milliseconds, and the subsecond SQL default
 * may leave a fraction of one, which the answer's `updatedAt` (a Date) drops.
 */
export const changedSince = (entry: Pick<DiaryEntry, "updatedAt">, baseMs: number) => entry.updatedAt.getTime() > baseMs;

/**
 * Writes a change. With `baseMs` (the version the client's edit started from) the write happens
 * only if the entry has not changed since, in the same statement (no read-then-write race); no row
 * back means it changed, or is gone. Every write moves `updated_at` past the one before, even when
 * this isolate's clock is behind the one that wrote it, so a newer version never looks older (0091).
 */
export async function updateEntry(db: Db, userId: string, id: string, change: Partial<EntryInput>, baseMs?: number) {
  const unchangedSince = baseMs === undefined ? undefined : sql`${diaryEntries.updatedAt} < ${baseMs + 1}`;
  const [row] = await db
    .update(diaryEntries)
    .set({ ...change, updatedAt: sql`max(${Date.now()}, cast(${diaryEntries.updatedAt} as integer) + 1)` })
    .where(scopedTo(db, userId).owned(diaryEntries, and(eq(diaryEntries.id, id), unchangedSince)))
    .returning();
  return row;
}

export async function deleteEntry(db: Db, userId: string, id: string) {
  await scopedTo(db, userId).delete(diaryEntries, eq(diaryEntries.id, id));
}

/** The saved (not draft) entries of a range, oldest first: what the overview, analysis and insights read. */
export const savedEntriesBetween = (db: Db, userId: string, from: string, to: string) =>
  db
    .select({ date: diaryEntries.date, mood: diaryEntries.mood, emotions: diaryEntries.emotions })
    .from(diaryEntries)
    .where(scopedTo(db, userId).owned(diaryEntries, and(gte(diaryEntries.date, from), lte(diaryEntries.date, to), eq(diaryEntries.draft, false))))
    .orderBy(asc(diaryEntries.date));

/** The same, as a Read: the overview and the insights batch it with the days written (savedDatesUpToRead). */
export const savedEntriesBetweenRead = (db: Db, userId: string, from: string, to: string) => read(savedEntriesBetween(db, userId, from, to));

/**
 * The days up to `to` with a saved entry, each once, oldest first: the writing streak counts every
 * day the user wrote, not only the days of the range the overview shows (a 45-day run seen through
 * "30 dias" is still 45 days). A Read: the overview and the insights batch it with the range's
 * entries (one D1 round trip, 0108 "Revised (2)").
 */
export const savedDatesUpToRead = (db: Db, userId: string, to: string): Read<string[]> =>
  read(
    db
      .selectDistinct({ date: diaryEntries.date })
      .from(diaryEntries)
      .where(scopedTo(db, userId).owned(diaryEntries, and(lte(diaryEntries.date, to), eq(diaryEntries.draft, false))))
      .orderBy(asc(diaryEntries.date)),
    (rows) => rows.map((row) => row.date),
  );

/** How many entries "Neste dia" shows at most (a diary kept for decades still fits one card). */
export const ON_THIS_DAY_MAX = 20;

/** The saved entries of `rule` (./on-this-day.ts), newest year first. Drafts are not "what you wrote". */
export const entriesOnThisDay = (db: Db, userId: string, rule: OnThisDay) =>
  scopedTo(db, userId)
    .select(diaryEntries, and(lt(diaryEntries.date, rule.before), eq(diaryEntries.draft, false), inArray(sql`substr(${diaryEntries.date}, 6)`, rule.monthDays)))
    .orderBy(desc(diaryEntries.date), desc(diaryEntries.createdAt), desc(diaryEntries.id))
    .limit(ON_THIS_DAY_MAX);

/** Every entry of the user for GET /me/export, drafts included. */
export async function exportDiary(db: Db, userId: string) {
  const rows = await scopedTo(db, userId).select(diaryEntries).orderBy(asc(diaryEntries.date), asc(diaryEntries.createdAt));
  return { diaryEntries: rows.map(publicEntry) };
}

/** A few weeks of demo entries for the seeded account. */
export async function seedDiary(db: Db, userId: string, today: string, addDays: (date: string, days: number) => string) {
  const samples: Omit<EntryInput, "date" | "draft">[] = [
    { title: "Um dia tranquilo", content: "Caminhei junto ao rio ao fim da tarde e jantei com calma.", mood: 4, emotions: ["calm", "grateful"] },
    { title: "Semana cheia", content: "Muitas reuniões seguidas; senti falta de pausas.", mood: 2, emotions: ["tired", "anxious"] },
    { title: "Boa notícia", content: "O projeto foi aprovado. Fui celebrar com a equipa.", mood: 5, emotions: ["happy", "energetic", "hopeful"] },
    { title: "Domingo lento", content: "Li um livro antigo e lembrei-me das férias em casa dos avós.", mood: 4, emotions: ["nostalgic", "calm"] },
    { title: "Dia difícil", content: "Um atraso atrás do outro. Respirei fundo e fui dormir cedo.", mood: 2, emotions: ["frustrated", "tired"] },
  ];
  const scoped = scopedTo(db, userId);
  await scoped.batch(
    Array.from({ length: 12 }, (_, i) => scoped.insert(diaryEntries, { id: newId(), ...samples[i % samples.length], date: addDays(today, -i * 2), draft: false })),
  );
}
