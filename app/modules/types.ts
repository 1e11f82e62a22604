/**
 * The browser-safe half of a module's manifest: what the shell, the routes and onboarding need to
 * know about a module. It imports types only, so it can be read by app/routes.ts, the client bundle
 * and the Worker alike. The server half (API, premium routes, search, export, jobs) is
 * worker/modules/<key>/index.ts, under the same key.
 */
import type { IconName, NavLabelKey } from "~/components/shell/navigation";
import type { Entitlement } from "~/lib/plans";
import type { KeyOf } from "~/locales/types";

/** The catalogue key of a breadcrumb label (shell:crumbs.*). */
export type CrumbKey = Extract<KeyOf<"shell">, `shell:crumbs.${string}`>;

/** Where a module appears in one navigation place; `path`, `labelKey` and `icon` override the module's own. */
export type NavPlacement = { order: number; path?: string; labelKey?: NavLabelKey; icon?: IconName };

/** A screen of the module under /app (its main path and the specification's aliases). */
export type ModuleScreen = {
  /** Path under /app, e.g. "tarefas" or "premium/reports". */
  path: string;
  /** Catalogue key of the screen's name (navigation label, tour's module name). */
  labelKey: NavLabelKey;
  /** Catalogue key of the breadcrumb label of the screen's last segment. */
  crumbKey: CrumbKey;
  /** False for an alias that shows no guided tour (the tour belongs to the main path). */
  tour?: boolean;
  /**
   * The screen's own tour steps, between the module's intro and the help step: catalogue keys with
   * `.title` and `.description` (e.g. "goals:tour.new") and the `data-tour` target they point at.
   */
  tourSteps?: readonly { key: string; target: string; position?: "top" | "bottom" | "left" | "right" }[];
  /** Its route module (relative to app/, e.g. "modules/tasks/routes/list.tsx") once the module has landed. */
  file?: string;
};

export type SidebarGroup = "dashboard" | "organisation" | "wellbeing" | "assistant" | "premium";
export type DrawerSection = "main" | "wellbeing";

export type ModuleManifest = {
  /** One English key everywhere: manifests, onboarding's firstModules, worker/modules/<key>. */
  key: string;
  /** The Portuguese path of the main screen under /app. */
  path: string;
  icon: IconName;
  /** Catalogue key of the module's navigation label. */
  labelKey: NavLabelKey;
  /** The module's own catalogue namespace (app/locales/{pt,en}/<namespace>.ts), with at least `name`. */
  namespace: string;
  /** The plan entitlement its screens need (absent: every plan). The shell locks it without. */
  entitlement?: Entitlement;
  screens: ModuleScreen[];
  /** Top-level paths of the old site that redirect to /app/<path>. */
  legacyPaths?: string[];
  navigation: {
    sidebar?: NavPlacement & { group: SidebarGroup };
    drawer?: NavPlacement & { section: DrawerSection; premiumLabel?: boolean };
    tab?: NavPlacement;
    /** Position in the mobile swipe order (the main path). */
    swipe?: number;
  };
  /** The feature flag (feature_flags.feature_name) and its place on the public roadmap. */
  flag?: { name: string; roadmapOrder: number };
  /** True once the module's screens exist: until then its screens are the honest empty state. */
  landed?: boolean;
};

/** Type-checks a manifest literal without widening it. */
export const defineModule = <const M extends ModuleManifest>(manifest: M) => manifest;
