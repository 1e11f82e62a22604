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
});
