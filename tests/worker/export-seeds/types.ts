/** What a module's export seed wrote: per table, the texts the user's export must contain. */
export type Seeded = Record<string, { markers: string[] }>;

/**
 * Writes one marked row per table of a module for `userId` (`tag` tells the two users apart; the
 * marker of a table is `marker-<tag>-<table>`). One file per module in this folder, exporting
 * `seedExport`, so modules landing in parallel never edit the same lines.
 */
export type ExportSeed = (input: {
  userId: string;
  tag: string;
  otherId: string;
  run: (sql: string, ...values: unknown[]) => Promise<unknown>;
  marker: (table: string) => string;
}) => Promise<Seeded>;
