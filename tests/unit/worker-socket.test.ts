import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs script of the benches, without type declarations
import { workerSocket } from "../../scripts/bench-lib.mjs";

// A grandchild process (as workerd is under wrangler) with three sockets: one answering like the
// Worker, one answering like it too but standing for wrangler's proxy port, one answering other text.
const GRANDCHILD = `
const http = require("node:http");
const serve = (text) => new Promise((resolve) => { const s = http.createServer((_q, r) => r.end(text)); s.listen(0, "127.0.0.1", () => resolve(s.address().port)); });
// The proxy's socket first, so it is the first one found: only the exclusion keeps it out.
(async () => { const proxy = await serve("worker"); const other = await serve("other"); const worker = await serve("worker"); console.log(JSON.stringify({ worker, proxy, other })); })();
`;
const CHILD = `require("node:child_process").spawn(process.execPath, ["-e", ${JSON.stringify(GRANDCHILD)}], { stdio: "inherit" });`;

describe("workerSocket (npm run bench -- --direct)", () => {
  const children: ChildProcess[] = [];
  const servers: Server[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) process.kill(-child.pid!, "SIGKILL");
    for (const server of servers.splice(0)) server.close();
  });

  it("finds the socket a process under the given one listens on and that answers the probe, not an excluded one nor another process's", async () => {
    // A server in this process answering the probe too: not under the child, so never chosen.
    const outsider = createServer((_q, r) => r.end("worker"));
    await new Promise<void>((resolve) => outsider.listen(0, "127.0.0.1", resolve));
    servers.push(outsider);

    const child = spawn(process.execPath, ["-e", CHILD], { detached: true, stdio: ["ignore", "pipe", "inherit"] });
    children.push(child);
    const ports = await new Promise<{ worker: number; proxy: number; other: number }>((resolve) => {
      let out = "";
      child.stdout!.on("data", (chunk) => {
        out += chunk;
        if (out.includes("\n")) resolve(JSON.parse(out));
      });
    });

    const probe = async (base: string) => (await fetch(base, { signal: AbortSignal.timeout(1000) }).then((r) => r.text())) === "worker";
    expect(await workerSocket(child.pid, probe, { exclude: [ports.proxy] })).toBe(`http://127.0.0.1:${ports.worker}`);
    // With nothing under the child answering the probe, it says so rather than guessing.
    await expect(workerSocket(child.pid, async () => false)).rejects.toThrow(/no socket of the Worker/);
  });
});
