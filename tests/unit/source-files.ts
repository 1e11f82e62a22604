import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** The repository's root, for the tests that read the source tree (import and usage guards). */
export const repoRoot = join(import.meta.dirname, "../..");

/** Every file below `dir` (absolute paths) whose name `keep` accepts; TypeScript sources by default. */
export function sourceFiles(dir: string, keep: (name: string) => boolean = (name) => /\.(ts|tsx)$/.test(name)): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path, keep);
    return keep(name) ? [path] : [];
  });
}
