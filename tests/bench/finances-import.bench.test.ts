/**
 * Import of a 10,000-row bank file (CGD layout, Windows-1252) through POST /transactions/import in
 * workerd with the real local D1: the preview (dry run) and the real import, median of several runs.
 * Each real run imports into a fresh user so every run writes the 10,000 rows.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { expect, it } from "vitest";
import { loadSession } from "@worker/auth/middleware";
import { buildApi, PLATFORM_BODY_RULES } from "@worker/api";
import { handleError } from "@worker/lib/errors";
import { limitBodies } from "@worker/middleware/body";
import { requestContext } from "@worker/middleware/request-context";
import { WORKER_MODULES } from "@worker/modules";
import { bodyRulesOf } from "@worker/modules/registry";
import type { AppEnv } from "@worker/types";
import { ORIGIN, signUpAndLogIn } from "../worker/helpers";

// The running app's modules: finances mounts the import with its 5 MB CSV rule.
const modules = WORKER_MODULES;
const root = new Hono<AppEnv>().onError(handleError).use("*", requestContext).use("*", limitBodies(bodyRulesOf(modules, PLATFORM_BODY_RULES))).use("*", loadSession).route("/api/v1", buildApi(modules));

const ROWS = 10_000;
const shops = ["COMPRA CONTINENTE LISBOA", "COMPRA PINGO DOCE PORTO", "PAG SERV EDP COMERCIAL", "UBER *TRIP", "FARMACIA ESTACAO", "DD NETFLIX INTERNATIONAL", "LEVANTAMENTO ATM"];
const lines = ["Consultar saldos e movimentos à ordem", "Conta ;0123012345600 - EUR", "", "Data mov. ;Data valor ;Descrição ;Débito ;Crédito ;Saldo contabilístico ;"];
for (let i = 0; i < ROWS; i++) {
  const day = new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 10) * 86_400_000);
  const date = `${String(day.getUTCDate()).padStart(2, "0")}-${String(day.getUTCMonth() + 1).padStart(2, "0")}-${day.getUTCFullYear()}`;
  const cents = 100 + ((i * 7919) % 25_000);
  const amount = `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
  lines.push(i % 20 === 0 ? `${date};${date};TRF SALARIO ${i} ;;${amount};1.000,00;` : `${date};${date};${shops[i % shops.length]} ${i} ;${amount};;1.000,00;`);
}
const file = Uint8Array.from(lines.join("\r\n"), (ch) => ch.charCodeAt(0));

async function post(cookie: string, query: string) {
  const ctx = createExecutionContext();
  const response = await root.request(`${ORIGIN}/api/v1/transactions/import${query}`, { method: "POST", headers: { origin: ORIGIN, cookie, "content-type": "text/csv" }, body: file }, env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];

it(`imports ${ROWS} rows`, async () => {
  const runs = 3;
  const users = [];
  for (let i = 0; i < runs + 1; i++) users.push(await signUpAndLogIn(`bench-${i}@finances-io.test`));
  const preview: number[] = [];
  const real: number[] = [];
  for (let i = 0; i < runs; i++) {
    let started = performance.now();
    const dry = await post(users[i], "?dryRun=true");
    preview.push(performance.now() - started);
    expect(dry.status).toBe(200);
    started = performance.now();
    const response = await post(users[i], "");
    real.push(performance.now() - started);
    expect((await response.json<{ imported: number }>()).imported).toBe(ROWS);
  }
  // Re-importing the same file: every row found as a duplicate, nothing written.
  const again: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const response = await post(users[0], "");
    again.push(performance.now() - started);
    expect((await response.json<{ imported: number }>()).imported).toBe(0);
  }
  console.log(
    `finances import of ${ROWS} rows (${(file.length / 1024).toFixed(0)} KB, workerd + local D1, ${runs} runs): ` +
      `preview median ${median(preview).toFixed(0)} ms; import median ${median(real).toFixed(0)} ms; re-import (all duplicates) median ${median(again).toFixed(0)} ms`,
  );
});
