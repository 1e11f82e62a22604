import type { Exporter } from "@worker/modules/types";

/** Tables a test creates for a throwaway module (tests/worker/throwaway-module.test.ts). */
export const THROWAWAY_PREFIX = "throwaway_";

type Column = { name: string };
type ForeignKey = { table: string; from: string; to: string; on_delete: string };

/** Every table of the migrated D1 with the columns that hold a user's id (by name or by reference). */
export async function userTables(db: D1Database) {
  const { results: tables } = await db
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name not like 'd1_%'")
    .all<{ name: string }>();
  const found: { table: string; userColumns: string[]; foreignKeys: ForeignKey[] }[] = [];
  for (const { name } of tables) {
    if (name.startsWith(THROWAWAY_PREFIX)) continue;
    const { results: columns } = await db.prepare(`select name from pragma_table_info('${name}')`).all<Column>();
    const { results: foreignKeys } = await db.prepare(`select "table", "from", "to", on_delete from pragma_foreign_key_list('${name}')`).all<ForeignKey>();
    const userColumns = [
      ...new Set([...columns.filter((c) => c.name === "user_id").map((c) => c.name), ...foreignKeys.filter((fk) => fk.table === "users").map((fk) => fk.from)]),
    ];
    if (userColumns.length > 0 || name === "users") found.push({ table: name, userColumns, foreignKeys });
  }
  return found;
}

/** Tables with user rows that no exporter names. */
export const unexported = (tables: { table: string }[], exporters: readonly Exporter[]) =>
  tables.map((t) => t.table).filter((table) => !exporters.some((e) => e.tables.includes(table)));

/** User columns that do not reference users(id) ON DELETE CASCADE (deleting an account would leave them). */
export const withoutCascade = (tables: Awaited<ReturnType<typeof userTables>>) =>
  tables.flatMap(({ table, userColumns, foreignKeys }) =>
    userColumns
      .filter((column) => !foreignKeys.some((fk) => fk.from === column && fk.table === "users" && fk.to === "id" && fk.on_delete === "CASCADE"))
      .map((column) => `${table}.${column}`),
  );

