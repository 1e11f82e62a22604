import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import type { Plugin } from "vite";

/** Where the client build's chunk → source modules map is written (outside build/client: never served). */
export const CHUNK_SOURCES_FILE = "build/client-chunks.json";

/**
 * Records, for every chunk of the client build, the source modules inside it (paths relative to the
 * project, node_modules included), so the bundle budgets (tests/quality/bundle-budgets.test.ts) can
 * say which module made a first load grow, and prove that charts and catalogues stay out of it.
 */
export function chunkSources(): Plugin {
  return {
    name: "rumo:chunk-sources",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(_options, bundle) {
      const root = process.cwd();
      const chunks: Record<string, { modules: Record<string, number>; dynamicImports: string[] }> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        chunks[output.fileName] = {
          modules: Object.fromEntries(Object.entries(output.modules).map(([id, info]) => [relative(root, id.replace(/^\0/, "").split("?")[0]), info.renderedLength])),
          dynamicImports: output.dynamicImports,
        };
      }
      const file = resolve(root, CHUNK_SOURCES_FILE);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(chunks));
    },
  };
}
