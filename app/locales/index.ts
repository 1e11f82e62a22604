/**
 * Every catalogue namespace, per language. Add a namespace by creating app/locales/pt/<ns>.ts and
 * app/locales/en/<ns>.ts (typed against the Portuguese one) and listing both here.
 */
import enCommon from "./en/common";
import enErrors from "./en/errors";
import enLanding from "./en/landing";
import ptCommon from "./pt/common";
import ptErrors from "./pt/errors";
import ptLanding from "./pt/landing";

export const resources = {
  pt: { common: ptCommon, errors: ptErrors, landing: ptLanding },
  en: { common: enCommon, errors: enErrors, landing: enLanding },
} as const;

export type Namespace = keyof (typeof resources)["pt"];
export const namespaces = Object.keys(resources.pt) as Namespace[];
