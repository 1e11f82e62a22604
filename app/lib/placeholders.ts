import type { ModuleManifest } from "~/modules/types";

/** Platform screens not built yet: the admin ones (admin role only) and the public roadmap's app page. */
export const ADMIN_PLACEHOLDERS = ["analytics", "user-management"];
export const PLATFORM_PLACEHOLDERS = ["roadmap", ...ADMIN_PLACEHOLDERS];

/** Screens under /app that show the honest empty state: every screen of a module that has not landed. */
export const placeholderScreens = (modules: readonly ModuleManifest[]) => [
  ...modules.filter((m) => !m.landed).flatMap((m) => m.screens.map((screen) => screen.path)),
  ...PLATFORM_PLACEHOLDERS,
];

/** Old top-level paths that redirect into /app: the platform's and each module's. */
export const legacyPaths = (modules: readonly ModuleManifest[]) => ["meu-impacto", ...modules.flatMap((m) => m.legacyPaths ?? [])];
