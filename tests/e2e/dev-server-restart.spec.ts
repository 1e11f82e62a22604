import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, test } from "@playwright/test";

/**
 * scripts/start.mjs (`npm start`, and the server of this very suite) starts wrangler dev again when
 * it dies after it was serving (cloudflare/workers-sdk#15317: an empty "✘ [ERROR]", then exit), at
 * most three times, stopping whatever was left of its process group first so the port is free.
 * Here on a server of its own, from the build the suite already made.
 */
/** A port nothing listens on now (the system picks it). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

async function healthy(base: string, withinMs: number) {
  const until = Date.now() + withinMs;
  while (Date.now() < until) {
    const ok = await fetch(`${base}/api/v1/health`).then((r) => r.ok, () => false);
    if (ok) return true;
    await sleep(250);
  }
  return false;
}

/** The pids of the processes whose parent is `pid`, from /proc (no procps on a bare machine). */
function childrenOf(pid: number) {
  return readdirSync("/proc").filter((name) => /^\d+$/.test(name)).filter((name) => {
    try {
      // "pid (comm) state ppid ...": the name may hold spaces and parentheses, so split after the last ")".
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
    } catch {
      return false;
    }
  }).map(Number);
}

test.describe("the development server", () => {
  let starter: ChildProcess | undefined;
  let stateDir = "";
  test.afterEach(() => {
    if (starter?.exitCode === null) starter.kill("SIGTERM");
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  });

  test("serves again after wrangler dev dies under it, on the same data", async () => {
    test.setTimeout(150_000);
    const port = String(await freePort());
    const base = `http://localhost:${port}`;
    stateDir = `.wrangler/restart-state-${port}`;
    let errors = "";
    starter = spawn("node", ["scripts/start.mjs"], {
      env: { ...process.env, PORT: port, RUMO_STATE_DIR: stateDir, RUMO_FRESH_STATE: "1", RUMO_SKIP_BUILD: "1" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    starter.stderr!.on("data", (chunk) => (errors += chunk));
    expect(await healthy(base, 90_000)).toBe(true);
    // The demo account start.mjs seeds once it serves: data that must still be there afterwards.
    const signIn = () => fetch(`${base}/api/v1/auth/login`, { method: "POST", headers: { origin: base, "content-type": "application/json" }, body: JSON.stringify({ email: "demo@rumo.app", password: "rumo-demo-2026" }) });
    await expect.poll(async () => (await signIn()).status, { timeout: 30_000 }).toBe(200);

    // wrangler dies as in the upstream bug (the exit, not its cause): killed, its workerd child left.
    const [wrangler] = childrenOf(starter.pid!);
    expect(wrangler).toBeGreaterThan(0);
    process.kill(wrangler, "SIGKILL");

    await expect.poll(() => errors, { timeout: 10_000 }).toContain("starting it again (1 of 3)");
    expect(await healthy(base, 90_000)).toBe(true);
    expect((await signIn()).status).toBe(200);
    expect(starter.exitCode).toBeNull();

    // Stopped by SIGTERM, it leaves nothing listening.
    const exited = new Promise((resolve) => starter!.once("exit", resolve));
    starter.kill("SIGTERM");
    await exited;
    await expect.poll(() => fetch(`${base}/api/v1/health`).then(() => "answering", () => "closed"), { timeout: 15_000 }).toBe("closed");
  });
});
