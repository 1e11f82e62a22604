import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ORIGIN, signUpAndLogIn } from "./helpers";

const page = (path: string, cookie?: string) => SELF.fetch(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });

// A public page's header differs by reader ("Ir para a app" signed in, "Entrar" otherwise): the
// signed-in copy must stay out of shared caches, the CDN's and the service worker's public one
// (isShareable, app/lib/pwa/rules.ts). The test pool's page handler is a stub; the mark is the
// Hono root's, so it is the same for the real pages.
describe("a page's Cache-Control by reader", () => {
  it("is private for a signed-in reader, on public pages and /app", async () => {
    const cookie = await signUpAndLogIn("cache@example.com");
    for (const path of ["/", "/pricing", "/blog", "/app/tarefas"]) {
      expect((await page(path, cookie)).headers.get("cache-control"), path).toBe("private");
    }
  });

  it("is left to the route without a session (an unknown token is none)", async () => {
    for (const path of ["/", "/pricing"]) expect((await page(path)).headers.get("cache-control"), path).toBeNull();
    expect((await page("/", "rumo_session=not-a-session")).headers.get("cache-control")).toBeNull();
  });
});
