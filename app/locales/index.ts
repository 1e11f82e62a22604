/**
 * Every catalogue namespace, per language. Add a namespace by creating app/locales/pt/<ns>.ts and
 * app/locales/en/<ns>.ts (typed against the Portuguese one) and listing both here.
 */
import enAbout from "./en/about";
import enAdmin from "./en/admin";
import enAccount from "./en/account";
import enAuth from "./en/auth";
import enBlog from "./en/blog";
import enBilling from "./en/billing";
import enCommon from "./en/common";
import enEmail from "./en/email";
import enErrors from "./en/errors";
import enLanding from "./en/landing";
import enLegal from "./en/legal";
import enNotifications from "./en/notifications";
import enPayment from "./en/payment";
import enPricing from "./en/pricing";
import enPublic from "./en/public";
import enSeo from "./en/seo";
import enShell from "./en/shell";
import enUi from "./en/ui";
import ptAbout from "./pt/about";
import ptAdmin from "./pt/admin";
import ptAccount from "./pt/account";
import ptAuth from "./pt/auth";
import ptBlog from "./pt/blog";
import ptBilling from "./pt/billing";
import ptCommon from "./pt/common";
import ptEmail from "./pt/email";
import ptErrors from "./pt/errors";
import ptLanding from "./pt/landing";
import ptLegal from "./pt/legal";
import ptNotifications from "./pt/notifications";
import ptPayment from "./pt/payment";
import ptPricing from "./pt/pricing";
import ptPublic from "./pt/public";
import ptSeo from "./pt/seo";
import ptShell from "./pt/shell";
// Module catalogues (one namespace per module, named by its manifest).
import enTasks from "./en/tasks";
import enCalendar from "./en/calendar";
import enGoals from "./en/goals";
import enDiary from "./en/diary";
import enFinances from "./en/finances";
import enFinancesIo from "./en/financesIo";
import enCycle from "./en/cycle";
import enSelfCare from "./en/selfCare";
import enAssistant from "./en/assistant";
import enReports from "./en/reports";
import ptTasks from "./pt/tasks";
import ptCalendar from "./pt/calendar";
import ptGoals from "./pt/goals";
import ptDiary from "./pt/diary";
import ptFinances from "./pt/finances";
import ptFinancesIo from "./pt/financesIo";
import ptCycle from "./pt/cycle";
import ptSelfCare from "./pt/selfCare";
import ptAssistant from "./pt/assistant";
import ptReports from "./pt/reports";
import ptUi from "./pt/ui";

export const resources = {
  pt: {
    common: ptCommon,
    errors: ptErrors,
    landing: ptLanding,
    public: ptPublic,
    seo: ptSeo,
    pricing: ptPricing,
    blog: ptBlog,
    legal: ptLegal,
    about: ptAbout,
    payment: ptPayment,
    auth: ptAuth,
    email: ptEmail,
    account: ptAccount,
    shell: ptShell,
    billing: ptBilling,
    notifications: ptNotifications,
    tasks: ptTasks,
    calendar: ptCalendar,
    goals: ptGoals,
    diary: ptDiary,
    finances: ptFinances,
    financesIo: ptFinancesIo,
    cycle: ptCycle,
    selfCare: ptSelfCare,
    assistant: ptAssistant,
    reports: ptReports,
    ui: ptUi,
    admin: ptAdmin,
  },
  en: {
    common: enCommon,
    errors: enErrors,
    landing: enLanding,
    public: enPublic,
    seo: enSeo,
    pricing: enPricing,
    blog: enBlog,
    legal: enLegal,
    about: enAbout,
    payment: enPayment,
    auth: enAuth,
    email: enEmail,
    account: enAccount,
    shell: enShell,
    billing: enBilling,
    notifications: enNotifications,
    tasks: enTasks,
    calendar: enCalendar,
    goals: enGoals,
    diary: enDiary,
    finances: enFinances,
    financesIo: enFinancesIo,
    cycle: enCycle,
    selfCare: enSelfCare,
    assistant: enAssistant,
    reports: enReports,
    ui: enUi,
    admin: enAdmin,
  },
} as const;

export type Namespace = keyof (typeof resources)["pt"];
export const namespaces = Object.keys(resources.pt) as Namespace[];
