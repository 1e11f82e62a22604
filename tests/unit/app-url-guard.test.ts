import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, it } from "vitest";
import { repoRoot, sourceFiles } from "./source-files";

// One place reads APP_URL, so trailing slashes and unset values are handled once.
it("is the only reader of APP_URL", () => {
  const code = (name: string) => /\.(ts|tsx)$/.test(name) && !name.endsWith(".test.ts");
  const readers = [...sourceFiles(join(repoRoot, "worker"), code), ...sourceFiles(join(repoRoot, "app"), code)]
    .filter((path) => /\.APP_URL\b/.test(readFileSync(path, "utf8")))
    .map((path) => relative(repoRoot, path));
  expect(readers).toEqual(["worker/lib/app-url.ts"]);
});
