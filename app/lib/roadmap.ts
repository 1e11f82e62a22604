/**
 * The public roadmap: the feature names of the specification with their status. The notifications
 * issue adds the feature_flags table; this list will then be read from it (a flag enabled for
 * everyone = available), and this file becomes its seed.
 */
export const roadmap = [
  { feature: "objetivos", status: "available" },
  { feature: "calendario", status: "available" },
  { feature: "financas", status: "available" },
  { feature: "bem_estar", status: "available" },
  { feature: "ciclo_menstrual", status: "available" },
  { feature: "diario_emocional", status: "available" },
  { feature: "autocuidado", status: "available" },
  { feature: "relatorios_semanais", status: "available" },
  { feature: "premium", status: "available" },
  { feature: "criatividade", status: "upcoming" },
  { feature: "agentes", status: "upcoming" },
] as const satisfies readonly { feature: string; status: "available" | "upcoming" }[];

export type RoadmapFeature = (typeof roadmap)[number]["feature"];
