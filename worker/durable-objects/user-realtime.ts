import { DurableObject } from "cloudflare:workers";

/** State kept on each hibernatable socket (survives the object being evicted from memory). */
export type SocketAttachment = { connectedAt: number };

/**
 * One instance per user (id derived from the user id): fans realtime messages out to every tab
 * and device of that user over hibernatable WebSockets.
 */
export class UserRealtime extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Keep-alive pings are answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('{"type":"ping"}', '{"type":"pong"}'));
  }

  /** Health probe. */
  async ping(): Promise<"pong"> {
    return "pong";
  }

  /** Account deletion: closes every socket and erases all stored state of this user. */
  async reset(): Promise<void> {
    for (const socket of this.ctx.getWebSockets()) socket.close(4001, "account deleted");
    await this.ctx.storage.deleteAll();
  }

  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ connectedAt: Date.now() } satisfies SocketAttachment);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sends a message to every open socket of this user; returns how many received it. */
  async broadcast(message: unknown): Promise<number> {
    const data = JSON.stringify(message);
    let sent = 0;
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(data);
        sent++;
      } catch {
        // A socket closing at this moment; its close handler cleans up.
      }
    }
    return sent;
  }

  async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer) {
    // Clients only send pings (answered by the auto-response); anything else is a protocol error.
    if (typeof message !== "string" || message.length > 4096) {
      socket.close(1009, "message too large or binary");
      return;
    }
    socket.close(1003, "unsupported message");
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
