import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { appBaseUrl, appLink, appOrigin } from "./app-url";
import { repoRoot, sourceFiles } from "../../tests/unit/source-files";

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


// One place reads APP_URL, so trailing slashes and unset values are handled once.
it("is the only reader of APP_URL", () => {
  const code = (name: string) => /\.(ts|tsx)$/.test(name) && !name.endsWith(".test.ts");
  const readers = [...sourceFiles(join(repoRoot, "worker"), code), ...sourceFiles(join(repoRoot, "app"), code)]
    .filter((path) => /\.APP_URL\b/.test(readFileSync(path, "utf8")))
    .map((path) => relative(repoRoot, path));
  expect(readers).toEqual(["worker/lib/app-url.ts"]);
});
