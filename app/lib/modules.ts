/** The modules a user may put first on their dashboard (onboarding), in the default order: the manifests' keys. */
export { MODULE_KEYS, type ModuleKey } from "~/modules";
