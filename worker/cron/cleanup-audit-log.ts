import { database } from "../db/client";
import { deleteExpiredAuditEntries } from "../db/admin";

/** Forgets admin audit entries (and the e-mail, IP address and browser in them) after a year. */
export async function cleanupAuditLog(env: Env) {
  return { affected: await deleteExpiredAuditEntries(database(env.DB)) };
}
