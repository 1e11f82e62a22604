import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { connected, googleSignIn, revokedTokens } from "./google-calendar-helpers";
import { api, freshIp, json, sessionFrom, signUpAndLogIn } from "./helpers";
import { openSocket } from "./socket";

/**
 * Account deletion over every table that exists, read from sqlite_master: a table added later is
 * covered without touching this test. Each table holding user data gets real rows for two users
 * (A and B) and, where a table references users twice (referrals: referrer and referred), rows
 * that tie A to a third user; after A is deleted no row may reference A and all of B's remain.
 */

type Column = { name: string; type: string; notnull: number; dflt_value: string | null; pk: number };
type ForeignKey = { table: string; from: string; to: string };

const SKIP = /^(sqlite_|_cf_|d1_migrations$)/;
/** Columns that name a user without a foreign key (the referral columns too). */
const USER_COLUMN = /^(user_id|owner_id|referrer_id|referred_id|referred_by|invited_by|[a-z_]*_user_id)$/;
const EMAIL_COLUMN = /^(email|to|recipient)$/;

async function tables(): Promise<string[]> {
  const { results } = await env.DB.prepare("select name from sqlite_master where type = 'table' order by name").all<{ name: string }>();
  return results.map((r) => r.name).filter((name) => !SKIP.test(name));
}

async function describeTable(name: string) {
  const { results: columns } = await env.DB.prepare(`pragma table_info("${name}")`).all<Column>();
  const { results: keys } = await env.DB.prepare(`pragma foreign_key_list("${name}")`).all<ForeignKey>();
  const userColumns = columns.filter((c) => keys.some((k) => k.from === c.name && k.table === "users") || USER_COLUMN.test(c.name)).map((c) => c.name);
  const emailColumns = columns.filter((c) => EMAIL_COLUMN.test(c.name)).map((c) => c.name);
  return { name, columns, keys, userColumns, emailColumns };
}

type Person = { id: string; email: string };
let serial = 0;
/** Rows seeded so far, by table and owner: a row that references another table (a reminder its event, a milestone its goal) points at its owner's. */
const seeded = new Map<string, Record<string, unknown>>();

/** A row of `table` owned as `owners` says (user column → person), every other column filled. */
async function insertRow(table: Awaited<ReturnType<typeof describeTable>>, owners: Record<string, Person>, emailOwner: Person) {
  const values: Record<string, unknown> = {};
  for (const column of table.columns) {
    const key = table.keys.find((k) => k.from === column.name);
    if (owners[column.name]) values[column.name] = owners[column.name].id;
    else if (table.emailColumns.includes(column.name)) values[column.name] = emailOwner.email;
    else if (key && seeded.has(`${key.table}:${emailOwner.id}`)) values[column.name] = seeded.get(`${key.table}:${emailOwner.id}`)![key.to];
    // An optional reference (an event's series) stays empty.
    else if (key && !column.notnull) continue;
    else if (key) throw new Error(`${table.name}.${column.name} references ${key.table}: teach this test how to seed it`);
    else if (column.dflt_value !== null && !column.pk) continue;
    else if (/INT|REAL|NUM/i.test(column.type)) values[column.name] = Date.now() + ++serial;
    else values[column.name] = `seed-${table.name}-${column.name}-${++serial}`;
  }
  const names = Object.keys(values);
  await env.DB.prepare(`insert into "${table.name}" (${names.map((n) => `"${n}"`).join(", ")}) values (${names.map(() => "?").join(", ")})`)
    .bind(...Object.values(values))
    .run();
  seeded.set(`${table.name}:${emailOwner.id}`, values);
}

/** Referenced tables first, so a row's parent exists when it is seeded. */
function parentsFirst<T extends { name: string; keys: ForeignKey[] }>(tables: T[]): T[] {
  const names = new Set(tables.map((t) => t.name));
  const done: T[] = [];
  const pending = [...tables];
  while (pending.length) {
    const next = pending.findIndex((t) => t.keys.every((k) => k.table === t.name || !names.has(k.table) || done.some((d) => d.name === k.table)));
    if (next < 0) throw new Error(`a cycle of references among ${pending.map((t) => t.name).join(", ")}`);
    done.push(...pending.splice(next, 1));
  }
  return done;
}

async function count(table: string, column: string, value: string) {
  return (await env.DB.prepare(`select count(*) as n from "${table}" where "${column}" = ?`).bind(value).first<number>("n")) ?? 0;
}

describe("account deletion", { timeout: 60_000 }, () => {
  it("removes every row that references the user in every table, referral columns included, and keeps the other user's", async () => {
    const cookieA = await signUpAndLogIn("del-all-a@example.com");
    const cookieB = await signUpAndLogIn("del-all-b@example.com");
    await signUpAndLogIn("del-all-c@example.com");
    const person = async (email: string): Promise<Person> => ({ id: (await env.DB.prepare("select id from users where email = ?").bind(email).first<string>("id"))!, email });
    const [a, b, c] = await Promise.all([person("del-all-a@example.com"), person("del-all-b@example.com"), person("del-all-c@example.com")]);
    const sessionIds = (await json(await api("/me/sessions", { headers: { cookie: cookieA } }))).items.map((s: { id: string }) => s.id);

    const all = await Promise.all((await tables()).map(describeTable));
    const holding = parentsFirst(all.filter((t) => t.name !== "users" && (t.userColumns.length > 0 || t.emailColumns.length > 0)));
    expect(holding.map((t) => t.name)).toEqual(expect.arrayContaining(["profiles", "sessions", "subscriptions", "referrals", "feedback", "notifications", "known_devices", "mail_outbox"]));

    for (const table of holding) {
      // Tables keyed by the user alone (profiles, feature_checks...) may already hold A's and B's row.
      const keyedByUser = table.columns.filter((col) => col.pk).every((col) => table.userColumns.includes(col.name)) && table.columns.some((col) => col.pk);
      if (keyedByUser) await env.DB.prepare(`delete from "${table.name}" where "${table.userColumns[0]}" in (?, ?)`).bind(a.id, b.id).run();
      if (table.userColumns.length <= 1) {
        for (const owner of [a, b]) await insertRow(table, table.userColumns[0] ? { [table.userColumns[0]]: owner } : {}, owner);
      } else {
        // One row per user column naming A there (the others name C), and one of B's alone.
        for (const column of table.userColumns) {
          await insertRow(table, Object.fromEntries(table.userColumns.map((name) => [name, name === column ? a : c])), a);
        }
        await insertRow(table, Object.fromEntries(table.userColumns.map((name) => [name, b])), b);
      }
    }
    const before = new Map<string, number>();
    for (const table of holding) {
      for (const column of table.userColumns) {
        expect(await count(table.name, column, a.id), `${table.name}.${column} seeded for A`).toBeGreaterThan(0);
        before.set(`${table.name}.${column}`, await count(table.name, column, b.id));
      }
      for (const column of table.emailColumns) before.set(`${table.name}.${column}`, await count(table.name, column, b.email));
    }

    const deleted = await api("/me", { method: "DELETE", body: { password: "segredo-123" }, headers: { cookie: cookieA } });
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get("set-cookie")).toContain("Max-Age=0");

    expect(await count("users", "id", a.id)).toBe(0);
    for (const table of holding) {
      for (const column of table.userColumns) {
        expect(await count(table.name, column, a.id), `${table.name}.${column} still references A`).toBe(0);
        expect(await count(table.name, column, b.id), `${table.name}.${column} lost B's rows`).toBe(before.get(`${table.name}.${column}`));
      }
      for (const column of table.emailColumns) {
        expect(await count(table.name, column, a.email), `${table.name}.${column} still holds A's address`).toBe(0);
        expect(await count(table.name, column, b.email), `${table.name}.${column} lost B's rows`).toBe(before.get(`${table.name}.${column}`));
      }
    }
    for (const id of sessionIds) expect(await env.SESSIONS.get(`session:${id}`)).toBeNull();
    expect((await api("/me", { headers: { cookie: cookieA } })).status).toBe(401);
    expect((await api("/me", { headers: { cookie: cookieB } })).status).toBe(200);
  });
});

describe("other devices at account deletion", () => {
  it("hear that the account was deleted (4001), not that a session ended, so they forget what they cached", async () => {
    const cookie = await signUpAndLogIn("del-sockets@example.com");
    // The same account signed in on a phone.
    const other = sessionFrom(await api("/auth/login", { body: { email: "del-sockets@example.com", password: "segredo-123" }, headers: { "cf-connecting-ip": freshIp() } }));
    const phone = await openSocket(other);
    await phone.next("hello");
    expect((await api("/me", { method: "DELETE", body: { password: "segredo-123" }, headers: { cookie } })).status).toBe(204);
    expect((await phone.waitClose()).code).toBe(4001);
  });
});

describe("Google access at account deletion", () => {
  it("is revoked at Google: the sign-in's token and the calendar's", async () => {
    const sub = "del-google";
    const { cookie, userId } = await connected(sub);
    expect(await revokedTokens(sub)).toEqual([]);
    expect((await api("/me", { method: "DELETE", body: {}, headers: { cookie } })).status).toBe(204);
    // One grant (the calendar used the sign-in's token): revoked once.
    expect(await revokedTokens(sub)).toEqual([`fake-refresh-${sub}`]);
    expect(await count("users", "id", userId)).toBe(0);
  });

  it("erases the account even when Google's revocation fails", async () => {
    const sub = "del-google-outage";
    const cookie = await googleSignIn(sub);
    const userId = (await json(await api("/me", { headers: { cookie } }))).user.id as string;
    await fetch("https://oauth2.googleapis.com/__fake/revocations-fail", { method: "POST", body: JSON.stringify({ times: 1 }) });
    expect((await api("/me", { method: "DELETE", body: {}, headers: { cookie } })).status).toBe(204);
    expect(await count("users", "id", userId)).toBe(0);
    expect(await revokedTokens(sub)).toEqual([]);
  });
});
