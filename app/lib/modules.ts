/** The modules a user may put first on their dashboard (onboarding), in the default order. */
export const MODULE_KEYS = ["tasks", "calendar", "goals", "diary", "finances", "cycle", "selfCare", "assistant", "reports"] as const;
export type ModuleKey = (typeof MODULE_KEYS)[number];
