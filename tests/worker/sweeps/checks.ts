import { env } from "cloudflare:test";
import { resources } from "~/locales";

/**
 * What the sweeps check of an answer: that a refused request changed no row of D1 (a write log
 * kept by triggers; virtual FTS5 tables and their shadow tables follow the user tables by
 * triggers and are left out; `VOLATILE` names the columns a request may touch without changing
 * anything of the user's, each with its reason), and that an error is in the contract's shape.
 */
const VOLATILE: Record<string, string[]> = {
  // Presence, refreshed by any signed-in request (docs/decisions/0037), not data the user wrote.
  users: ["last_seen_at"],
};
/** Tables a refused request writes by design: the operations counters of error answers (admin health). */
const OPERATIONS = new Set(["error_counts"]);
const WRITE_LOG = "sweep_write_log";
/**
 * Inserts a refused request makes by design, as a condition an insert must meet to count as a
 * change: the audit log records every refused or failed admin action and every refused admin
 * access (docs/decisions/0016), so only an "ok" entry means something was done.
 */
const CHANGE_WHEN_INSERTED: Record<string, string> = { audit_log: "new.outcome = 'ok'" };

let tables: Promise<{ name: string; kept: string[] }[]> | undefined;

async function listTables() {
  const { results } = await env.DB.prepare("select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name not like 'd1_%'").all<{
    name: string;
    sql: string;
  }>();
  const virtual = results.filter((t) => /^create virtual table/i.test(t.sql)).map((t) => t.name);
  const plain = results.filter((t) => !virtual.some((v) => t.name === v || t.name.startsWith(`${v}_`)) && !OPERATIONS.has(t.name) && t.name !== WRITE_LOG);
  const out: { name: string; kept: string[] }[] = [];
  for (const { name } of plain) {
    const { results: cols } = await env.DB.prepare(`select name from pragma_table_info('${name}')`).all<{ name: string }>();
    const kept = cols.map((c) => c.name).filter((c) => !(VOLATILE[name] ?? []).includes(c));
    out.push({ name, kept });
  }
  return out;
}

/**
 * A log of every write to every table (triggers the sweeps install in their own test database), so
 * checking that one request wrote nothing is one query instead of a digest of the whole database.
 * Updates that touch only a volatile column are not logged.
 */
export async function installWriteLog() {
  const list = await (tables ??= listTables());
  const statements = [`create table if not exists ${WRITE_LOG} (id integer primary key autoincrement, tbl text not null, op text not null)`];
  for (const t of list) {
    const changed = t.kept.map((c) => `old."${c}" is not new."${c}"`).join(" or ");
    statements.push(
      `create trigger if not exists sweep_ins_${t.name} after insert on "${t.name}"${CHANGE_WHEN_INSERTED[t.name] ? ` when ${CHANGE_WHEN_INSERTED[t.name]}` : ""} begin insert into ${WRITE_LOG} (tbl, op) values ('${t.name}', 'insert'); end`,
      `create trigger if not exists sweep_del_${t.name} after delete on "${t.name}" begin insert into ${WRITE_LOG} (tbl, op) values ('${t.name}', 'delete'); end`,
      `create trigger if not exists sweep_upd_${t.name} after update on "${t.name}" when ${changed || "0"} begin insert into ${WRITE_LOG} (tbl, op) values ('${t.name}', 'update'); end`,
    );
  }
  await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
}

/** The id of the last logged write (a mark to compare with after a request). */
export async function writeMark(): Promise<number> {
  return (await env.DB.prepare(`select coalesce(max(id), 0) as id from ${WRITE_LOG}`).first<{ id: number }>())!.id;
}

/** The writes logged after a mark, as "op table" (each table once). */
export async function writesSince(mark: number): Promise<string[]> {
  const { results } = await env.DB.prepare(`select distinct op || ' ' || tbl as write from ${WRITE_LOG} where id > ?`).bind(mark).all<{ write: string }>();
  return results.map((r) => r.write);
}

/** Every message of one language's catalogues, as patterns ({{placeholders}} match any text). */
function messagePatterns(language: "pt" | "en") {
  const strings: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string") strings.push(value);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  walk(resources[language]);
  const exact = new Set(strings.filter((s) => !s.includes("{{")));
  const templates = strings
    .filter((s) => s.includes("{{"))
    .map((s) => new RegExp(`^${s.split(/\{\{[^}]+\}\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("[\\s\\S]+")}$`));
  return (message: string) => exact.has(message) || templates.some((t) => t.test(message));
}

const catalogues = { pt: messagePatterns("pt"), en: messagePatterns("en") };

/**
 * What is wrong with an error answer, or null: the contract's shape
 * `{ error: { code, message, fields? } }` (snake_case code, a message of the language's catalogue,
 * fields as name → message) and nothing else at the top.
 */
export function shapeProblem(body: unknown, language: "pt" | "en"): string | null {
  if (!body || typeof body !== "object" || Array.isArray(body)) return `not an object: ${String(body).slice(0, 80)}`;
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== "error") return `top-level keys ${keys.join(",")}`;
  const error = (body as { error: Record<string, unknown> }).error;
  if (!error || typeof error !== "object") return "error is not an object";
  const extra = Object.keys(error).filter((k) => !["code", "message", "fields", "requestId"].includes(k));
  if (extra.length) return `error has ${extra.join(",")}`;
  if (typeof error.code !== "string" || !/^[a-z][a-z0-9_]*$/.test(error.code)) return `code ${JSON.stringify(error.code)}`;
  if (typeof error.message !== "string" || !error.message) return "no message";
  if (!catalogues[language](error.message)) return `message not in the ${language} catalogue: ${error.message.slice(0, 120)}`;
  if (error.fields !== undefined) {
    if (!error.fields || typeof error.fields !== "object" || Array.isArray(error.fields)) return "fields is not an object";
    for (const [name, message] of Object.entries(error.fields)) {
      if (typeof message !== "string" || !catalogues[language](message)) return `field ${name}: ${String(message).slice(0, 120)}`;
    }
  }
  return null;
}
