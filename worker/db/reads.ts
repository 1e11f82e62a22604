/**
 * Reads that share one D1 batch (issue 20: a page loader makes one round trip; docs/decisions/0041).
 * A `Read` is the statements it needs (drizzle builders, not yet run) and how their rows become its
 * answer, so reads from several modules compose into one `db.batch` while each module keeps its
 * query and its mapping in one place. The modules' async query functions run their `…Read`.
 *
 * Statements only: drizzle's D1 batch cannot bind a raw `db.all(sql…)`'s parameters, and D1 answers
 * a batch's rows as objects, so a join's same-named columns must be aliased.
 */
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./client";

export type Read<T> = {
  readonly statements: readonly BatchItem<"sqlite">[];
  /** The answer from the statements' results, in their order. */
  readonly answer: (results: readonly unknown[]) => T;
};

/** One statement and how its rows become the answer (the rows themselves by default). */
export function read<Rows>(statement: BatchItem<"sqlite"> & PromiseLike<Rows>): Read<Rows>;
export function read<Rows, T>(statement: BatchItem<"sqlite"> & PromiseLike<Rows>, answer: (rows: Rows) => T): Read<T>;
export function read<Rows, T>(statement: BatchItem<"sqlite"> & PromiseLike<Rows>, answer?: (rows: Rows) => T): Read<T | Rows> {
  return { statements: [statement], answer: ([rows]) => (answer ? answer(rows as Rows) : (rows as Rows)) };
}

/** An answer known without reading (e.g. a section the user's plan leaves out). */
export const known = <T>(value: T): Read<T> => ({ statements: [], answer: () => value });

type Answers<R extends readonly Read<unknown>[]> = { -readonly [K in keyof R]: R[K] extends Read<infer T> ? T : never };

/** Several reads as one: their statements one after the other, their answers as a tuple. */
export function readAll<const R extends readonly Read<unknown>[]>(reads: R): Read<Answers<R>> {
  return {
    statements: reads.flatMap((r) => r.statements),
    answer: (results) => {
      let at = 0;
      return reads.map((r) => r.answer(results.slice(at, (at += r.statements.length)))) as Answers<R>;
    },
  };
}

/** A read whose answer is made from another's. */
export const mapRead = <T, U>(r: Read<T>, f: (answer: T) => U): Read<U> => ({ statements: r.statements, answer: (results) => f(r.answer(results)) });

/** Runs a read's statements in one D1 batch: one round trip (none when it needs no statement). */
export async function run<T>(db: Db, r: Read<T>): Promise<T> {
  if (!r.statements.length) return r.answer([]);
  // D1's batch takes a non-empty tuple; TypeScript cannot narrow an array by its length.
  return r.answer(await db.batch(r.statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]));
}
