import { hashPassword } from "../auth/password";
import { WORKER_MODULES } from "../modules";
import type { WorkerModule } from "../modules/types";
import * as accounts from "./accounts";
import { database } from "./client";

export const DEMO_EMAIL = "demo@rumo.app";
export const DEMO_PASSWORD = "rumo-demo-2026";

type Seeded = { email: string; password: string; userId: string };
const seeding = new WeakMap<D1Database, Promise<Seeded>>();

/**
 * The demo account of `npm start`: confirmed, onboarded, on the Pro trial, with each module's
 * sample data (its manifest's `seed`). Idempotent: an existing demo account is left as it is.
 * Calls that overlap share one seeding: `npm start` seeds as soon as the server answers, and the
 * scripts started with it (Lighthouse, the long-task and load benches) ask at the same moment.
 * Both once found no account and both created it; the second failed on the e-mail's uniqueness.
 * (The dev endpoint exists only under `wrangler dev`, one isolate whose `env.DB` is the same
 * object for every request, so the isolate's map is enough.)
 */
export function seedDemoAccount(env: Env, modules: readonly WorkerModule[] = WORKER_MODULES): Promise<Seeded> {
  let running = seeding.get(env.DB);
  if (!running) {
    running = seedOnce(env, modules).finally(() => seeding.delete(env.DB));
    seeding.set(env.DB, running);
  }
  return running;
}

async function seedOnce(env: Env, modules: readonly WorkerModule[]): Promise<Seeded> {
  const db = database(env.DB);
  let user = await accounts.findUserByEmail(db, DEMO_EMAIL);
  if (!user) {
    const id = "demo000000000000000000000";
    const now = Date.now();
    await accounts.createUser(db, {
      id,
      email: DEMO_EMAIL,
      fullName: "Conta Demo",
      passwordHash: await hashPassword(DEMO_PASSWORD),
      emailConfirmedAt: new Date(now),
      trialEndsAt: new Date(now + 14 * 24 * 3600_000),
    });
    await accounts.updateProfile(db, id, { hasCompletedOnboarding: true, firstModules: ["tasks", "calendar", "finances"] });
    for (const module of modules) await module.seed?.(db, id);
    user = await accounts.findUserById(db, id);
  }
  return { email: DEMO_EMAIL, password: DEMO_PASSWORD, userId: user!.id };
}
