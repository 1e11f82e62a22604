import { createServer } from "node:net";

/** A port nothing listens on now (the system picks it), so the e2e server never collides with another server or run. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
