// What the browser benchmarks share (scripts/lighthouse.mjs, scripts/long-tasks.mjs).
import { setTimeout as sleep } from "node:timers/promises";

/**
 * Every guided tour marked as seen, as for a returning user: a first-visit tour would cover the page
 * being measured.
 */
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
