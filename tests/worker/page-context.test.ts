import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, json, ORIGIN, signUpAndLogIn } from "./helpers";

/** What a page's loaders would find in the load context (the test build echoes it). */
async function pageContext(path: string, cookie?: string) {
  const response = await SELF.fetch(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });
  return json(response);
}

// The Hono root reads the session once per request and hands it to the page handler: loaders
// (app/lib/auth.server.ts) use it instead of validating the cookie a second time.
describe("page load context", () => {
  it("carries the signed-in session to the pages", async () => {
    const cookie = await signUpAndLogIn("paula@example.com");
    expect(await pageContext("/app/dashboard", cookie)).toMatchObject({ email: "paula@example.com", pendingSecondFactor: false });
  });

  it("is null without a cookie or with an unknown token", async () => {
    expect(await pageContext("/app/dashboard")).toMatchObject({ email: null });
    expect(await pageContext("/app/dashboard", "rumo_session=not-a-session")).toMatchObject({ email: null });
  });

  it("keeps the page's language from the request, not the account (the API follows the account)", async () => {
    const cookie = await signUpAndLogIn("pedro@example.com");
    expect((await api("/me", { method: "PATCH", body: { language: "en" }, headers: { cookie } })).status).toBe(200);
    expect(await pageContext("/app/dashboard", cookie)).toMatchObject({ email: "pedro@example.com", lang: "pt" });
    const unauthorised = await api("/notifications/not-an-id", { method: "DELETE", headers: { cookie, "accept-language": "pt" } });
    expect((await json(unauthorised)).error.message).toBe("Not found.");
  });
});
