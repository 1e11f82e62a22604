/**
 * The server half of a module's manifest (the browser half is app/modules/<key>/manifest.ts, same
 * key). Each module declares itself once in worker/modules/<key>/index.ts; the API router, the body
 * limits, the premium guard, search, the export and cron are derived from the list in
 * worker/modules/index.ts by the pure functions of worker/modules/registry.ts.
 */
import type { SQL } from "drizzle-orm";
import type { Hono } from "hono";
import type { PremiumRoute } from "../billing/premium-routes";
import type { CronJob } from "../cron/registry";
import type { Db } from "../db/client";
import type { Read } from "../db/reads";
import type { SearchSource } from "../search/sources";
import type { AppEnv } from "../types";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * The body a route accepts: at most `maxBytes`, of one of `mediaTypes` ("any" for routes that read
 * and verify their own raw body, such as signed webhooks). Routes without a rule take JSON up to 1 MB.
 * `path` is under the module's mount (or under /api/v1 for the platform); `:param` matches any segment.
 */
export type BodyRule = { method: HttpMethod; path: string; maxBytes: number; mediaTypes: readonly string[] | "any" };

/**
 * Everything a module keeps about a user, for GET /me/export. `tables` names every SQL table the
 * exporter covers: tests/worker/modules-omissions.test.ts fails when a table holding user rows is in
 * no exporter's list.
 */
export type Exporter = { tables: readonly string[]; export: (db: Db, userId: string) => Promise<Record<string, unknown>> };

export type WorkerModule = {
  /** The same key as the module's app manifest (app/modules/<key>/manifest.ts). */
  key: string;
  /** Its API sub-app and where it is mounted under /api/v1 (e.g. "/tasks"). */
  api?: { mount: string; app: Hono<AppEnv> };
  /** Routes whose body is not JSON up to 1 MB (paths relative to the mount). */
  bodies?: readonly BodyRule[];
  /**
   * Routes (paths under /api/v1) that need a plan: writes of premium items, and the paid reads
   * marked `paidRead` (docs/decisions/0011-premium-reads.md).
   */
  premium?: readonly PremiumRoute[];
  /**
   * The global-search result types the module's data answers as; once the module has landed, each
   * must have a source in `searchSources` (tests enforce it). Empty for a module with nothing searchable.
   */
  searchTypes: readonly string[];
  /**
   * Its searchable rows, one source per table and type: the FTS5 index is kept by SQL triggers
   * generated from these (worker/search/sources.ts), so a new source also needs its migration
   * (`searchSourceSql`, docs/decisions/0036-search-fts5.md).
   */
  searchSources?: readonly SearchSource[];
  /** Its user data in the export (required once it has tables with user rows). */
  exporter?: Exporter;
  /** Its scheduled jobs, run with the platform's (schedules must be declared in wrangler.toml). */
  jobs?: readonly CronJob[];
  /**
   * At account deletion, before the rows go: ends access the module was granted outside Rumo (the
   * calendar revokes Google's). Best effort: a failure is logged, and the erasure goes on regardless.
   */
  beforeErase?: (env: Env, userId: string) => Promise<void>;
  /** Demo data for the seeded account (npm start). */
  seed?: (db: Db, userId: string) => Promise<void>;
  /**
   * Items the module places in time (events, scheduled tasks...), for two readers: the calendar
   * shows every other module's items beside its events, and smart scheduling treats them all as busy
   * time. Only items that overlap `range` (half-open [from, to)), recurrences expanded. Statements
   * only (not run), so the timeline of every module is one D1 round trip.
   */
  timeline?: TimelineSource;
};

/** One item of a module on the user's timeline (../shared/API.md instants, or dates when all-day). */
export type TimelineItem = {
  /** The module's key ("tasks", "calendar"...). */
  module: string;
  /** The item's id in its module (the series id for a recurring event). */
  id: string;
  /** Identifies one occurrence of a recurring item; equal to `start` otherwise. */
  occurrenceStart: string;
  title: string;
  /** ISO instants, or `YYYY-MM-DD` dates (end exclusive) when `allDay`. */
  start: string;
  end: string;
  allDay: boolean;
  /** Whether the user is busy during it (a done task or a free/transparent event is not). */
  busy: boolean;
  /** Where the item opens in the app. */
  url: string;
};

/** Half-open [from, to); `timeZone` is the user's, for all-day items. */
export type TimelineRange = { from: Date; to: Date; timeZone: string };
/** An instant, or one the batch itself reveals: UTC milliseconds as SQL (e.g. a subquery on another row). */
export type Instant = Date | SQL<number>;
/**
 * Where a source's statements look: a range, or bounds that hold a range the batch itself reveals
 * (e.g. around a linked task's start, read by a subquery in the same batch).
 */
export type TimelineBounds = { from: Instant; to: Instant; timeZone: string };
/**
 * The module's items as a `Read` (worker/db/reads.ts), so a page loader puts its statements in its
 * own D1 batch: statements within `bounds`, and an answer that gives the items of a range inside them.
 */
export type TimelineSource = (db: Db, userId: string, bounds: TimelineBounds) => Read<(range: TimelineRange) => TimelineItem[]>;

/** Type-checks a module declaration without widening it. */
export const defineWorkerModule = <const M extends WorkerModule>(module: M) => module;
