/**
 * An HTTPS + HTTP/2 front for the local server, so that a browser bench loads Rumo over the protocol
 * production serves it with. Cloudflare answers browsers over TLS with HTTP/2 (or HTTP/3); `wrangler
 * dev` speaks plain HTTP/1.1 only, and Lighthouse's network model follows the protocol it observed:
 * over HTTP/1.1 each of an /app page's ~45 preloaded chunks waits its turn on one of six
 * connections and pays a round trip, over HTTP/2 they share one connection (docs/decisions/0064).
 *
 * It terminates TLS with a throwaway self-signed certificate for localhost (openssl; the browser is
 * started with --ignore-certificate-errors) and passes every request on to the plain server as if
 * the browser had spoken to it directly: Host, Origin and Referer name the plain origin, redirects
 * that name it are turned back. WebSockets (HTTP/1.1 upgrades) are piped through unchanged.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect as netConnect } from "node:net";
import { createSecureServer } from "node:http2";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Connection-specific headers: forbidden in HTTP/2 answers, meaningless across the hop.
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer"]);

/** A key and certificate for localhost, valid for a day. */
function throwawayCertificate() {
  const dir = mkdtempSync(join(tmpdir(), "rumo-h2-"));
  try {
    const made = spawnSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem")], { stdio: "pipe" });
    if (made.status !== 0) throw new Error(`openssl could not make a certificate (apt-get install openssl): ${made.stderr}`);
    return { key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Serves https://localhost:`port` (HTTP/2, HTTP/1.1 for clients that ask) in front of `target`
 * (http://localhost:N). Resolves to { origin, close }.
 */
export function startH2Front({ target, port }) {
  const upstream = new URL(target);
  const front = `https://localhost:${port}`;
  const toUpstream = (value) => value?.replaceAll(front, upstream.origin);
  const toFront = (value) => value?.replaceAll(upstream.origin, front);

  const server = createSecureServer({ ...throwawayCertificate(), allowHTTP1: true });
  const open = new Set();
  server.on("session", (session) => { open.add(session); session.on("close", () => open.delete(session)); });
  server.on("request", (req, res) => {
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (name.startsWith(":") || HOP_BY_HOP.has(name)) continue;
      headers[name] = name === "origin" || name === "referer" ? toUpstream(value) : value;
    }
    headers.host = upstream.host;
    const forwarded = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (answer) => {
      const out = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (HOP_BY_HOP.has(name)) continue;
        out[name] = name === "location" ? toFront(value) : value;
      }
      res.writeHead(answer.statusCode, out);
      answer.pipe(res);
    });
    forwarded.on("error", () => { if (!res.headersSent) res.writeHead(502); res.end(); });
    req.pipe(forwarded);
  });
  // WebSockets arrive as HTTP/1.1 upgrades on their own connection: replay the request line and
  // headers to the plain server and join the two sockets.
  server.on("upgrade", (req, socket, head) => {
    const back = netConnect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const name = req.rawHeaders[i].toLowerCase();
        const value = name === "host" ? upstream.host : name === "origin" ? toUpstream(req.rawHeaders[i + 1]) : req.rawHeaders[i + 1];
        lines.push(`${req.rawHeaders[i]}: ${value}`);
      }
      back.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (head.length) back.write(head);
      back.pipe(socket).pipe(back);
    });
    const drop = () => { socket.destroy(); back.destroy(); };
    back.on("error", drop);
    socket.on("error", drop);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    // close() does not wait for the browser to hang up its kept-alive connections.
    const close = () => { for (const session of open) session.destroy(); server.close(); };
    server.listen(Number(port), "127.0.0.1", () => resolve({ origin: front, close }));
  });
}
