import type { ExportSeed } from "./types";

/** Every module's export seed (tests/worker/export-seeds/<key>.ts), found by name. */
export const MODULE_EXPORT_SEEDS: ExportSeed[] = Object.entries(
  import.meta.glob<{ seedExport: ExportSeed }>(["./*.ts", "!./index.ts", "!./types.ts"], { eager: true }),
).map(([, file]) => file.seedExport);
