import { desc } from "drizzle-orm";
import type { Db } from "./client";
import { mailOutbox } from "./schema";

export async function insertOutboxMail(db: Db, mail: typeof mailOutbox.$inferInsert) {
  await db.insert(mailOutbox).values(mail);
}

/** The development outbox, newest first (only reachable when ENVIRONMENT=development). */
export const listOutboxMail = (db: Db, limit = 100) => db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
