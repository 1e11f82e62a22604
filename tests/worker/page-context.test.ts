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

  it("is in the account's language when signed in, as the API's answers are, whatever the browser asks (decision 0012 revised)", async () => {
    const cookie = await signUpAndLogIn("pedro@example.com");
    expect((await api("/me", { method: "PATCH", body: { language: "en" }, headers: { cookie } })).status).toBe(200);
    const asked = async (headers: Record<string, string>) => json(await SELF.fetch(`${ORIGIN}/app/dashboard`, { headers }));
    expect(await asked({ cookie: `${cookie}; rumo-language=pt`, "accept-language": "pt-PT" })).toMatchObject({ email: "pedro@example.com", lang: "en" });
    const unauthorised = await api("/notifications/not-an-id", { method: "DELETE", headers: { cookie, "accept-language": "pt" } });
    expect((await json(unauthorised)).error.message).toBe("Not found.");
    // Signed out, the request's language (the stored choice's cookie, else the browser).
    expect(await asked({ cookie: "rumo-language=pt", "accept-language": "en-US" })).toMatchObject({ email: null, lang: "pt" });
    expect(await asked({ "accept-language": "en-US" })).toMatchObject({ email: null, lang: "en" });
  });
});
