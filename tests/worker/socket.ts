import { SELF } from "cloudflare:test";
import { ORIGIN } from "./helpers";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Message = any;

/** An accepted WebSocket to /api/v1/realtime with every message it received, and waits on them. */
export async function openSocket(cookie: string, query = "") {
  const response = await SELF.fetch(`${ORIGIN}/api/v1/realtime${query}`, { headers: { upgrade: "websocket", cookie, origin: ORIGIN } });
  if (response.status !== 101 || !response.webSocket) throw new Error(`upgrade ${response.status}: ${await response.text()}`);
  const ws = response.webSocket;
  const messages: Message[] = [];
  const waiters: (() => void)[] = [];
  let closed: { code: number; reason: string } | null = null;
  ws.addEventListener("message", (event) => {
    messages.push(JSON.parse(event.data as string));
    waiters.splice(0).forEach((wake) => wake());
  });
  ws.addEventListener("close", (event) => {
    closed = { code: event.code, reason: event.reason };
    waiters.splice(0).forEach((wake) => wake());
  });
  ws.accept();

  /** Resolves when `check` holds (re-checked on every message or close), or fails after `ms`. */
  async function until<T>(check: () => T | undefined | null | false, ms = 3000): Promise<NonNullable<T>> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = check();
      if (value) return value as NonNullable<T>;
      if (Date.now() > deadline) throw new Error(`timed out; got ${JSON.stringify(messages).slice(0, 400)} closed=${JSON.stringify(closed)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }
  return {
    ws,
    messages,
    closed: () => closed,
    until,
    /** The first message of `type` (optionally matching `where`). */
    next: (type: string, where: (m: Message) => boolean = () => true, ms?: number) =>
      until(() => messages.find((m) => m.type === type && where(m)), ms),
    waitClose: (ms?: number) => until(() => closed, ms),
  };
}

export const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));
