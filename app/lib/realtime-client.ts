/**
 * The browser side of /api/v1/realtime: one WebSocket for all the tabs of this browser, shared by
 * every component that subscribes (reference-counted: opened by the first subscriber, closed after
 * the last leaves), reconnecting with exponential backoff (1 s doubling to 30 s) and resuming from
 * the last event seen, so nothing sent while offline is missed.
 *
 * Across tabs: the tab holding a Web Lock is the leader and owns the socket; it relays what the
 * server sends to the other tabs over a BroadcastChannel. When the leader's tab closes, the lock
 * passes to another tab, which connects and resumes from the last event it saw. Browsers without
 * Web Locks or BroadcastChannel keep one socket per tab.
 */
import { ACCOUNT_DELETED_EVENT, pageUserId, SESSION_CHANGED_EVENT, SIGNED_IN_USER_PARAM } from "./api";

export type RealtimeNotification = {
  id: string;
  title: string;
  message: string;
  type: string;
  category: string;
  priority: "low" | "medium" | "high" | "critical";
  isRead: boolean;
  readAt: string | null;
  actionUrl: string | null;
  expiresAt: string | null;
  metadata: Record<string, unknown>;
  parentId: string | null;
  createdAt: string;
};

export type RealtimeMessage =
  | { type: "notification.created"; seq: number; notification: RealtimeNotification }
  | { type: "notification.updated"; seq: number; ids: string[]; changes: Partial<Pick<RealtimeNotification, "isRead" | "readAt">> }
  | { type: "notification.deleted"; seq: number; ids: string[] }
  | { type: "entity.changed"; seq: number; entity: string; id: string; action: "created" | "updated" | "deleted" }
  /** The server's log no longer reaches back to the last event seen: refetch everything. */
  | { type: "resync"; seq: number };

export type ConnectionStatus = "idle" | "connecting" | "open" | "closed";

export const BACKOFF_START_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;
const PING_EVERY_MS = 25_000;
/**
 * Close code the server uses when the account was deleted: no point reconnecting, and the other
 * tabs forget the account too.
 */
const ACCOUNT_DELETED = 4001;
/**
 * Close code the server uses when the session that opened the socket was ended (signed out or
 * revoked on another device, password changed): reconnecting would only meet 401s.
 */
const SESSION_ENDED = 4002;
// Per user: a tab left on another account (lib/session-user.ts) never leads or hears this one's.
const leaderLock = () => `rumo-realtime-leader:${pageUserId() ?? ""}`;
const channelName = () => `rumo-realtime:${pageUserId() ?? ""}`;

/** Why the server closed the socket for good, as the tabs tell one another. */
type Ending = "session-ended" | "account-deleted";
type ChannelMessage = string | { kind: "status"; status: ConnectionStatus } | { kind: "status-request" } | { kind: Ending };

const canShareAcrossTabs = () => typeof BroadcastChannel !== "undefined" && typeof navigator !== "undefined" && "locks" in navigator;

/** The delay before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s … capped at 30 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(BACKOFF_START_MS * 2 ** attempt, BACKOFF_MAX_MS);
}

type Listener = (message: RealtimeMessage) => void;

export class RealtimeClient {
  private socket: WebSocket | null = null;
  private listeners = new Set<Listener>();
  private statusListeners = new Set<(status: ConnectionStatus) => void>();
  private lastSeq: number | null = null;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private channel: BroadcastChannel | null = null;
  private leader = false;
  private stopWaiting: AbortController | null = null;
  private resign: (() => void) | null = null;
  status: ConnectionStatus = "idle";

  constructor(private readonly url: () => string) {}

  /** Adds a listener (joining the shared connection for the first one); returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.start();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.disconnect();
    };
  }

  private start() {
    if (!canShareAcrossTabs()) return this.connect();
    const channel = new BroadcastChannel(channelName());
    this.channel = channel;
    channel.onmessage = (event: MessageEvent<ChannelMessage>) => {
      const data = event.data;
      if (typeof data === "string") this.receive(data);
      else if (data.kind === "status" && !this.leader) this.setStatus(data.status);
      else if (data.kind === "status-request" && this.leader) channel.postMessage({ kind: "status", status: this.status } satisfies ChannelMessage);
      else if ((data.kind === "session-ended" || data.kind === "account-deleted") && !this.leader) announceEnding(data.kind);
    };
    channel.postMessage({ kind: "status-request" } satisfies ChannelMessage);
    this.stopWaiting = new AbortController();
    navigator.locks
      .request(leaderLock(), { signal: this.stopWaiting.signal }, () => {
        // This tab leads until it stops (the promise resolves) or closes (the browser frees the lock).
        this.leader = true;
        this.connect();
        return new Promise<void>((resolve) => (this.resign = resolve));
      })
      .catch(() => undefined); // aborted while waiting: this tab stopped listening
  }

  onStatus(listener: (status: ConnectionStatus) => void): () => void {
    this.statusListeners.add(listener);
    listener(this.status);
    return () => this.statusListeners.delete(listener);
  }

  private setStatus(status: ConnectionStatus) {
    this.status = status;
    for (const listener of this.statusListeners) listener(status);
    if (this.leader) this.channel?.postMessage({ kind: "status", status } satisfies ChannelMessage);
  }

  private connect() {
    if (this.socket || typeof WebSocket === "undefined") return;
    this.setStatus("connecting");
    const url = new URL(this.url());
    if (this.lastSeq !== null) url.searchParams.set("since", String(this.lastSeq));
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.setStatus("open");
      this.pingTimer = setInterval(() => socket.readyState === WebSocket.OPEN && socket.send('{"type":"ping"}'), PING_EVERY_MS);
    };
    socket.onmessage = (event) => {
      const data = String(event.data);
      this.receive(data);
      this.channel?.postMessage(data satisfies ChannelMessage);
    };
    socket.onclose = (event) => {
      // A socket this client already let go (sign-out, the last subscriber left, a newer one open):
      // its late close must neither drop the current socket nor open another one.
      if (this.socket !== socket) return;
      if (this.pingTimer) clearInterval(this.pingTimer);
      this.socket = null;
      this.setStatus("closed");
      const ending: Ending | null = event.code === SESSION_ENDED ? "session-ended" : event.code === ACCOUNT_DELETED ? "account-deleted" : null;
      if (ending) {
        // Final. The tabs that follow this one share its session and account: they leave too.
        this.channel?.postMessage({ kind: ending } satisfies ChannelMessage);
        return announceEnding(ending);
      }
      if (this.listeners.size > 0) {
        this.reconnectTimer = setTimeout(() => this.connect(), backoffDelay(this.attempt++));
      }
    };
  }

  private disconnect() {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
    this.socket?.close(1000);
    this.socket = null;
    this.setStatus("idle");
    // Hand the socket over to another tab (or stop waiting for it).
    this.leader = false;
    this.resign?.();
    this.resign = null;
    this.stopWaiting?.abort();
    this.stopWaiting = null;
    this.channel?.close();
    this.channel = null;
  }

  /** Handles one server message; exposed for tests. */
  receive(data: string) {
    let message: { type: string; seq?: number };
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (message.type === "pong") return;
    if (message.type === "hello") {
      // First connection: start from now. Later ones: catch-up events follow the hello.
      if (this.lastSeq === null) this.lastSeq = message.seq ?? 0;
      return;
    }
    if (typeof message.seq !== "number") return;
    if (message.type === "resync") {
      this.lastSeq = message.seq;
    } else {
      if (this.lastSeq !== null && message.seq <= this.lastSeq) return; // already seen
      this.lastSeq = message.seq;
    }
    for (const listener of this.listeners) listener(message as RealtimeMessage);
  }

  /** Forget everything (sign-out or another user signing in). */
  reset() {
    this.disconnect();
    this.lastSeq = null;
    this.attempt = 0;
  }
}

/**
 * The shell leaves the page on these, unless the page is leaving by itself (a sign-out, the
 * account's deletion): to /auth when the session ended (app/routes/app/layout.tsx); home, once
 * nothing of the account is left in this browser, when it was deleted
 * (app/components/offline/leave-when-account-deleted.ts).
 */
function announceEnding(ending: Ending) {
  if (typeof window !== "undefined") window.dispatchEvent(new CustomEvent(ending === "session-ended" ? SESSION_CHANGED_EVENT : ACCOUNT_DELETED_EVENT));
}

let shared: RealtimeClient | null = null;

/** The tab's one realtime connection. */
export function realtime(): RealtimeClient {
  shared ??= new RealtimeClient(() => {
    const user = pageUserId();
    return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/v1/realtime${user ? `?${SIGNED_IN_USER_PARAM}=${encodeURIComponent(user)}` : ""}`;
  });
  return shared;
}
