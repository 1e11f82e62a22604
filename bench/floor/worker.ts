// The floor of `npm run bench` (bench/pipeline.mjs): a bare Hono route in its own Worker, served by
// the same wrangler/workerd as Rumo, so the ratio Rumo/floor measures Rumo's own pipeline, not the
// machine or the runtime.
import { Hono } from "hono";

const app = new Hono();
app.get("/items", (c) => c.json({ items: [] }));

export default app;
