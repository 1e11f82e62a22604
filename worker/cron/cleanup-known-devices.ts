import { database } from "../db/client";
import { deleteStaleKnownDevices, KNOWN_DEVICE_RETENTION_DAYS } from "../db/notifications";

/** Forgets sign-in devices (browser, system and IP address) not signed in from for 180 days. */
export async function cleanupKnownDevices(env: Env, now: Date) {
  return { affected: await deleteStaleKnownDevices(database(env.DB), new Date(now.getTime() - KNOWN_DEVICE_RETENTION_DAYS * 86_400_000)) };
}
