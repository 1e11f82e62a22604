import { describe, expect, it } from "vitest";
import { appBaseUrl, appLink, appOrigin } from "./app-url";

describe("the app's base URL", () => {
  it("drops trailing slashes so links never carry a double slash", () => {
    expect(appBaseUrl({ APP_URL: "https://rumo.example/" })).toBe("https://rumo.example");
    expect(appBaseUrl({ APP_URL: "https://rumo.example//" })).toBe("https://rumo.example");
    expect(appLink({ APP_URL: "https://rumo.example/" }, "/app/premium")).toBe("https://rumo.example/app/premium");
  });

  it("keeps a path prefix and reports the origin for request checks", () => {
    expect(appLink({ APP_URL: "https://example.org/rumo/" }, "/auth")).toBe("https://example.org/rumo/auth");
    expect(appOrigin({ APP_URL: "https://example.org/rumo/" })).toBe("https://example.org");
  });

  it("is empty when unset or unparsable", () => {
    expect(appBaseUrl({ APP_URL: "" })).toBe("");
    expect(appOrigin({ APP_URL: "" })).toBe("");
    expect(appOrigin({ APP_URL: "not a url" })).toBe("");
  });
});
