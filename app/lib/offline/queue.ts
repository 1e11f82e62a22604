/**
 * The offline write queue: changes made without a connection, kept in IndexedDB (idb-store.ts)
 * and replayed in order when the connection returns and at start. Each change carries its own
 * Idempotency-Key from its first attempt, so a replay after a lost answer never writes twice
 * (worker/middleware/idempotency.ts). docs/decisions/0040-offline-app.md
 *
 * This file is the logic only (storage, sending and the clock are passed in) so that unit tests
 * can drive it: tests/unit/offline-queue.test.ts.
 */
import { offlinePartId } from "./state";

/** The writes the queue covers (the server accepts an Idempotency-Key on each). */
export type ChangeKind =
  | "task.create"
  | "task.update"
  // A task's step ticked or unticked (0114): a `{ done }` PATCH of that step alone.
  | "task.stepTick"
  | "transaction.create"
  | "transaction.update"
  | "diary.create"
  | "diary.update"
  // An entry deleted (its route takes a key for a DELETE, as a cycle day's: 0105, 0108 "Revised").
  | "diary.delete"
  | "routine.checkIn"
  // A routine's step ticked (0112); the last one checks the day in.
  | "routine.stepTick"
  // A routine's count of a day (0117): a PUT of the absolute count, so a later one replaces it.
  | "routine.count"
  | "event.create"
  | "event.update"
  | "goal.update"
  // Cycle days: a day logged (an upsert by date, so no temporary id), changed, deleted, and a
  // period logged as a range of days (0105).
  | "cycle.log"
  | "cycle.update"
  | "cycle.delete"
  | "cycle.period"
  // A long cycle the person said was real, and that word taken back (0113 "Revised"): by its start.
  | "cycle.markLong"
  | "cycle.unmarkLong";

export type ChangeError = { status: number; code: string; message: string; fields?: Record<string, string> };

export type QueuedChange = {
  /** Assigned by the store: the replay order. */
  seq?: number;
  /** The Idempotency-Key; a new one when the change is edited (it is then another request). */
  key: string;
  userId: string;
  kind: ChangeKind;
  /**
   * DELETE only for the kinds whose server route takes a key for it (a cycle day, a diary entry);
   * PUT for a whole state at its path (a routine's count of a day: 0117).
   */
  method: "POST" | "PATCH" | "PUT" | "DELETE";
  /** Under /api/v1. May hold the temporary id of an item created offline (replaced on replay). */
  path: string;
  body: Record<string, unknown>;
  /** What the screens show for it (a task's title, a transaction's description). */
  label: string;
  /** For creations: the id the screens use until the server gives the real one. */
  tempId?: string;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  status: "pending" | "failed";
  error?: ChangeError;
  /**
   * The request may have reached the server under this key (it was sent at least once). Until
   * then a later edit of the same item can be folded into it; afterwards its body is fixed (the
   * server would refuse the key with another body), and the edit queues behind it.
   */
  sent?: boolean;
  /** When it was first sent: past KEY_REMEMBERED_MS the server may have forgotten its key. */
  firstSentAt?: number;
  /**
   * The screen that made it (one diary writer), when that screen sends every field of the item at
   * each edit: its later edit of the same item then holds all of an earlier one's words (0091).
   */
  origin?: string;
};

export interface QueueStore {
  add(change: QueuedChange): Promise<number>;
  put(change: QueuedChange): Promise<void>;
  remove(seq: number): Promise<void>;
  /** The user's changes in replay order (by seq). */
  list(userId: string): Promise<QueuedChange[]>;
}

/** What sending one change gave: status 0 when no answer came (no network). */
export type SendResult = { status: number; body: unknown; retryAfterSeconds?: number };
export type Send = (change: QueuedChange) => Promise<SendResult>;

/**
 * The field of an edit naming the version of the item it started from (the `updatedAt` of the
 * item's last answer). The server refuses with 409 `conflict` an edit of a version it has since
 * replaced; folding keeps the first one, the version the queued edits began from (0091).
 */
export const BASE_FIELD = "baseUpdatedAt";

/** The edits whose server takes BASE_FIELD (another module's PATCH would refuse the unknown field). */
const VERSIONED: readonly ChangeKind[] = ["diary.update"];

/** Storage full (or refused): the change was NOT kept, and the caller must say so. */
export class QueueStorageError extends Error {
  constructor(readonly reason: "quota" | "unavailable", cause?: unknown) {
    super(reason === "quota" ? "offline storage is full" : "offline storage is unavailable", { cause });
  }
}

/**
 * How long after its first sending a change may be sent again with its key. The server remembers a
 * key for a day (IDEMPOTENCY_TTL_MS, worker/db/idempotency.ts); a change sent again after that
 * would be written a second time if the first sending had landed. An hour of margin covers a
 * clock that is off. Past it the change is not sent blindly: it fails as "unconfirmed", and the
 * person, who can see whether it is on the screen, sends it again or discards it.
 */
export const KEY_REMEMBERED_MS = 23 * 60 * 60_000;
export const UNCONFIRMED = "unconfirmed";

/** 2 s, 4 s, 8 s … up to 5 minutes between attempts of a change that got no answer. */
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;
export const backoff = (attempts: number) => Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));

/**
 * Answers that say "try again later" rather than "this change is wrong". 401 is one: the session
 * ended (expired, or signed out while offline); the change waits for the user to sign in again.
 */
const isTransient = (result: SendResult, body: { error?: { message?: string } } | null) =>
  result.status === 0 ||
  result.status === 401 ||
  result.status === 408 ||
  result.status === 429 ||
  result.status >= 500 ||
  (result.status === 409 && result.retryAfterSeconds !== undefined && body !== null);

const KINDS: readonly ChangeKind[] = [
  "task.create",
  "task.update",
  "task.stepTick",
  "transaction.create",
  "transaction.update",
  "diary.create",
  "diary.update",
  "diary.delete",
  "routine.checkIn",
  "routine.stepTick",
  "routine.count",
  "event.create",
  "event.update",
  "goal.update",
  "cycle.log",
  "cycle.update",
  "cycle.delete",
  "cycle.period",
  "cycle.markLong",
  "cycle.unmarkLong",
];

/**
 * A row read back from IndexedDB is only trusted when it has the shape this version writes: an
 * older or damaged row must not crash the screens nor be sent half-formed.
 */
export function isQueuedChange(row: unknown): row is QueuedChange {
  if (!row || typeof row !== "object") return false;
  const c = row as Record<string, unknown>;
  return (
    typeof c.seq === "number" &&
    typeof c.key === "string" &&
    typeof c.userId === "string" &&
    KINDS.includes(c.kind as ChangeKind) &&
    (c.method === "POST" || c.method === "PATCH" || c.method === "PUT" || c.method === "DELETE") &&
    typeof c.path === "string" &&
    c.path.startsWith("/") &&
    !!c.body &&
    typeof c.body === "object" &&
    !Array.isArray(c.body) &&
    typeof c.label === "string" &&
    typeof c.createdAt === "number" &&
    typeof c.attempts === "number" &&
    typeof c.nextAttemptAt === "number" &&
    (c.status === "pending" || c.status === "failed") &&
    (c.origin === undefined || typeof c.origin === "string")
  );
}

/**
 * A path with the temporary ids of items created offline replaced by the ones the server gave. An
 * id may be followed by a query (an event edit's `?occurrence=`): split there too, separators kept.
 */
const withRealIds = (path: string, ids: ReadonlyMap<string, string>) =>
  ids.size === 0
    ? path
    : path
        .split(/([/?])/)
        .map((part) => ids.get(part) ?? part)
        .join("");

/**
 * Whether an edit of `path` folds into `change`: an edit of the same path, or of the item a creation
 * made (its temporary id is the path's last part). An edit of a part of that item (a step of a task
 * created offline, `/tasks/<temp>/steps/<temp>-0`) is a change of its own, sent after the creation.
 */
const touches = (change: QueuedChange, path: string) => (change.tempId ? path.split("/").at(-1) === change.tempId : change.method === "PATCH" && change.path === path);

/**
 * The real ids a creation's answer gives: the item's, and its steps' in order (their temporary ids
 * are `offlinePartId(tempId, i)`, so ticks queued before the creation was sent reach the real steps).
 */
export function createdIdsOf(tempId: string, body: unknown): Map<string, string> {
  const item = itemOf(body) as { id: string; steps?: unknown } | null;
  const ids = new Map<string, string>();
  if (!item) return ids;
  ids.set(tempId, item.id);
  if (Array.isArray(item.steps)) item.steps.forEach((step: { id?: unknown } | null, i) => typeof step?.id === "string" && ids.set(offlinePartId(tempId, i), step.id));
  return ids;
}

/**
 * Where the steps of a creation's body went when an edit replaced its list: old index → new index,
 * by their words (the first unclaimed step with the same text), or null when the step is gone. A
 * tick queued for a step of an item created offline names it by index, so it follows its words.
 */
export function movedParts(before: unknown, after: unknown): Map<number, number | null> {
  const text = (step: unknown) => (step && typeof step === "object" && typeof (step as { text?: unknown }).text === "string" ? (step as { text: string }).text.trim() : null);
  const was = Array.isArray(before) ? before.map(text) : [];
  const now = Array.isArray(after) ? after.map(text) : [];
  const claimed = new Set<number>();
  const moves = new Map<number, number | null>();
  was.forEach((words, i) => {
    const j = words === null ? -1 : now.findIndex((other, k) => other === words && !claimed.has(k));
    if (j >= 0) claimed.add(j);
    moves.set(i, j >= 0 ? j : null);
  });
  return moves;
}

const isQuotaError = (error: unknown) =>
  error instanceof DOMException ? error.name === "QuotaExceededError" : error instanceof Error && /quota/i.test(error.name + error.message);

/** The item in an answer such as `{ task: { id } }` or `{ transaction: { id } }`. */
function itemOf(body: unknown): { id: string; updatedAt?: unknown } | null {
  if (!body || typeof body !== "object") return null;
  for (const value of Object.values(body as Record<string, unknown>)) {
    if (value && typeof value === "object" && typeof (value as { id?: unknown }).id === "string") return value as { id: string };
  }
  return null;
}

/** The version (`updatedAt`) of the item in an answer: the base of the next edit made from it. */
export function versionIn(body: unknown): string | null {
  const updatedAt = itemOf(body)?.updatedAt;
  return typeof updatedAt === "string" ? updatedAt : null;
}

/**
 * Whether a later queued change holds everything `earlier` would have written: an edit of the same
 * item, still to be sent, made after it by the same screen, which sends all the item's fields at
 * each edit. Had both been sent, nothing of `earlier` would have stayed.
 */
const repeats = (later: QueuedChange, earlier: QueuedChange, path: (p: string) => string) =>
  later.seq! > earlier.seq! &&
  later.status === "pending" &&
  later.method === "PATCH" &&
  later.origin !== undefined &&
  later.origin === earlier.origin &&
  path(later.path) === path(earlier.path) &&
  Object.keys(earlier.body).every((field) => field === BASE_FIELD || field in later.body);

export type QueueOptions = {
  store: QueueStore;
  send: Send;
  now?: () => number;
  newKey?: () => string;
  onChange?: () => void;
  /** Rows that could not be read back and were removed: the caller must tell the user. */
  onDropped?: (count: number) => void;
  /**
   * Runs `section` alone among this queue's read-then-write steps (folding an edit, marking a
   * change sent, writing real ids), so that neither overwrites the other with what it read before.
   * The page passes one shared by its tabs (Web Locks); the default is this queue's own.
   */
  exclusive?: <T>(section: () => Promise<T>) => Promise<T>;
};

/** One section at a time in this JavaScript context (a promise chain). */
export function oneAtATime(): <T>(section: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (section) => {
    const run = last.then(section, section);
    last = run.catch(() => undefined);
    return run;
  };
}

export function createQueue({
  store,
  send,
  now = () => Date.now(),
  newKey = () => crypto.randomUUID(),
  onChange = () => {},
  onDropped = () => {},
  exclusive = oneAtATime(),
}: QueueOptions) {
  let running: Promise<ReplayReport> | null = null;
  // Real ids of the items created offline that the server has accepted while this page was open: a
  // screen may still hold the temporary id (the diary's writer does), and its next edit must reach
  // the item, not a temporary id the server never knew (a 404, the edit lost).
  const realIds = new Map<string, string>();
  // And the version each one was created at: the base of an edit made from the creation (it has no
  // other), so that an edit of an entry created offline is checked against newer words too (0091).
  const createdVersions = new Map<string, string>();

  async function write<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw new QueueStorageError(isQuotaError(error) ? "quota" : "unavailable", error);
    } finally {
      onChange();
    }
  }

  /** The user's readable changes in order; unreadable rows are removed and counted (never kept to crash later). */
  async function list(userId: string): Promise<QueuedChange[]> {
    let rows: unknown[];
    try {
      rows = await store.list(userId);
    } catch (error) {
      throw new QueueStorageError(isQuotaError(error) ? "quota" : "unavailable", error);
    }
    const bad = rows.filter((row) => !isQueuedChange(row));
    if (bad.length > 0) {
      for (const row of bad) {
        const seq = (row as { seq?: unknown } | null)?.seq;
        if (typeof seq === "number") await store.remove(seq).catch(() => undefined);
      }
      onDropped(bad.length);
    }
    return rows.filter(isQueuedChange);
  }

  /**
   * Keeps a change to replay; throws QueueStorageError when the browser refuses to store it.
   * An edit (PATCH) of an item whose last queued change was never sent is folded into it, so the
   * server gets one request with the final state: a task created and then completed offline is
   * one POST of a done task, and a diary autosaving offline is one entry, not one per pause.
   * Otherwise the edit queues behind, and replay gives it the item's real id. The folded change
   * keeps the base (BASE_FIELD) of the one it joins: the version the edits began from, not one a
   * later edit merely carried along (a creation has none).
   *
   * A PUT writes the whole state at its path (a routine's count of a day, 0117): a later one
   * replaces a PUT of the same path still to be sent, so eight taps offline are one request with
   * the final count. It goes to the end of the queue, after whatever was queued in between (a
   * check-in undone meanwhile is sent before the count that follows it). One already sent may
   * have landed: the new one queues behind it and, being absolute, still ends in its state.
   */
  async function enqueue(request: Omit<QueuedChange, "seq" | "createdAt" | "attempts" | "nextAttemptAt" | "status" | "error" | "key" | "sent"> & { key?: string; sent?: boolean }) {
    const input = { ...request, ...withRealId(request) };
    return exclusive(async () => {
      if (input.method === "PUT" && !input.sent) {
        const earlier = (await list(input.userId)).filter((queued) => queued.method === "PUT" && queued.path === input.path && queued.status === "pending" && !queued.sent);
        for (const replaced of earlier) await write(() => store.remove(replaced.seq!));
      }
      if (input.method === "PATCH" && !input.sent) {
        const target = (await list(input.userId)).findLast((queued) => touches(queued, input.path));
        // Another screen's edit of the same item (a second tab's writer) is not folded: its words
        // would replace the first one's in the queue, with no base left to check them against.
        const sameScreen = !target?.origin || !input.origin || target.origin === input.origin;
        if (target && target.status === "pending" && !target.sent && sameScreen) {
          const { [BASE_FIELD]: _laterBase, ...fields } = input.body;
          const folded: QueuedChange = { ...target, body: { ...target.body, ...fields }, label: input.label || target.label, key: newKey(), nextAttemptAt: now(), origin: target.origin ?? input.origin };
          await write(() => store.put(folded));
          if (target.tempId && "steps" in fields) await followParts(input.userId, target.tempId, target.body.steps, fields.steps);
          return folded;
        }
      }
      const change: QueuedChange = { ...input, key: input.key ?? newKey(), createdAt: now(), attempts: 0, nextAttemptAt: now(), status: "pending", firstSentAt: input.sent ? now() : undefined };
      change.seq = await write(() => store.add(change));
      return change;
    });
  }

  /** A path with the temporary ids of items the server has accepted since replaced by their real ids. */
  function realPath(path: string) {
    return withRealIds(path, realIds);
  }

  /**
   * A write naming an item created offline, made to name its real id; an edit made from the
   * creation (no base of its own) gets the version the creation answered as its base.
   */
  function withRealId<W extends { kind: ChangeKind; path: string; body: Record<string, unknown> }>(write: W): { path: string; body: Record<string, unknown> } {
    const path = realPath(write.path);
    const created = write.path.split("/").find((part) => createdVersions.has(part));
    const body = created && VERSIONED.includes(write.kind) && !(BASE_FIELD in write.body) ? { ...write.body, [BASE_FIELD]: createdVersions.get(created) } : write.body;
    return { path, body };
  }

  type ReplayReport = { sent: number; failed: number; waiting: number };

  /**
   * Sends the user's pending changes in order. A change the server refuses (validation, 402, 404,
   * a reused key) becomes "failed" with the reason and does not hold up the others (a removal
   * answered 404 is done instead: it is gone already); a change with
   * no answer waits with a growing delay, and the ones after it wait too (order is kept).
   */
  function replay(userId: string): Promise<ReplayReport> {
    running ??= (async () => {
      const report = { sent: 0, failed: 0, waiting: 0 };
      try {
        // Items created offline that the server has not accepted (yet): changes to them wait.
        const unresolved = new Set<string>();
        for (const { seq } of await list(userId)) {
          // Read again just before use, and marked sent in the same section: an edit folded in
          // meanwhile is sent with it, and one made from now on queues behind it (never lost).
          const next = await exclusive(async (): Promise<QueuedChange | "skip" | "wait"> => {
            const stored = (await list(userId)).find((row) => row.seq === seq);
            if (!stored) return "skip";
            if (stored.status !== "pending") {
              if (stored.tempId) unresolved.add(stored.tempId);
              return "skip";
            }
            // An edit of an item whose creation was refused waits for that creation's edit or discard.
            if ([...unresolved].some((temp) => stored.path.split("/").includes(temp))) return "skip";
            if (stored.nextAttemptAt > now()) return "wait";
            if (stored.sent && stored.firstSentAt !== undefined && now() - stored.firstSentAt > KEY_REMEMBERED_MS) {
              if (stored.tempId) unresolved.add(stored.tempId);
              await write(() => store.put({ ...stored, status: "failed", error: { status: 0, code: UNCONFIRMED, message: "" } }));
              report.failed++;
              return "skip";
            }
            const change: QueuedChange = { ...stored, path: realPath(stored.path), sent: true, firstSentAt: stored.firstSentAt ?? now() };
            // Marked before sending: from now on a later edit must not change this body (fold).
            if (!stored.sent || stored.firstSentAt === undefined) await write(() => store.put(change));
            return change;
          });
          if (next === "skip") continue;
          if (next === "wait") {
            report.waiting++;
            break;
          }
          const change = next;
          const result = await send(change).catch((): SendResult => ({ status: 0, body: null }));
          const body = (result.body ?? null) as { error?: ChangeError } | null;
          if (result.status >= 200 && result.status < 300) {
            const created = change.tempId ? createdIdsOf(change.tempId, result.body) : null;
            const version = versionIn(result.body);
            // The later changes get the real ids before this one leaves the queue: if the tab
            // closes in between, the creation is sent again with its key and answered once.
            if (change.tempId && created?.size) {
              for (const [temp, real] of created) realIds.set(temp, real);
              if (version) createdVersions.set(change.tempId, version);
              await giveRealId(userId, created, version);
            }
            if (change.method === "PATCH" && version && change.body[BASE_FIELD] !== undefined) await rebase(userId, change, version);
            await write(() => store.remove(change.seq!));
            report.sent++;
            continue;
          }
          if (isTransient(result, body)) {
            const attempts = change.attempts + 1;
            const wait = result.retryAfterSeconds !== undefined ? result.retryAfterSeconds * 1000 : backoff(attempts);
            await write(() => store.put({ ...change, attempts, nextAttemptAt: now() + wait }));
            report.waiting++;
            break;
          }
          const error = body?.error;
          if (result.status === 409 && error?.code === "conflict" && (await supersede(userId, change))) continue;
          // A removal of something already gone (deleted, or taken back, on another device) is done:
          // what the user asked for holds, and there is nothing to try again or to correct.
          if (change.method === "DELETE" && result.status === 404 && error?.code === "not_found") {
            await write(() => store.remove(change.seq!));
            report.sent++;
            continue;
          }
          if (change.tempId) unresolved.add(change.tempId);
          await write(() =>
            store.put({
              ...change,
              attempts: change.attempts + 1,
              status: "failed",
              error: { status: result.status, code: error?.code ?? "unknown", message: error?.message ?? "", fields: error?.fields },
            }),
          );
          report.failed++;
        }
      } finally {
        running = null;
      }
      return report;
    })();
    return running;
  }

  /**
   * The later changes of an item created offline name its real id. Its edits were made from the
   * creation, the only version there was: the version it was created at becomes their base, so
   * the server refuses one that arrives after another device changed the entry (0091).
   */
  /**
   * The steps of an item created offline, edited before it was sent: the ticks queued for them go
   * to where their words went (movedParts), and a tick of a step removed goes with it.
   */
  async function followParts(userId: string, tempId: string, before: unknown, after: unknown) {
    const moves = movedParts(before, after);
    const renamed = new Map([...moves].flatMap(([from, to]) => (to === null || to === from ? [] : [[offlinePartId(tempId, from), offlinePartId(tempId, to)] as const])));
    for (const later of await list(userId)) {
      const parts = later.path.split("/");
      const index = parts.findIndex((part) => part.startsWith(`${tempId}-`));
      if (index < 0 || later.sent) continue;
      const from = Number(parts[index].slice(tempId.length + 1));
      if (moves.get(from) === null || !moves.has(from)) {
        await write(() => store.remove(later.seq!));
        continue;
      }
      const to = renamed.get(parts[index]);
      if (to) await write(() => store.put({ ...later, path: parts.map((part, i) => (i === index ? to : part)).join("/") }));
    }
  }

  async function giveRealId(userId: string, ids: ReadonlyMap<string, string>, version: string | null) {
    await exclusive(async () => {
      for (const later of await list(userId)) {
        const path = withRealIds(later.path, ids);
        if (path === later.path) continue;
        const based = version && VERSIONED.includes(later.kind) && !later.sent && !(BASE_FIELD in later.body);
        await write(() => store.put({ ...later, path, ...(based ? { body: { ...later.body, [BASE_FIELD]: version }, key: newKey() } : {}) }));
      }
    });
  }

  /**
   * An edit accepted: the same screen's later edits of the item, queued from the same version
   * before the answer came, now start from the version it made. They follow it (that screen wrote
   * them after it), so the server must not refuse them as another device's change. An edit made
   * elsewhere keeps its base and is still refused (a copy, never a loss).
   */
  async function rebase(userId: string, change: QueuedChange, version: string) {
    await exclusive(async () => {
      for (const later of await list(userId)) {
        if (later.sent || later.body[BASE_FIELD] !== change.body[BASE_FIELD] || !repeats(later, change, realPath)) continue;
        await write(() => store.put({ ...later, body: { ...later.body, [BASE_FIELD]: version }, key: newKey() }));
      }
    });
  }

  /**
   * An edit refused as a conflict that a later edit of the same screen repeats whole leaves the
   * queue: that one is refused too and kept as the one copy, with these words in it. Otherwise
   * each would become its own copy of nearly the same words (0091).
   */
  async function supersede(userId: string, change: QueuedChange) {
    return exclusive(async () => {
      const changes = await list(userId);
      if (!changes.some((later) => repeats(later, change, realPath))) return false;
      await write(() => store.remove(change.seq!));
      return true;
    });
  }

  /** A failed change, corrected by the user: sent again as a new request (new key). */
  async function edit(change: QueuedChange, body: Record<string, unknown>, label = change.label) {
    await write(() => store.put({ ...change, body, label, key: newKey(), sent: false, firstSentAt: undefined, status: "pending", error: undefined, attempts: 0, nextAttemptAt: now() }));
  }

  /**
   * Tries a change again now, with the same key (nothing about it changed). An unconfirmed one is
   * the person's choice to send it again: its day of sending starts over.
   */
  async function retry(change: QueuedChange) {
    const firstSentAt = change.error?.code === UNCONFIRMED ? undefined : change.firstSentAt;
    await write(() => store.put({ ...change, status: "pending", error: undefined, nextAttemptAt: now(), firstSentAt }));
  }

  /**
   * A refused change replaced, at its place in the order, by another write that keeps its words
   * (the diary keeps an edit refused as a conflict as a new entry: 0091). A new request: new key,
   * never sent. Null when the stored change is no longer that refused one (another tab replaced,
   * retried, corrected or discarded it meanwhile), so two tabs never make two writes of it.
   */
  async function replace(change: QueuedChange, next: Pick<QueuedChange, "kind" | "method" | "path" | "body" | "label" | "key" | "tempId">) {
    return exclusive(async () => {
      const stored = (await list(change.userId)).find((row) => row.seq === change.seq);
      if (!stored || stored.key !== change.key || stored.status !== "failed") return null;
      // A new write of its own: the writer that goes on in it folds its next words into it.
      const replaced: QueuedChange = { ...stored, ...next, sent: false, firstSentAt: undefined, status: "pending", error: undefined, attempts: 0, nextAttemptAt: now(), origin: undefined };
      await write(() => store.put(replaced));
      return replaced;
    });
  }

  /** The queued edits of an item created offline (they cannot be sent without it). */
  async function dependents(change: QueuedChange) {
    if (!change.tempId) return [];
    return (await list(change.userId)).filter((later) => later.seq !== change.seq && later.path.split("/").includes(change.tempId!));
  }

  /** Removes a change, and with a creation its queued edits (the screens say how many first). */
  async function discard(change: QueuedChange) {
    for (const later of await dependents(change)) await write(() => store.remove(later.seq!));
    await write(() => store.remove(change.seq!));
  }

  /** When the next waiting change is due (for a timer), or null. Edits waiting for a refused creation are not due. */
  async function nextAttemptAt(userId: string) {
    const changes = await list(userId);
    const refused = changes.filter((c) => c.status === "failed" && c.tempId).map((c) => c.tempId!);
    const pending = changes.filter((c) => c.status === "pending" && !refused.some((temp) => c.path.split("/").includes(temp)));
    return pending.length ? Math.min(...pending.map((c) => c.nextAttemptAt)) : null;
  }

  return { enqueue, replay, edit, retry, replace, discard, dependents, nextAttemptAt, list, realPath, withRealId };
}

export type OfflineQueue = ReturnType<typeof createQueue>;
