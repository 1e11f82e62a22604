import type { ModuleManifest } from "~/modules/types";

/** Platform screens not built yet (none since issue 19 built the admin screens and the roadmap page). */
export const PLATFORM_PLACEHOLDERS: string[] = [];

/** Screens under /app that show the honest empty state: every screen of a module that has not landed. */
export const placeholderScreens = (modules: readonly ModuleManifest[]) => [
  ...modules.filter((m) => !m.landed).flatMap((m) => m.screens.map((screen) => screen.path)),
  ...PLATFORM_PLACEHOLDERS,
];

export const PLACEHOLDER_FILE = "routes/app/module.tsx";

/**
 * The routes under /app of every module screen: its own route module once the module has landed
 * (`landed` and the screen's `file`), else the placeholder; ids stay `app-<path>` either way.
 */
export const moduleScreenRoutes = (modules: readonly ModuleManifest[]) => [
  ...modules.flatMap((m) => m.screens.map((screen) => ({ path: screen.path, file: m.landed && screen.file ? screen.file : PLACEHOLDER_FILE }))),
  ...PLATFORM_PLACEHOLDERS.map((path) => ({ path, file: PLACEHOLDER_FILE })),
];

/** Old top-level paths that redirect into /app: the platform's and each module's. */
export const legacyPaths = (modules: readonly ModuleManifest[]) => ["meu-impacto", ...modules.flatMap((m) => m.legacyPaths ?? [])];
