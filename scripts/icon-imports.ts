/**
 * Rewrites `import { HomeIcon, XMarkIcon as Close } from "@heroicons/react/24/outline"` into one
 * import per icon module (`@heroicons/react/24/outline/HomeIcon`, which the package exports).
 *
 * Why: the shell's chunk group (scripts/app-shell-chunk.ts) takes every module the /app layout
 * reaches through static imports, and a set's index re-exports all ~300 icons of the set. Through
 * it, every icon any screen used was counted as the shell's and moved into the shell chunk that
 * every /app screen loads: 58 icons, of which the shell draws about 30 (a goal card's arrows, the
 * diary's and the calendar's icons travelled with every screen). With one import per icon the
 * module graph says which icons each module draws, so a screen's own icons stay in its chunk.
 * Tree-shaking already left unused icons out of the build; this decides only where used ones go.
 */
import type { Plugin } from "vite";

const BARREL_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']@heroicons\/react\/(16\/solid|20\/solid|24\/outline|24\/solid)["'];?/g;

/** The rewrite itself, exported for its test. Keeps the statement's line count (source maps). */
export function deepIconImports(code: string): string {
  return code.replace(BARREL_IMPORT, (statement: string, specifiers: string, set: string) => {
    const imports = specifiers
      .split(",")
      .map((specifier) => specifier.trim())
      // A type-only specifier names no module to load.
      .filter((specifier) => specifier && !specifier.startsWith("type "))
      .map((specifier) => {
        const [imported, local = imported] = specifier.split(/\s+as\s+/);
        return `import ${local} from "@heroicons/react/${set}/${imported}";`;
      });
    return imports.join(" ") + "\n".repeat(statement.split("\n").length - 1);
  });
}

export function iconImports(): Plugin {
  return {
    name: "rumo:icon-imports",
    // The build only: chunks exist only there, and in development the dependency optimiser, which
    // scans the code before this rewrite, would meet each icon late and reload the page for it.
    apply: "build",
    enforce: "pre",
    transform(code, id) {
      if (id.includes("/node_modules/") || !/\.[jt]sx?$/.test(id.split("?")[0]) || !code.includes("@heroicons/react/")) return null;
      const rewritten = deepIconImports(code);
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}
