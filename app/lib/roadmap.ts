/**
 * The public roadmap: the specification's feature names in the order the landing shows them —
 * the modules' flags (from their manifests) between the platform's own. The status comes from the
 * feature_flags table (launched = available, anything else = upcoming), so the landing never
 * claims a module that does not work yet.
 */
import { MODULES } from "~/modules";
import type { ModuleManifest } from "~/modules/types";

/** Flags that belong to no module (wellbeing as a whole, the plans, later ideas), with their place. */
const PLATFORM_FLAGS = [
  { name: "bem_estar", roadmapOrder: 40 },
  { name: "premium", roadmapOrder: 90 },
  { name: "criatividade", roadmapOrder: 100 },
  { name: "agentes", roadmapOrder: 110 },
];

/** Every feature-flag name, in roadmap order. */
export function roadmapOrder(modules: readonly ModuleManifest[]): string[] {
  return [...PLATFORM_FLAGS, ...modules.flatMap((m) => (m.flag ? [m.flag] : []))].sort((a, b) => a.roadmapOrder - b.roadmapOrder).map((flag) => flag.name);
}

export const ROADMAP_ORDER = roadmapOrder(MODULES);

export type RoadmapFeature = string;
export type RoadmapItem = { feature: RoadmapFeature; status: "available" | "upcoming" };

/** The roadmap from the flags' release statuses; a feature without a flag counts as upcoming. */
export function roadmapFrom(flags: readonly { featureName: string; releaseStatus: string }[], order: readonly string[] = ROADMAP_ORDER): RoadmapItem[] {
  const status = new Map(flags.map((flag) => [flag.featureName, flag.releaseStatus]));
  return order.map((feature) => ({ feature, status: status.get(feature) === "launched" ? "available" : "upcoming" }));
}
