// What the browser benchmarks share (scripts/lighthouse.mjs, scripts/long-tasks.mjs, scripts/trace-tasks.mjs).
import { setTimeout as sleep } from "node:timers/promises";

/**
 * Every guided tour marked as seen, as for a returning user: a first-visit tour would cover the page
 * being measured.
 */
// Lighthouse's mobile user agent: below the shell's breakpoint the server renders the phone shell.
export const PHONE_USER_AGENT = "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36";

export const SEEN_GUIDES = ["dashboard", ...["calendario", "tarefas", "objetivos", "diario", "financas", "ciclo-menstrual", "autocuidado", "chat", "assistant", "relatorios-semanais"].map((m) => `module-${m}`)];

/** Waits (up to 6 minutes) until the started server answers its health check; throws if it exits first. */
export async function waitUntilHealthy(base, server) {
  for (let attempt = 0; ; attempt++) {
    const ok = await fetch(`${base}/api/v1/health`).then((r) => r.ok).catch(() => false);
    if (ok) return;
    if (attempt > 1440 || server.exitCode !== null) throw new Error("the server did not become healthy");
    await sleep(250);
  }
}

/** A CPU profile's frame as `function chunk:line:column`; native frames ((program), DOM calls) have no URL or line. */
export function frameLabel({ functionName, url = "", lineNumber = -1, columnNumber = -1 }) {
  return `${functionName || "(anonymous)"} ${url.replace(/^.*\/assets\//, "").replace(/^https?:\/\/[^/]+/, "")}:${lineNumber + 1}:${columnNumber + 1}`;
}

/**
 * Counts one sample of `weight` in `self` (under its own frame) and in `total` (under every frame on
 * its stack, once each however often recursion repeats it). `parent` maps a node id to its caller's.
 */
export function addSample({ self, total }, id, weight, label, parent) {
  self.set(label(id), (self.get(label(id)) ?? 0) + weight);
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const name = label(at);
    if (seen.has(name)) continue;
    seen.add(name);
    total.set(name, (total.get(name) ?? 0) + weight);
  }
}
