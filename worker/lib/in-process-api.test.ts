import { describe, expect, it } from "vitest";
import { apiRequestFor } from "./in-process-api";

describe("apiRequestFor", () => {
  it("stands for the page's request: same origin, its cookies, language and address, JSON", async () => {
    const page = new Request("https://rumo.app/auth?next=%2Fapp", {
      method: "POST",
      headers: { cookie: "rumo_session=abc", "accept-language": "en-GB", "cf-connecting-ip": "203.0.113.9", "user-agent": "Firefox", origin: "https://rumo.app", "x-other": "no" },
    });
    const request = apiRequestFor(page, "/auth/login", { body: { email: "a@b.pt" }, lang: "en" });
    expect(request.url).toBe("https://rumo.app/api/v1/auth/login?lang=en");
    expect(request.method).toBe("POST");
    expect(Object.fromEntries(request.headers)).toEqual({
      accept: "application/json",
      "accept-language": "en-GB",
      "cf-connecting-ip": "203.0.113.9",
      "content-type": "application/json",
      cookie: "rumo_session=abc",
      origin: "https://rumo.app",
      "sec-fetch-site": "same-origin",
      "user-agent": "Firefox",
    });
    expect(await request.json()).toEqual({ email: "a@b.pt" });
  });
});
