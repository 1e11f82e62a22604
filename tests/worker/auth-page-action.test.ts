import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { apiRequestFor } from "../../worker/lib/in-process-api";
import { freshIp, json, ORIGIN, sessionFrom, signUpAndLogIn } from "./helpers";

/** A form POST to /auth as a browser sends it. */
const pagePost = (headers: Record<string, string>) =>
  new Request(`${ORIGIN}/auth`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body: "intent=sign-in" });

// /auth's action (decision 0052) reaches the JSON API through the Worker's own root: the same CSRF
// check guards the form, and the API call carries the page's cookies, language and address.
describe("/auth's form posts and their in-process API calls", () => {
  it("refuses a form posted from another site before any page code runs; lets the page's own through", async () => {
    const foreign = await SELF.fetch(pagePost({ origin: "https://evil.example" }));
    expect(foreign.status).toBe(403);
    // The test pool's page handler is a stub (501): reaching it means the root let the post through.
    expect((await SELF.fetch(pagePost({ origin: ORIGIN }))).status).toBe(501);
    expect((await SELF.fetch(pagePost({ "sec-fetch-site": "same-origin" }))).status).toBe(501);
  });

  it("signs in with the page's address and language, answering with the session cookie", async () => {
    await signUpAndLogIn("pagina@example.com");
    const ip = freshIp();
    const page = pagePost({ origin: ORIGIN, "cf-connecting-ip": ip, "accept-language": "pt-PT" });
    const wrong = await SELF.fetch(apiRequestFor(page, "/auth/login", { body: { email: "pagina@example.com", password: "errada" }, lang: "en" }));
    expect(wrong.status).toBe(401);
    expect((await json(wrong)).error.message).toBe("Incorrect email or password");
    const right = await SELF.fetch(apiRequestFor(page, "/auth/login", { body: { email: "pagina@example.com", password: "segredo-123" }, lang: "pt" }));
    expect(right.status).toBe(200);
    const cookie = sessionFrom(right);
    // The cookie is a working session, forwarded by the next call of the same page.
    const signedIn = new Request(`${ORIGIN}/auth`, { method: "POST", headers: { origin: ORIGIN, cookie, "cf-connecting-ip": ip } });
    expect((await SELF.fetch(apiRequestFor(signedIn, "/auth/logout"))).status).toBe(204);
  });
});
