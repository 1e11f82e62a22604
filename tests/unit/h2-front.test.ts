import { connect as http2Connect } from "node:http2";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { request as httpsRequest } from "node:https";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
// @ts-expect-error -- plain .mjs scripts of the benches, without type declarations
import { freePort } from "../../scripts/free-port.mjs";
// @ts-expect-error -- as above
import { startH2Front } from "../../scripts/h2-front.mjs";

type Front = { origin: string; close: () => void };

/** A plain HTTP/1.1 server that records what reached it and answers like the app would. */
async function plainServer() {
  const seen: { method?: string; url?: string; headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      if (req.url === "/go") {
        res.writeHead(303, { location: `http://${req.headers.host}/app/tarefas` });
        return res.end();
      }
      // Two cookies and a connection header, as wrangler dev answers a sign-in.
      res.writeHead(200, { "content-type": "text/plain", "set-cookie": ["a=1; Path=/", "b=2; Path=/"], connection: "keep-alive" });
      res.end(`hello ${req.method}`);
    });
  });
  const port: number = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { server, seen, origin: `http://localhost:${port}` };
}

/** One HTTP/2 request to the front, trusting its throwaway certificate. */
function h2Get(origin: string, path: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const session = http2Connect(origin, { rejectUnauthorized: false });
    session.on("error", reject);
    const stream = session.request({ ":path": path, ":method": body ? "POST" : "GET", ...headers });
    let text = "";
    let answer: Record<string, unknown> = {};
    stream.on("response", (h) => (answer = h));
    stream.on("data", (chunk) => (text += chunk));
    stream.on("end", () => {
      session.close();
      resolve({ status: Number(answer[":status"]), headers: answer, body: text });
    });
    stream.on("error", reject);
    stream.end(body);
  });
}

describe("the benches' HTTP/2 front (scripts/h2-front.mjs, decision 0064)", () => {
  const cleanup: (() => void)[] = [];
  afterEach(() => cleanup.splice(0).forEach((close) => close()));

  async function setUp() {
    const plain = await plainServer();
    cleanup.push(() => plain.server.close());
    const front: Front = await startH2Front({ target: plain.origin, port: String(await freePort()) });
    cleanup.push(front.close);
    return { plain, front };
  }

  it("answers over HTTP/2 what the plain server answers, as if the browser had asked it directly", async () => {
    const { plain, front } = await setUp();
    expect(front.origin).toMatch(/^https:\/\/localhost:\d+$/);
    const answer = await h2Get(front.origin, "/api/v1/me?x=1", { origin: front.origin, referer: `${front.origin}/app`, cookie: "rumo_session=abc" }, "{}");
    expect(answer.status).toBe(200);
    expect(answer.body).toBe("hello POST");
    expect(answer.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    // No connection-specific header survives into HTTP/2 (it would be a protocol error).
    expect(answer.headers.connection).toBeUndefined();
    const [request] = plain.seen;
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/api/v1/me?x=1");
    expect(request.body).toBe("{}");
    expect(request.headers.cookie).toBe("rumo_session=abc");
    // The app's CSRF check compares Origin with the plain origin it is served on.
    expect(`http://${request.headers.host}`).toBe(plain.origin);
    expect(request.headers.origin).toBe(plain.origin);
    expect(request.headers.referer).toBe(`${plain.origin}/app`);
  });

  it("turns the plain origin in a redirect back into its own", async () => {
    const { front } = await setUp();
    const answer = await h2Get(front.origin, "/go");
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(`${front.origin}/app/tarefas`);
  });

  it("also answers HTTP/1.1 over TLS (the browser's WebSocket upgrades come that way)", async () => {
    const { front } = await setUp();
    const body = await new Promise<string>((resolve, reject) => {
      const req = httpsRequest(`${front.origin}/`, { rejectUnauthorized: false }, (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve(text));
      });
      req.on("error", reject);
      req.end();
    });
    expect(body).toBe("hello GET");
  });

  it("pipes WebSocket upgrades through (the realtime connection)", async () => {
    const { plain, front } = await setUp();
    const sockets = new WebSocketServer({ server: plain.server });
    cleanup.push(() => sockets.close());
    let origin: string | undefined;
    sockets.on("connection", (socket, request) => {
      origin = request.headers.origin;
      socket.on("message", (data) => socket.send(`echo ${data}`));
    });
    const client = new WebSocket(`${front.origin.replace("https:", "wss:")}/api/v1/realtime`, { rejectUnauthorized: false, origin: front.origin });
    cleanup.push(() => client.terminate());
    await new Promise((resolve, reject) => client.once("open", resolve).once("error", reject));
    client.send("ping");
    const answer = await new Promise<string>((resolve) => client.once("message", (data) => resolve(String(data))));
    expect(answer).toBe("echo ping");
    expect(origin).toBe(plain.origin);
  });
});
