/**
 * Every catalogue namespace, per language. Add a namespace by creating app/locales/pt/<ns>.ts and
 * app/locales/en/<ns>.ts (typed against the Portuguese one) and listing both here.
 */
import enAccount from "./en/account";
import enAuth from "./en/auth";
import enCommon from "./en/common";
import enEmail from "./en/email";
import enErrors from "./en/errors";
import enLanding from "./en/landing";
import enShell from "./en/shell";
import ptAccount from "./pt/account";
import ptAuth from "./pt/auth";
import ptCommon from "./pt/common";
import ptEmail from "./pt/email";
import ptErrors from "./pt/errors";
import ptLanding from "./pt/landing";
import ptShell from "./pt/shell";

export const resources = {
  pt: { common: ptCommon, errors: ptErrors, landing: ptLanding, auth: ptAuth, email: ptEmail, account: ptAccount, shell: ptShell },
  en: { common: enCommon, errors: enErrors, landing: enLanding, auth: enAuth, email: enEmail, account: enAccount, shell: enShell },
} as const;

export type Namespace = keyof (typeof resources)["pt"];
export const namespaces = Object.keys(resources.pt) as Namespace[];
