import type { Db } from "./client";
import { feedback } from "./schema";
import { scopedTo } from "./scoped";

/** Stores one beta-feedback message of the user (rating is always 5, as in the specification). */
export async function insertFeedback(db: Db, userId: string, input: { id: string; email: string; subject: string; message: string }) {
  await scopedTo(db, userId).insert(feedback, { ...input, type: "beta_feedback", rating: 5 });
}

export const listFeedback = (db: Db, userId: string) => scopedTo(db, userId).select(feedback);
