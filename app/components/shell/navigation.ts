import type { KeyOf } from "~/locales/types";
/**
 * The app's navigation, as data: sidebar groups, mobile tabs and drawer, swipe order, breadcrumb
 * labels. Items that need a plan name the entitlement they need; the shell locks them (PRO) when
 * the user's entitlements (from the server) do not include it — nothing is hard-coded as locked.
 */
/** The label of a navigation entry or group: a key of the shell catalogue's nav, groups or tabs. */
export type NavLabelKey = Extract<KeyOf<"shell">, `shell:${"nav" | "groups" | "tabs"}.${string}`>;

export type NavItem = { to: string; labelKey: NavLabelKey; icon: IconName; entitlement?: string };
export type IconName =
  | "home"
  | "impact"
  | "user"
  | "calendar"
  | "tasks"
  | "goals"
  | "diary"
  | "finances"
  | "cycle"
  | "assistant"
  | "reports"
  | "selfCare"
  | "chat";

export const sidebarGroups: { labelKey: NavLabelKey; items: NavItem[] }[] = [
  {
    labelKey: "shell:groups.dashboard",
    items: [
      { to: "/app/dashboard", labelKey: "shell:nav.dashboard", icon: "home" },
      { to: "/app/meu-impacto", labelKey: "shell:nav.impact", icon: "impact" },
      { to: "/app/profile", labelKey: "shell:nav.profile", icon: "user" },
    ],
  },
  {
    labelKey: "shell:groups.organisation",
    items: [
      { to: "/app/calendario", labelKey: "shell:nav.calendar", icon: "calendar" },
      { to: "/app/tarefas", labelKey: "shell:nav.tasks", icon: "tasks" },
      { to: "/app/objetivos", labelKey: "shell:nav.goals", icon: "goals" },
      { to: "/app/diario", labelKey: "shell:nav.diary", icon: "diary", entitlement: "diary" },
      { to: "/app/financas", labelKey: "shell:nav.finances", icon: "finances" },
    ],
  },
  { labelKey: "shell:groups.wellbeing", items: [{ to: "/app/ciclo-menstrual", labelKey: "shell:nav.cycle", icon: "cycle" }] },
  { labelKey: "shell:groups.assistant", items: [{ to: "/app/assistant", labelKey: "shell:nav.assistant", icon: "assistant", entitlement: "assistant" }] },
  {
    labelKey: "shell:groups.premium",
    items: [{ to: "/app/premium/reports", labelKey: "shell:nav.weeklyReports", icon: "reports", entitlement: "weeklyReports" }],
  },
];

export const mobileTabs: NavItem[] = [
  { to: "/app/meu-impacto", labelKey: "shell:tabs.home", icon: "home" },
  { to: "/app/calendario", labelKey: "shell:nav.calendar", icon: "calendar" },
  { to: "/app/tarefas", labelKey: "shell:nav.tasks", icon: "tasks" },
  { to: "/app/financas", labelKey: "shell:nav.finances", icon: "finances" },
  { to: "/app/perfil", labelKey: "shell:nav.profile", icon: "user" },
];

/** The drawer's sections; `premiumLabel` marks finances as the specification does. */
export const drawerSections: { labelKey: NavLabelKey; items: (NavItem & { premiumLabel?: boolean })[] }[] = [
  {
    labelKey: "shell:groups.main",
    items: [
      { to: "/app/dashboard", labelKey: "shell:nav.dashboard", icon: "home" },
      { to: "/app/objetivos", labelKey: "shell:nav.goals", icon: "goals" },
      { to: "/app/calendario", labelKey: "shell:nav.calendar", icon: "calendar" },
      { to: "/app/tarefas", labelKey: "shell:nav.tasks", icon: "tasks" },
      { to: "/app/financas", labelKey: "shell:nav.finances", icon: "finances", premiumLabel: true },
    ],
  },
  {
    labelKey: "shell:groups.wellbeing",
    items: [
      { to: "/app/autocuidado", labelKey: "shell:nav.selfCare", icon: "selfCare", entitlement: "selfCare" },
      { to: "/app/diario", labelKey: "shell:nav.diary", icon: "diary", entitlement: "diary" },
      { to: "/app/chat", labelKey: "shell:nav.chat", icon: "chat", entitlement: "assistant" },
      { to: "/app/relatorios-semanais", labelKey: "shell:nav.weeklyReports", icon: "reports", entitlement: "weeklyReports" },
    ],
  },
];

/** Swipe navigation order on mobile (left = next, right = previous). */
export const swipeOrder = ["meu-impacto", "objetivos", "calendario", "financas", "diario", "tarefas", "ciclo-menstrual", "chat"];

export const isLocked = (item: Pick<NavItem, "entitlement">, entitlements: readonly string[]) =>
  item.entitlement !== undefined && !entitlements.includes(item.entitlement);
