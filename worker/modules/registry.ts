/**
 * The platform's registries derived from a list of modules: pure functions, so a test can pass its
 * own list (a throwaway module) and see every place a module reaches.
 */
import type { PremiumRoute } from "../billing/premium-routes";
import type { CronJob } from "../cron/registry";
import type { ModuleSearchSource } from "../search/registry";
import type { Db } from "../db/client";
import { mapRead, readAll, run, type Read } from "../db/reads";
import type { BodyRule, Exporter, TimelineBounds, TimelineItem, TimelineRange, WorkerModule } from "./types";

const joinPath = (mount: string, path: string) => `${mount.replace(/\/$/, "")}/${path.replace(/^\//, "")}`.replace(/\/$/, "") || "/";

/** Body rules with full paths under /api/v1: the platform's, then each module's under its mount. */
export const bodyRulesOf = (modules: readonly WorkerModule[], platform: readonly BodyRule[]): BodyRule[] => [
  ...platform,
  ...modules.flatMap((m) => (m.bodies ?? []).map((rule) => ({ ...rule, path: joinPath(m.api?.mount ?? `/${m.key}`, rule.path) }))),
];

export const premiumRoutesOf = (modules: readonly WorkerModule[], platform: readonly PremiumRoute[]): PremiumRoute[] => [
  ...platform,
  ...modules.flatMap((m) => m.premium ?? []),
];

/** Every module's searchable sources, each with its module's key (results name their module). */
export const searchSourcesOf = (modules: readonly WorkerModule[]): ModuleSearchSource[] =>
  modules.flatMap((m) => (m.searchSources ?? []).map((source) => ({ ...source, module: m.key })));

/** The search types the API accepts: every module's declared types, each once, in list order. */
export const searchTypesOf = (modules: readonly WorkerModule[]): string[] => [...new Set(modules.flatMap((m) => m.searchTypes))];

export const exportersOf = (modules: readonly WorkerModule[], platform: readonly Exporter[]): Exporter[] => [
  ...platform,
  ...modules.flatMap((m) => (m.exporter ? [m.exporter] : [])),
];

export const cronJobsOf = (modules: readonly WorkerModule[], platform: readonly CronJob[]): CronJob[] => [...platform, ...modules.flatMap((m) => m.jobs ?? [])];

/** What each module does before an account's rows are erased (`beforeErase`), with its module's key. */
export const eraseHooksOf = (modules: readonly WorkerModule[]) =>
  modules.flatMap((m) => (m.beforeErase ? [{ module: m.key, beforeErase: m.beforeErase }] : []));

/**
 * The API sub-apps to mount under /api/v1, refusing two modules on one mount. The root "/" may be
 * shared: a module mounted there serves paths under several prefixes (finances: /transactions,
 * /budgets...; calendar: /events, /calendar) and guards each route itself, never with `use("*")`.
 */
export function mountsOf(modules: readonly WorkerModule[]) {
  const mounts = modules.flatMap((m) => (m.api ? [{ key: m.key, ...m.api }] : []));
  const seen = new Set<string>();
  for (const { mount, key } of mounts) {
    if (seen.has(mount) && mount !== "/") throw new Error(`two modules mount ${mount} (${key})`);
    seen.add(mount);
  }
  return mounts;
}

/**
 * Everything the modules place in time between two instants, each module's items in list order;
 * `except` leaves out one module (the calendar reads its own events itself). One `Read`: every
 * module's statements go in one D1 batch.
 */
export function timelineRead(modules: readonly WorkerModule[], db: Db, userId: string, range: TimelineRange, except?: string): Read<TimelineItem[]> {
  return mapRead(timelineWithinRead(modules, db, userId, range, except), (itemsIn) => itemsIn(range));
}

/**
 * `timelineRead` for a range only the batch reveals: the statements look within `bounds`, the
 * answer gives the items of a range inside them (a task's day, once its row has been read).
 */
export function timelineWithinRead(modules: readonly WorkerModule[], db: Db, userId: string, bounds: TimelineBounds, except?: string): Read<(range: TimelineRange) => TimelineItem[]> {
  const sources = modules.filter((m) => m.timeline && m.key !== except);
  return mapRead(readAll(sources.map((m) => m.timeline!(db, userId, bounds))), (answers) => (range) => answers.flatMap((itemsIn) => itemsIn(range)));
}

/** `timelineRead`, run on its own (one D1 round trip). */
export async function timelineOf(modules: readonly WorkerModule[], db: Db, userId: string, range: TimelineRange, except?: string): Promise<TimelineItem[]> {
  return run(db, timelineRead(modules, db, userId, range, except));
}
