/**
 * A code-splitting group (vite.config.ts) that puts the signed-in shell in one chunk: every module
 * the /app layout loads statically (its own code, the kit pieces, icons, libraries) that the root
 * and the client entry do not (those go to every hydrated page, in the common chunk). Before, the
 * same code travelled as ~35 small files on every /app screen; separately compressed files share no
 * dictionary, and one file is ~10 KiB of gzip smaller (bundle budgets, docs/decisions/0042 Revised).
 * The public pages and /auth are static (`handle.hydrate: false`, no scripts): what they share with
 * the shell goes into it too (decision 0094). One that hydrated again would load the shell chunk,
 * which its 130 KiB budget and the static-pages check of the bundle test would catch.
 *
 * The set is derived from the module graph at chunking time, so it follows the code: a module the
 * layout stops importing leaves the chunk, a module loaded on demand (import()) never enters it.
 */
import type { CodeSplittingNameFunction } from "rolldown";
import type { Plugin } from "vite";

export const APP_SHELL_CHUNK = "app-shell";

const pathOf = (id: string) => id.replace(/^\0/, "").split("?")[0].replaceAll("\\", "/");
const isLayout = (id: string) => pathOf(id).endsWith("/app/routes/app/layout.tsx");
/** What every hydrated page starts from: the root route and the client entry. */
const isPageRoot = (id: string) => /\/app\/(root\.tsx|entry\.client\.tsx)$/.test(pathOf(id));

type ModuleInfoLookup = Parameters<CodeSplittingNameFunction>[1]["getModuleInfo"];

/** Every module reachable from `roots` through static imports. */
function staticClosure(roots: string[], getModuleInfo: ModuleInfoLookup): Set<string> {
  const reached = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (reached.has(id)) continue;
    reached.add(id);
    stack.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
}

/** Libraries only some screens need (widgets loaded on demand, charts): never in the shell. */
const isHeavyLibrary = (id: string) => /node_modules[\\/](@headlessui|@floating-ui|@react-aria|react-aria|@tanstack|recharts|d3-|victory-vendor)/.test(id);

/**
 * The group, sorted from one look at the module graph (`test` sees every candidate module first,
 * then `name` keeps the shell's): what the /app layout loads statically and the root does not.
 *
 * `includeDependenciesRecursively: false`: the default would drag a captured module's imports into
 * the group, the root's included (every page would then load the shell). The set is closed under
 * imports except for the root's and framework modules, which sit in chunks of their own that the
 * shell imports, so execution order holds without it.
 */
export function appShellGroup() {
  return graphGroup(APP_SHELL_CHUNK, 5, (ids, info) => {
    const everyPageLoads = staticClosure(ids.filter(isPageRoot), info);
    const layoutLoads = staticClosure(ids.filter(isLayout), info);
    return new Set([...layoutLoads].filter((m) => !everyPageLoads.has(m) && !pathOf(m).endsWith(".css") && !isHeavyLibrary(m)));
  });
}

/**
 * A chunk group decided from one look at the module graph: `test` sees every candidate module first
 * (and accepts it, so `name` is asked), then `name` computes the members once from all the ids seen
 * and puts those in `chunk`. A module seen later starts the computation over.
 */
function graphGroup(chunk: string, priority: number, members: (ids: string[], info: ModuleInfoLookup) => Set<string>) {
  const seen = new Set<string>();
  let group: Set<string> | undefined;
  const test = (id: string) => {
    if (!seen.has(id)) {
      seen.add(id);
      group = undefined;
    }
    return true;
  };
  const name: CodeSplittingNameFunction = (id, ctx) => {
    group ??= members([...seen], (m) => ctx.getModuleInfo(m));
    return group.has(id) ? chunk : null;
  };
  return { name, test, priority, includeDependenciesRecursively: false };
}

export const COMMON_CHUNK = "common";

/**
 * A group for what every hydrated page loads besides the framework: the root route's and the client
 * entry's static imports (language, nonce, page and bootstrap scripts, chunk reload, the button of the
 * error screen). They travelled as ~6 files of 0.3–0.8 KiB each; one file compresses ~1 KiB better
 * (decision 0049). Same one-look-at-the-graph scheme as the shell's group; the two never overlap
 * (the shell leaves out everything the root loads).
 */
export function commonGroup() {
  return graphGroup(COMMON_CHUNK, 6, (ids, info) => {
    const roots = ids.filter(isPageRoot);
    return new Set([...staticClosure(roots, info)].filter((m) => !roots.includes(m) && !pathOf(m).endsWith(".css") && !pathOf(m).includes("/node_modules/")));
  });
}

/**
 * The groups above need `preserveEntrySignatures` other than React Router's "exports-only" (rolldown
 * refuses `includeDependenciesRecursively: false` with it). "allow-extension": a route module keeps
 * its exports and may gain some, which React Router does not mind (it reads the exports it knows).
 */
export function allowEntryExtension(): Plugin {
  return {
    name: "rumo:allow-entry-extension",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    options(options) {
      return { ...options, preserveEntrySignatures: "allow-extension" };
    },
  };
}
