/**
 * The public roadmap: the specification's feature names in the order the landing shows them. The
 * status comes from the feature_flags table (launched = available, anything else = upcoming), so
 * the landing never claims a module that does not work yet.
 */
export const ROADMAP_ORDER = [
  "objetivos",
  "calendario",
  "financas",
  "bem_estar",
  "ciclo_menstrual",
  "diario_emocional",
  "autocuidado",
  "relatorios_semanais",
  "premium",
  "criatividade",
  "agentes",
] as const;

export type RoadmapFeature = (typeof ROADMAP_ORDER)[number];
export type RoadmapItem = { feature: RoadmapFeature; status: "available" | "upcoming" };

/** The roadmap from the flags' release statuses; a feature without a flag counts as upcoming. */
export function roadmapFrom(flags: readonly { featureName: string; releaseStatus: string }[]): RoadmapItem[] {
  const status = new Map(flags.map((flag) => [flag.featureName, flag.releaseStatus]));
  return ROADMAP_ORDER.map((feature) => ({ feature, status: status.get(feature) === "launched" ? "available" : "upcoming" }));
}
