import { env, runDurableObjectAlarm, runInDurableObject, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { EVENT_LOG_SIZE, UserRealtime, userRealtime, type SocketAttachment } from "../../worker/durable-objects/user-realtime";
import { publishEntityChange } from "../../worker/notifications/notify";
import { customerUser, sendEvent, setSubscription, stripeEvent } from "./billing-helpers";
import { api, json, ORIGIN, signUpAndLogIn } from "./helpers";
import { openSocket, settle } from "./socket";

const userIdOf = async (cookie: string): Promise<string> => (await json(await api("/me", { headers: { cookie } }))).user.id;
const create = (cookie: string, body: Record<string, unknown>) => api("/notifications", { body, headers: { cookie } });

describe("the realtime upgrade", () => {
  it("refuses a socket without a session (401), a plain GET (426) and a foreign Origin (403)", async () => {
    const anonymous = await SELF.fetch(`${ORIGIN}/api/v1/realtime`, { headers: { upgrade: "websocket" } });
    expect(anonymous.status).toBe(401);
    expect((await json(anonymous)).error.code).toBe("unauthenticated");
    const cookie = await signUpAndLogIn("rt-guard@example.com");
    expect((await SELF.fetch(`${ORIGIN}/api/v1/realtime`, { headers: { cookie } })).status).toBe(426);
    const foreign = await SELF.fetch(`${ORIGIN}/api/v1/realtime`, { headers: { cookie, upgrade: "websocket", origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    expect(foreign.webSocket).toBeNull();
  });
});

describe("fan-out", () => {
  it("sends a user's notifications to each of their sockets and to no other user's", async () => {
    const ana = await signUpAndLogIn("rt-ana@example.com");
    const bruno = await signUpAndLogIn("rt-bruno@example.com");
    const [phone, desktop, other] = await Promise.all([openSocket(ana), openSocket(ana), openSocket(bruno)]);
    await Promise.all([phone.next("hello"), desktop.next("hello"), other.next("hello")]);

    const created = await json(await create(ana, { title: "Reunião às 15h", priority: "high", actionUrl: "/app/calendario" }));
    for (const socket of [phone, desktop]) {
      const message = await socket.next("notification.created");
      expect(message.notification).toMatchObject({ id: created.notification.id, title: "Reunião às 15h", priority: "high", isRead: false, actionUrl: "/app/calendario" });
      expect(message.seq).toBeGreaterThan(0);
    }
    await settle();
    expect(other.messages.filter((m) => m.type !== "hello")).toEqual([]);

    // Reads and deletes are mirrored to every tab.
    await api("/notifications/read", { body: { ids: [created.notification.id] }, headers: { cookie: ana } });
    expect((await desktop.next("notification.updated")).ids).toEqual([created.notification.id]);
    expect((await api(`/notifications/${created.notification.id}`, { method: "DELETE", headers: { cookie: ana } })).status).toBe(204);
    expect((await phone.next("notification.deleted")).ids).toEqual([created.notification.id]);

    // Entity changes travel the same channel.
    await publishEntityChange(env, await userIdOf(ana), { entity: "task", id: "t1", action: "updated" });
    expect(await desktop.next("entity.changed")).toMatchObject({ entity: "task", id: "t1", action: "updated" });
    await settle();
    expect(other.messages.map((m) => m.type)).toEqual(["hello"]);
  });
});

describe("account changes", () => {
  it("reach the user's other tabs: a settings change and a plan change from Stripe", async () => {
    const { cookie, customerId } = await customerUser("rt-account@example.com");
    const other = await openSocket(cookie);
    await other.next("hello");
    expect((await api("/me", { method: "PATCH", body: { preferences: { hideFinanceValues: true } }, headers: { cookie } })).status).toBe(200);
    expect(await other.next("entity.changed")).toMatchObject({ entity: "account", action: "updated" });
    await sendEvent(stripeEvent("customer.subscription.created", await setSubscription({ customer: customerId, status: "active" })));
    await other.until(() => other.messages.filter((m) => m.type === "entity.changed" && m.entity === "account").length === 2);
  });
});

describe("reconnecting", () => {
  it("catches up with ?since= and with a resume message, in order", async () => {
    const cookie = await signUpAndLogIn("rt-resume@example.com");
    const first = await openSocket(cookie);
    const { seq } = await first.next("hello");
    first.ws.close(1000);
    await create(cookie, { title: "Primeira" });
    await create(cookie, { title: "Segunda" });

    const again = await openSocket(cookie, `?since=${seq}`);
    await again.until(() => again.messages.filter((m) => m.type === "notification.created").length === 2);
    const missed = again.messages.filter((m) => m.type === "notification.created");
    expect(missed.map((m) => m.notification.title)).toEqual(["Primeira", "Segunda"]);
    expect(missed[1].seq).toBe(missed[0].seq + 1);

    const third = await openSocket(cookie);
    third.ws.send(JSON.stringify({ type: "resume", since: seq + 1 }));
    expect((await third.next("notification.created")).notification.title).toBe("Segunda");
  });

  it("asks for a full refetch when the log no longer reaches back", async () => {
    const cookie = await signUpAndLogIn("rt-resync@example.com");
    const stub = userRealtime(env, await userIdOf(cookie));
    for (let i = 0; i < EVENT_LOG_SIZE + 5; i++) await stub.broadcast({ type: "entity.changed", entity: "task", id: String(i), action: "updated" });
    const socket = await openSocket(cookie, "?since=1");
    // (The welcome notification of the first sign-in is event 1.)
    expect(await socket.next("resync")).toMatchObject({ seq: EVENT_LOG_SIZE + 6 });
    expect(socket.messages.some((m) => m.type === "entity.changed")).toBe(false);
  });
});

describe("the event log's age", () => {
  const HOURS_49 = 49 * 3_600_000;
  /** Makes every logged event of the user `ms` older, as if that time had passed. */
  const age = (stub: DurableObjectStub<UserRealtime>, ms: number) =>
    runInDurableObject(stub, (_instance: UserRealtime, state) => {
      state.storage.sql.exec("UPDATE events SET at = at - ?", ms);
    });
  const logged = (stub: DurableObjectStub<UserRealtime>) =>
    runInDurableObject(stub, (_instance: UserRealtime, state) => state.storage.sql.exec<{ seq: number; data: string }>("SELECT seq, data FROM events ORDER BY seq").toArray());

  it("keeps no event (nor a notification's text) over 48 hours, and asks a client that missed forgotten ones to refetch", async () => {
    const cookie = await signUpAndLogIn("rt-age@example.com");
    const stub = userRealtime(env, await userIdOf(cookie));
    await create(cookie, { title: "Consulta no dentista" });
    const { seq } = await (await openSocket(cookie)).next("hello");
    await age(stub, HOURS_49);
    await create(cookie, { title: "Nova" });
    const rows = await logged(stub);
    expect(rows.map((r) => r.seq)).toEqual([seq + 1]);
    expect(rows.map((r) => r.data).join()).not.toContain("Consulta no dentista");

    // Up to date before the forgotten events went: only the new one. Behind them: a full refetch.
    const current = await openSocket(cookie, `?since=${seq}`);
    expect((await current.next("notification.created")).notification.title).toBe("Nova");
    expect(current.messages.some((m) => m.type === "resync")).toBe(false);
    const behind = await openSocket(cookie, `?since=${seq - 1}`);
    expect(await behind.next("resync")).toMatchObject({ seq: seq + 1 });
  });

  it("forgets old events while nothing new comes too (an alarm), and the sequence goes on", async () => {
    const cookie = await signUpAndLogIn("rt-age-idle@example.com");
    const stub = userRealtime(env, await userIdOf(cookie));
    await create(cookie, { title: "Sessão de terapia" });
    const { seq } = await (await openSocket(cookie)).next("hello");
    await age(stub, HOURS_49);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await logged(stub)).toEqual([]);

    const current = await openSocket(cookie, `?since=${seq}`);
    expect(await current.next("hello")).toMatchObject({ seq });
    await settle();
    expect(current.messages.map((m) => m.type)).toEqual(["hello"]);
    const behind = await openSocket(cookie, `?since=${seq - 1}`);
    expect(await behind.next("resync")).toMatchObject({ seq });
    await create(cookie, { title: "Depois" });
    expect(await current.next("notification.created")).toMatchObject({ seq: seq + 1 });
  });
});

describe("client messages", () => {
  it("answers pings, and closes on malformed (1003) or oversized (1009) messages", async () => {
    const cookie = await signUpAndLogIn("rt-protocol@example.com");
    const pinging = await openSocket(cookie);
    pinging.ws.send('{"type":"ping"}');
    await pinging.next("pong");

    const malformed = await openSocket(cookie);
    malformed.ws.send("{not json");
    expect((await malformed.waitClose()).code).toBe(1003);

    const unknown = await openSocket(cookie);
    unknown.ws.send(JSON.stringify({ type: "subscribe", userId: "someone-else" }));
    expect((await unknown.waitClose()).code).toBe(1003);

    const oversized = await openSocket(cookie);
    oversized.ws.send(JSON.stringify({ type: "resume", pad: "x".repeat(5000) }));
    expect((await oversized.waitClose()).code).toBe(1009);
  });
});

describe("hibernation", () => {
  it("keeps per-socket state in attachments, and a fresh instance (after eviction) still fans out", async () => {
    const cookie = await signUpAndLogIn("rt-hibernate@example.com");
    const userId = await userIdOf(cookie);
    const socket = await openSocket(cookie);
    const hello = await socket.next("hello");
    await create(cookie, { title: "Antes" });
    await socket.next("notification.created");

    const stub = userRealtime(env, userId);
    await runInDurableObject(stub, async (_instance: UserRealtime, state) => {
      const [server] = state.getWebSockets();
      const attachment = server.deserializeAttachment() as SocketAttachment;
      expect(attachment.userId).toBe(userId);
      expect(attachment.connectedAt).toBeGreaterThan(Date.now() - 60_000);
      // What the runtime does after hibernation: a new instance over the same storage and sockets.
      const woken = new UserRealtime(state, env);
      expect(woken.currentSeq()).toBe(hello.seq + 1);
      expect(await woken.broadcast({ type: "entity.changed", entity: "goal", id: "g1", action: "created" })).toBe(1);
    });
    expect(await socket.next("entity.changed")).toMatchObject({ entity: "goal", seq: hello.seq + 2 });
    // The log survived too: a reconnect replays both events.
    const replay = await openSocket(cookie, `?since=${hello.seq}`);
    await replay.until(() => replay.messages.length >= 3);
    expect(replay.messages.map((m) => m.type)).toEqual(["hello", "notification.created", "entity.changed"]);
  });
});
