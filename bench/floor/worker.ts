// The floor of `npm run bench` (bench/pipeline.mjs): a bare Hono route in its own Worker, served by
// the same wrangler/workerd as Rumo, so the ratio Rumo/floor measures Rumo's own pipeline, not the
// machine or the runtime.
import { Hono } from "hono";

type Bindings = { DB: D1Database; KV: KVNamespace };

const app = new Hono<{ Bindings: Bindings }>();
app.get("/items", (c) => c.json({ items: [] }));

// The floor plus the I/O a signed-in read cannot avoid: `kv` KV reads, then `d1` sequential D1 round
// trips (a primary-key read each). Rumo's signed-in routes are compared with these too, which
// separates what its code costs from what local KV/D1 (miniflare's emulation) cost under load.
app.get("/io", async (c) => {
  const kv = Number(c.req.query("kv") ?? 0);
  const d1 = Number(c.req.query("d1") ?? 0);
  for (let i = 0; i < kv; i++) await c.env.KV.get(`session:floor-${i}`, "json");
  const rows: unknown[] = [];
  for (let i = 0; i < d1; i++) rows.push(await c.env.DB.prepare("select ?1 as id, ?2 as round").bind("floor", i).first());
  return c.json({ items: rows });
});

// The floor answering what Rumo's API 404 answers (status, the eight headers, a body of the same
// size), with no middleware: what the local proxy and the client pay for the answer itself.
const API_HEADERS: [string, string][] = [
  ["Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"],
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), usb=(), payment=(), browsing-topics=(), interest-cohort=()"],
  ["X-Frame-Options", "DENY"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
];
app.get("/answer-shape", (c) => {
  const requestId = crypto.randomUUID();
  const response = c.json({ error: { code: "not_found", message: "O recurso pedido não existe.", requestId } }, 404);
  for (const [name, value] of API_HEADERS) response.headers.set(name, value);
  response.headers.set("X-Request-Id", requestId);
  return response;
});

export default app;
