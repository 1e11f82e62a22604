import { DurableObject } from "cloudflare:workers";

/** State kept on each hibernatable socket (survives the object being evicted from memory). */
export type SocketAttachment = { userId: string; sessionId: string; connectedAt: number; lastSeq: number };

/** What the server sends. Events carry `seq`, increasing per user, so a client can resume. */
export type RealtimeEvent =
  | { type: "notification.created"; notification: Record<string, unknown> }
  | { type: "notification.updated"; ids: string[]; changes: Record<string, unknown> }
  | { type: "notification.deleted"; ids: string[] }
  | { type: "entity.changed"; entity: string; id: string; action: "created" | "updated" | "deleted" };

/** Header by which the Worker (the only caller) tells the object whose socket it is. */
export const USER_ID_HEADER = "x-rumo-user-id";
/** Header naming the session that opened the socket, so ending that session can close it. */
export const SESSION_ID_HEADER = "x-rumo-session-id";
/** Events kept for catch-up after a reconnect: at most this many... */
export const EVENT_LOG_SIZE = 200;
/**
 * ...and none older than this (notifications carry their title and message): a client away longer
 * refetches (`resync`), which it would need to do after two days anyway.
 */
export const EVENT_LOG_MAX_AGE_MS = 48 * 3_600_000;
/** Largest client message accepted (pings and resume requests are tiny). */
export const MAX_CLIENT_MESSAGE = 1024;

export const CLOSE_UNSUPPORTED = 1003;
export const CLOSE_TOO_LARGE = 1009;
export const CLOSE_ACCOUNT_DELETED = 4001;
/** The session that opened the socket was ended (sign-out, revoked, password changed). */
export const CLOSE_SESSION_ENDED = 4002;

/**
 * One instance per user (id derived from the user id): fans realtime messages out to every tab
 * and device of that user over hibernatable WebSockets, and keeps a short event log in its SQLite
 * storage so a reconnecting client catches up on what it missed. The log is trimmed by count and by
 * age at each event, and by an alarm when no event comes to trim it.
 */
export class UserRealtime extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Keep-alive pings are answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('{"type":"ping"}', '{"type":"pong"}'));
    // AUTOINCREMENT: sequence numbers never repeat, even after the log is trimmed.
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS events (seq INTEGER PRIMARY KEY AUTOINCREMENT, data TEXT NOT NULL, at INTEGER NOT NULL)");
  }

  /** Health probe. */
  async ping(): Promise<"pong"> {
    return "pong";
  }

  /** Account deletion: closes every socket and erases all stored state of this user. */
  async reset(): Promise<void> {
    for (const socket of this.ctx.getWebSockets()) socket.close(CLOSE_ACCOUNT_DELETED, "account deleted");
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS events (seq INTEGER PRIMARY KEY AUTOINCREMENT, data TEXT NOT NULL, at INTEGER NOT NULL)");
  }

  /** Closes at once the sockets opened by these sessions; returns how many were closed. */
  async closeSessions(sessionIds: string[]): Promise<number> {
    const ended = new Set(sessionIds);
    let closed = 0;
    for (const socket of this.ctx.getWebSockets()) {
      const attachment = socket.deserializeAttachment() as SocketAttachment | null;
      if (!attachment || !ended.has(attachment.sessionId)) continue;
      try {
        socket.close(CLOSE_SESSION_ENDED, "session ended");
        closed++;
      } catch {
        // already closing
      }
    }
    return closed;
  }

  /**
   * The sequence number of the newest event (0 when none ever was), read from AUTOINCREMENT's own
   * record: it stays when the age limit has emptied the log.
   */
  currentSeq(): number {
    const [row] = this.ctx.storage.sql.exec<{ seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'events'").toArray();
    return row?.seq ?? 0;
  }

  /** How many sockets are open (tests and the benchmark). */
  async connections(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    }
    const userId = request.headers.get(USER_ID_HEADER) ?? "";
    const sessionId = request.headers.get(SESSION_ID_HEADER) ?? "";
    const since = Number(new URL(request.url).searchParams.get("since") ?? "");
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    const seq = this.currentSeq();
    server.serializeAttachment({ userId, sessionId, connectedAt: Date.now(), lastSeq: seq } satisfies SocketAttachment);
    server.send(JSON.stringify({ type: "hello", seq }));
    if (Number.isInteger(since) && since >= 0 && new URL(request.url).searchParams.has("since")) this.catchUp(server, since);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Appends an event to the log and sends it to every open socket; returns how many received it. */
  async broadcast(event: RealtimeEvent): Promise<number> {
    const data = JSON.stringify(event);
    const at = Date.now();
    const { seq } = this.ctx.storage.sql.exec<{ seq: number }>("INSERT INTO events (data, at) VALUES (?, ?) RETURNING seq", data, at).one();
    this.ctx.storage.sql.exec("DELETE FROM events WHERE seq <= ? OR at <= ?", seq - EVENT_LOG_SIZE, at - EVENT_LOG_MAX_AGE_MS);
    // The alarm trims the log when no later event does; one is enough (it sets the next itself).
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(at + EVENT_LOG_MAX_AGE_MS);
    const message = JSON.stringify({ ...event, seq });
    let sent = 0;
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(message);
        sent++;
      } catch {
        // A socket closing at this moment; its close handler cleans up.
      }
    }
    return sent;
  }

  /** Drops the events past the age limit, and wakes again when the oldest left reaches it. */
  async alarm(): Promise<void> {
    this.ctx.storage.sql.exec("DELETE FROM events WHERE at <= ?", Date.now() - EVENT_LOG_MAX_AGE_MS);
    const oldest = this.ctx.storage.sql.exec<{ at: number | null }>("SELECT min(at) AS at FROM events").one().at;
    if (oldest !== null) await this.ctx.storage.setAlarm(oldest + EVENT_LOG_MAX_AGE_MS);
  }

  /** Sends the events after `since`, or `resync` when the log no longer reaches back that far. */
  private catchUp(socket: WebSocket, since: number) {
    const current = this.currentSeq();
    if (since > current) {
      // A client ahead of the log: the object's state was reset (account data erased).
      socket.send(JSON.stringify({ type: "resync", seq: current }));
    } else {
      const oldest = this.ctx.storage.sql.exec<{ seq: number | null }>("SELECT min(seq) AS seq FROM events").one().seq ?? current + 1;
      if (since < oldest - 1) {
        socket.send(JSON.stringify({ type: "resync", seq: current }));
      } else {
        for (const row of this.ctx.storage.sql.exec<{ seq: number; data: string }>("SELECT seq, data FROM events WHERE seq > ? ORDER BY seq", since)) {
          socket.send(JSON.stringify({ ...JSON.parse(row.data), seq: row.seq }));
        }
      }
    }
    const attachment = socket.deserializeAttachment() as SocketAttachment;
    socket.serializeAttachment({ ...attachment, lastSeq: current } satisfies SocketAttachment);
  }

  async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer) {
    // Clients send pings (answered by the auto-response) and resume requests; nothing else.
    if (typeof message !== "string" || message.length > MAX_CLIENT_MESSAGE) {
      socket.close(CLOSE_TOO_LARGE, "message too large or binary");
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      socket.close(CLOSE_UNSUPPORTED, "malformed message");
      return;
    }
    const request = parsed as { type?: unknown; since?: unknown };
    if (request?.type === "resume" && Number.isInteger(request.since) && (request.since as number) >= 0) {
      this.catchUp(socket, request.since as number);
      return;
    }
    socket.close(CLOSE_UNSUPPORTED, "unsupported message");
  }

  async webSocketClose(socket: WebSocket, code: number) {
    try {
      socket.close(code === 1005 ? 1000 : code, "closing");
    } catch {
      // already closed
    }
  }
}

/** The realtime object of one user: its id is derived from the user id, so no other user reaches it. */
export function userRealtime(env: Env, userId: string): DurableObjectStub<UserRealtime> {
  return env.USER_REALTIME.get(env.USER_REALTIME.idFromName(userId)) as DurableObjectStub<UserRealtime>;
}
