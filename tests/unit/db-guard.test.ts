import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

// The tables are reachable only through worker/db/, whose functions all take the user id: a
// route or job cannot query a user table without it by accident.
describe("data-access guard", () => {
  it("lets only worker/db/ import the schema and the raw drizzle client", () => {
    const offenders = [...sourceFiles(join(root, "worker")), ...sourceFiles(join(root, "app"))]
      .map((path) => relative(root, path))
      .filter((path) => !path.startsWith("worker/db/"))
      .filter((path) => {
        const text = readFileSync(join(root, path), "utf8");
        return /from\s+["'][^"']*db\/schema["']/.test(text) || /from\s+["']drizzle-orm\/d1["']/.test(text);
      });
    expect(offenders).toEqual([]);
  });
});
