import { defineConfig } from "drizzle-kit";

/**
 * The platform's tables and each module's own (worker/modules/<key>/schema.ts), one migration
 * chain. Timestamp-prefixed file names let two branches add migrations without renumbering
 * (docs/decisions/0010-schema-per-module-and-migrations.md).
 */
export default defineConfig({
  dialect: "sqlite",
  schema: ["./worker/db/schema.ts", "./worker/modules/*/schema.ts"],
  out: "./migrations",
  migrations: { prefix: "timestamp" },
  // The search index (FTS5 virtual table, its shadow tables, search_docs) lives in a custom
  // migration: drizzle-kit does not know virtual tables (docs/decisions/0036-search-fts5.md).
  tablesFilter: ["!search_*"],
});
