import { createServer, type Server } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs script of npm test, without type declarations
import { freePort } from "../../scripts/free-port.mjs";

const listen = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });

describe("the e2e server's port (npm test)", () => {
  const open: Server[] = [];
  afterEach(() => open.splice(0).forEach((server) => server.close()));

  it("is never one that something already listens on (8790 busy no longer fails the run)", async () => {
    // The port the e2e server used to take for granted (or any, if something else holds it already).
    const busy = await listen(8790).catch(() => listen(0));
    open.push(busy);
    const taken = (busy.address() as { port: number }).port;
    const port: number = await freePort();
    expect(port).not.toBe(taken);
    // And the server can really listen there.
    open.push(await listen(port));
  });
});
