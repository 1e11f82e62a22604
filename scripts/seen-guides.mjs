/**
 * Every guided tour marked as seen, as for a returning user: a first-visit tour would cover the page
 * the browser benchmarks measure (scripts/lighthouse.mjs, scripts/long-tasks.mjs).
 */
export const SEEN_GUIDES = ["dashboard", ...["calendario", "tarefas", "objetivos", "diario", "financas", "ciclo-menstrual", "autocuidado", "chat", "assistant", "relatorios-semanais"].map((m) => `module-${m}`)];
