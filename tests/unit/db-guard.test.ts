import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, sourceFiles } from "./source-files";



/** Data access: worker/db/, and a module's own schema and queries (worker/modules/<key>/{schema,queries}.ts). */
const mayTouchTables = (path: string) => path.startsWith("worker/db/") || /^worker\/modules\/[^/]+\/(schema|queries)\.ts$/.test(path);
/** Imports of the platform schema, any module's schema (also as ./schema) or the raw client. */
const touchesTables = (text: string) => /from\s+["'][^"']*(db|modules\/[^/"']+|\.)\/schema["']/.test(text) || /from\s+["']drizzle-orm\/d1["']/.test(text);

// The tables are reachable only through worker/db/ and each module's queries, whose functions all
// take the user id: a route or job cannot query a user table without it by accident.
describe("data-access guard", () => {
  it("lets only worker/db/ and modules' queries import the schemas and the raw drizzle client", () => {
    const offenders = [...sourceFiles(join(repoRoot, "worker")), ...sourceFiles(join(repoRoot, "app"))]
      .map((path) => relative(repoRoot, path))
      .filter((path) => !mayTouchTables(path))
      .filter((path) => touchesTables(readFileSync(join(repoRoot, path), "utf8")));
    expect(offenders).toEqual([]);
  });

  it("recognises a module's schema imported from its routes", () => {
    expect(touchesTables('import { tasks } from "./schema";')).toBe(true);
    expect(touchesTables('import { tasks } from "../modules/tasks/schema";')).toBe(true);
    expect(mayTouchTables("worker/modules/tasks/api.ts")).toBe(false);
    expect(mayTouchTables("worker/modules/tasks/queries.ts")).toBe(true);
  });
});
