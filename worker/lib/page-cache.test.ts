import { describe, expect, it } from "vitest";
import { forOneReader, oneReaderCacheControl } from "./page-cache";

describe("a page made for one reader", () => {
  it("is private whatever its route asked, an outage's no-store kept", () => {
    expect(oneReaderCacheControl(null)).toBe("private");
    // The status page's own value: a CDN must not keep a signed-in reader's copy for the next.
    expect(oneReaderCacheControl("public, max-age=30")).toBe("private");
    expect(oneReaderCacheControl("no-store")).toBe("private, no-store");
  });

  it("marks answers whose headers cannot change on a copy (a redirect's)", async () => {
    const redirect = forOneReader(Response.redirect("https://rumo.app/app", 302));
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe("https://rumo.app/app");
    expect(redirect.headers.get("cache-control")).toBe("private");
    const page = forOneReader(new Response("<p>Ir para a app</p>", { headers: { "Cache-Control": "public, max-age=30" } }));
    expect(page.headers.get("cache-control")).toBe("private");
    expect(await page.text()).toBe("<p>Ir para a app</p>");
  });
});
