import { env } from "cloudflare:test";
import { describe, expect, expectTypeOf, it } from "vitest";
import { database } from "../../worker/db/client";
import { listPage } from "../../worker/db/lists";
import { ownedOr404 } from "../../worker/db/owned";
import { featureChecks, notifications } from "../../worker/db/schema";
import { scopedTo } from "../../worker/db/scoped";
import { ApiError } from "../../worker/lib/errors";
import { decodeCursor, encodeCursor } from "../../worker/lib/pagination";
import { api, json, signUpAndLogIn } from "./helpers";

type Notification = typeof notifications.$inferSelect;

const userIdOf = async (cookie: string): Promise<string> => (await json(await api("/me", { headers: { cookie } }))).user.id;
const list = (cookie: string, query: string, headers: Record<string, string> = {}) => api(`/notifications${query}`, { headers: { cookie, ...headers } });
const b64url = (text: string) => btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** Inserts notifications with chosen priorities and creation times (ties on purpose). */
async function seed(userId: string, rows: { id: string; priority: string; createdAt: number }[]) {
  await env.DB.batch(
    rows.map((r) =>
      env.DB.prepare("insert into notifications (id, user_id, title, message, type, priority, created_at) values (?, ?, ?, '', 'reminder', ?, ?)").bind(
        r.id,
        userId,
        r.id,
        r.priority,
        r.createdAt,
      ),
    ),
  );
}

/** Every id of the list, page by page. */
async function walk(cookie: string, limit: number, between?: () => Promise<void>) {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: { id: string }[]; nextCursor: string | null } = await json(await list(cookie, `?limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`));
    ids.push(...page.items.map((n) => n.id));
    cursor = page.nextCursor;
    if (between) await between();
  } while (cursor);
  return ids;
}

// Each test signs a user up (a real password hash): slow on a busy machine.
describe("keyset-cursor lists", { timeout: 30_000 }, () => {
  it("walk every row once, in a total order with ties broken by id, even when rows arrive between pages", async () => {
    const cookie = await signUpAndLogIn("kit-keyset@example.com");
    const userId = await userIdOf(cookie);
    await env.DB.prepare("delete from notifications where user_id = ?").bind(userId).run();
    const t = Date.now() - 60_000;
    await seed(userId, [
      { id: "k-a", priority: "medium", createdAt: t },
      { id: "k-b", priority: "medium", createdAt: t },
      { id: "k-c", priority: "medium", createdAt: t },
      { id: "k-d", priority: "high", createdAt: t - 5000 },
      { id: "k-e", priority: "low", createdAt: t + 5000 },
      { id: "k-f", priority: "medium", createdAt: t - 1 },
      { id: "k-g", priority: "high", createdAt: t - 5000 },
    ]);
    const expected = ["k-g", "k-d", "k-c", "k-b", "k-a", "k-f", "k-e"];
    expect((await json(await list(cookie, "?limit=200"))).items.map((n: { id: string }) => n.id)).toEqual(expected);
    expect(await walk(cookie, 2)).toEqual(expected);
    expect(await walk(cookie, 1)).toEqual(expected);

    // A new, most urgent notification after the first page shifts every position by one: an offset
    // cursor would show the first page's last row again; a keyset cursor continues where it was.
    let added = false;
    const seen = await walk(cookie, 3, async () => {
      if (!added) await seed(userId, [{ id: "k-new", priority: "critical", createdAt: Date.now() }]);
      added = true;
    });
    expect(seen).toEqual(expected);
  });

  it("refuse a limit outside 1–200 or not a whole number with a localised field message", async () => {
    const cookie = await signUpAndLogIn("kit-limit@example.com");
    for (const limit of ["0", "-1", "201", "500", "abc", "1.5", "", "1e2"]) {
      const response = await list(cookie, `?limit=${encodeURIComponent(limit)}`);
      expect(response.status, limit).toBe(400);
      const { error } = await json(response);
      expect(error).toMatchObject({ code: "validation_failed", message: "Indique um número inteiro de 1 a 200.", fields: { limit: "Indique um número inteiro de 1 a 200." } });
    }
    await api("/me", { method: "PATCH", body: { language: "en" }, headers: { cookie } });
    expect((await json(await list(cookie, "?limit=0"))).error.fields).toEqual({ limit: "Enter a whole number from 1 to 200." });
    expect((await list(cookie, "?limit=200")).status).toBe(200);
    expect((await json(await list(cookie, ""))).items).toHaveLength(1); // the welcome; default limit 50
  });

  it("answer a tampered cursor with 400, never a 5xx", async () => {
    const cookie = await signUpAndLogIn("kit-cursor@example.com");
    const userId = await userIdOf(cookie);
    await seed(
      userId,
      Array.from({ length: 4 }, (_, i) => ({ id: `kc-${i}`, priority: "medium", createdAt: Date.now() - i })),
    );
    const { nextCursor } = await json(await list(cookie, "?limit=2"));
    expect(decodeCursor(nextCursor)).toEqual([1, expect.any(Number), expect.any(String)]);
    const truncated = nextCursor.slice(0, -3);
    for (const cursor of [
      "abc",
      "!!!",
      "%00",
      truncated,
      "x".repeat(5000),
      b64url('{"a":1}'),
      b64url("[1]"),
      b64url('[1,2,3,4]'),
      b64url('[1,2,3]'), // the id (last value) must be text
      b64url("[null,1,\"x\"]"),
      b64url("not json"),
    ]) {
      const response = await list(cookie, `?limit=2&cursor=${encodeURIComponent(cursor)}`);
      expect(response.status, cursor).toBe(400);
      const { error } = await json(response);
      expect(error.code).toBe("validation_failed");
      expect(error.fields).toEqual({ cursor: "Cursor de paginação inválido: volte ao início da lista." });
    }
    // A well-formed cursor with other values only moves the position: still the user's rows only.
    const elsewhere = encodeCursor([3, Date.now() + 60_000, "zzz"]);
    expect((await list(cookie, `?cursor=${elsewhere}`)).status).toBe(200);
  });

  it("order ascending too, and return the table's row type", async () => {
    const cookie = await signUpAndLogIn("kit-asc@example.com");
    const userId = await userIdOf(cookie);
    await seed(userId, [
      { id: "ka-2", priority: "low", createdAt: 2000 },
      { id: "ka-1", priority: "low", createdAt: 1000 },
      { id: "ka-3", priority: "low", createdAt: 2000 },
    ]);
    const scoped = scopedTo(database(env.DB), userId);
    const order = [{ by: notifications.createdAt, of: (n: Notification) => n.createdAt }];
    const first = await listPage(scoped, notifications, { where: undefined, order, page: { limit: 2 } });
    expectTypeOf(first.items).toEqualTypeOf<Notification[]>();
    expect(first.items.map((n) => n.id)).toEqual(["ka-1", "ka-2"]);
    const second = await listPage(scoped, notifications, { order, page: { limit: 2, cursor: decodeCursor(first.nextCursor!)! } });
    expect(second.items.map((n) => n.id)).toEqual(["ka-3", expect.any(String)]);
    // Another user's scope sees none of these rows, whatever the cursor.
    const other = await listPage(scopedTo(database(env.DB), "someone-else"), notifications, { order, page: { limit: 200 } });
    expect(other.items).toEqual([]);
  });
});

describe("ids in the path", { timeout: 30_000 }, () => {
  it("answer 404 not_found for a malformed id, exactly as for a missing one or another user's", async () => {
    const cookie = await signUpAndLogIn("kit-ids@example.com");
    for (const id of ["no-such-id", "a".repeat(5000), "..%2Fme", "%00", "1%20or%201%3D1", "%F0%9F%98%80"]) {
      for (const method of ["GET", "PATCH"]) {
        const response = await api(`/notifications/${id}`, { method, headers: { cookie }, body: method === "PATCH" ? { isRead: true } : undefined });
        expect(response.status, `${method} ${id.slice(0, 20)}`).toBe(404);
        expect((await json(response)).error).toEqual({ code: "not_found", message: "Não encontrado." });
      }
    }
  });

  it("ownedOr404 returns the user's typed row and throws not_found otherwise", async () => {
    const cookie = await signUpAndLogIn("kit-owned@example.com");
    const userId = await userIdOf(cookie);
    await seed(userId, [{ id: "ko-1", priority: "high", createdAt: Date.now() }]);
    const mine = scopedTo(database(env.DB), userId);
    const row = await ownedOr404(mine, notifications, "ko-1");
    expectTypeOf(row).toEqualTypeOf<Notification>();
    expect(row).toMatchObject({ id: "ko-1", userId, priority: "high" });
    for (const [scoped, id] of [
      [scopedTo(database(env.DB), "another-user"), "ko-1"],
      [mine, "missing"],
      [mine, "bad id!"],
      [mine, undefined],
    ] as const) {
      const error = await ownedOr404(scoped, notifications, id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ code: "not_found", status: 404 });
    }
  });
});

describe("scopedTo results", () => {
  it("are the table's row types, without casts", async () => {
    const scoped = scopedTo(database(env.DB), "types-only");
    const rows = await scoped.select(notifications).orderBy(notifications.createdAt).limit(1);
    expectTypeOf(rows).toEqualTypeOf<Notification[]>();
    const [check] = await scoped.select(featureChecks);
    expectTypeOf(check).toEqualTypeOf<typeof featureChecks.$inferSelect>();
    expect(rows).toEqual([]);
    // The user id is stamped by the scope, never given by the caller.
    // @ts-expect-error userId is not an insert field of a scoped insert
    expect(() => scoped.insert(featureChecks, { userId: "someone", checkedAt: new Date() })).not.toThrow();
    // @ts-expect-error nor of a scoped update
    expect(() => scoped.update(notifications, { userId: "someone" })).not.toThrow();
  });

  it("batch related writes, stamped with the user id, and take an empty list", async () => {
    await env.DB.prepare("insert into users (id, email) values ('kit-batch', 'kit-batch@example.com')").run();
    const scoped = scopedTo(database(env.DB), "kit-batch");
    await scoped.batch([]);
    await scoped.batch([
      scoped.insert(notifications, { id: "kb-1", title: "um", message: "", type: "reminder" }),
      scoped.insert(notifications, { id: "kb-2", title: "dois", message: "", type: "reminder" }),
    ]);
    expect((await scoped.select(notifications)).map((n) => [n.id, n.userId])).toEqual([
      ["kb-1", "kit-batch"],
      ["kb-2", "kit-batch"],
    ]);
    // All or nothing: a failing write (duplicate id) leaves the other one out too.
    await expect(
      scoped.batch([
        scoped.insert(notifications, { id: "kb-3", title: "três", message: "", type: "reminder" }),
        scoped.insert(notifications, { id: "kb-1", title: "again", message: "", type: "reminder" }),
      ]),
    ).rejects.toThrow();
    expect(await scoped.select(notifications)).toHaveLength(2);
  });
});
