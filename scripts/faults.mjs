#!/usr/bin/env node
// The development faults switch (docs/decisions/0047-faults-and-retries.md) from the shell, against
// a running `npm start` / `npm run dev`:
//   npm run faults -- d1 fail 30        D1 fails for 30 s
//   npm run faults -- kv slow 20 1500   every KV call waits 1.5 s, for 20 s
//   npm run faults -- do off            the Durable Objects answer again
//   npm run faults -- off               every fault off
//   npm run faults                      what is set now
// The server is RUMO_URL, else http://localhost:$PORT (8787).
const base = process.env.RUMO_URL ?? `http://localhost:${process.env.PORT ?? 8787}`;
const [target, mode, seconds, ms] = process.argv.slice(2);
const usage = "usage: npm run faults -- <d1|kv|do> <fail|slow|off> [seconds=60] [ms=2000 for slow] | off";

async function call(method, body) {
  // Same-origin header: the Worker's CSRF check refuses state changes from elsewhere.
  const response = await fetch(`${base}/api/dev/faults`, {
    method,
    headers: { origin: base, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) {
    console.error(`${method} /api/dev/faults: ${response.status} ${text}`);
    if (response.status === 404) console.error("The switch answers only in local development (ENVIRONMENT=development on localhost).");
    process.exit(1);
  }
  return JSON.parse(text).faults;
}

let faults;
try {
  if (!target) faults = await call("GET");
  else if (target === "off") faults = await call("DELETE");
  else if (!["d1", "kv", "do"].includes(target) || !["fail", "slow", "off"].includes(mode)) {
    console.error(usage);
    process.exit(2);
  } else {
    faults = await call("POST", {
      target,
      mode,
      ...(seconds ? { seconds: Number(seconds) } : {}),
      ...(ms ? { ms: Number(ms) } : {}),
    });
  }
} catch (error) {
  console.error(`No answer from ${base}: is \`npm start\` running? (${error.cause?.code ?? error.message})`);
  process.exit(1);
}
if (faults.length === 0) console.log("No faults: D1, KV and the Durable Objects answer normally.");
for (const f of faults) console.log(`${f.target}: ${f.mode}${f.mode === "slow" ? ` (${f.ms} ms)` : ""} until ${f.until}`);
