import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, sourceFiles } from "./source-files";



/** Every module specifier a file imports (static, dynamic, re-exports), resolved to a repo path. */
export function importedPaths(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g)].map((m) => m[1]);
  return specifiers.map((specifier) => {
    if (specifier.startsWith("@worker/")) return `worker/${specifier.slice("@worker/".length)}`;
    if (specifier.startsWith("~/")) return `app/${specifier.slice(2)}`;
    if (specifier.startsWith(".")) return relative(repoRoot, resolve(dirname(join(repoRoot, file)), specifier));
    return specifier;
  });
}

// Pages read what they need from the load context and non-HTTP modules (worker/auth, worker/db…):
// a route importing an API sub-app would pull Hono handlers into the page code and couple a
// screen to an HTTP contract.
describe("page code boundary", () => {
  it("finds imports of worker/api in any form (alias, relative, dynamic)", () => {
    expect(importedPaths("app/lib/x.ts", `import { a } from "@worker/api/me";`)).toEqual(["worker/api/me"]);
    expect(importedPaths("app/lib/x.ts", `import("../../worker/api/me")`)).toEqual(["worker/api/me"]);
    expect(importedPaths("app/lib/x.ts", `export { b } from "@worker/api";`)).toEqual(["worker/api"]);
  });

  it("lets no file under app/ import worker/api", () => {
    const offenders = sourceFiles(join(repoRoot, "app")).flatMap((path) => {
      const file = relative(repoRoot, path);
      return importedPaths(file, readFileSync(path, "utf8"))
        .filter((target) => target === "worker/api" || target.startsWith("worker/api/"))
        .map((target) => `${file} -> ${target}`);
    });
    expect(offenders).toEqual([]);
  });

  // The Hono repoRoot authenticates once per request; a loader validating the cookie again would
  // double the session reads (worker/app.ts puts the session in the load context).
  it("has no page code authenticate the request itself", () => {
    const offenders = sourceFiles(join(repoRoot, "app"))
      .filter((path) => /\bauthenticate\s*\(/.test(readFileSync(path, "utf8")))
      .map((path) => relative(repoRoot, path));
    expect(offenders).toEqual([]);
  });
});
