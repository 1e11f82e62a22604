import type { KeyOf } from "~/locales/types";
/**
 * The app's navigation, as data: sidebar groups, mobile tabs and drawer, swipe order. The platform
 * screens (dashboard, impact, profile) are listed here; every module contributes its own entries
 * through its manifest (app/modules/), so adding a module adds its navigation with no edit here.
 * Items that need a plan name the entitlement they need; when the user's entitlements (from the
 * server) do not include it, the shell badges the item with the cheapest plan that does, and it
 * stays a link: every paid screen opens on a plan without it, read-only with the premium notice
 * (decision 0078). Nothing is hard-coded as badged.
 */
import { cheapestPlanWith, type Entitlement, type PaidPlanId } from "~/lib/entitlements";
import { MODULES } from "~/modules";
import type { DrawerSection, ModuleManifest, SidebarGroup } from "~/modules/types";

/** The label of a navigation entry or group: a key of the shell catalogue's nav, groups or tabs. */
export type NavLabelKey = Extract<KeyOf<"shell">, `shell:${"nav" | "groups" | "tabs"}.${string}`>;

export type NavItem = { to: string; labelKey: NavLabelKey; icon: IconName; entitlement?: Entitlement };
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
  | "chat"
  | "admin";

type Placed<T> = T & { order: number };

const SIDEBAR_GROUPS: SidebarGroup[] = ["dashboard", "organisation", "wellbeing", "assistant", "premium"];
const DRAWER_SECTIONS: DrawerSection[] = ["main", "wellbeing"];

/** The platform's own entries; modules slot in between by their `order`. */
const PLATFORM = {
  sidebar: [
    { group: "dashboard", order: 10, to: "/app/dashboard", labelKey: "shell:nav.dashboard", icon: "home" },
    { group: "dashboard", order: 20, to: "/app/meu-impacto", labelKey: "shell:nav.impact", icon: "impact" },
    { group: "dashboard", order: 30, to: "/app/profile", labelKey: "shell:nav.profile", icon: "user" },
  ] as Placed<NavItem & { group: SidebarGroup }>[],
  drawer: [{ section: "main", order: 10, to: "/app/dashboard", labelKey: "shell:nav.dashboard", icon: "home" }] as Placed<NavItem & { section: DrawerSection }>[],
  tabs: [
    { order: 10, to: "/app/meu-impacto", labelKey: "shell:tabs.home", icon: "home" },
    { order: 50, to: "/app/perfil", labelKey: "shell:nav.profile", icon: "user" },
  ] as Placed<NavItem>[],
  swipe: [{ order: 10, path: "meu-impacto" }],
};

/** Only for admins (the layout loader decides; the admin screens check again on the server). */
export const ADMIN_ITEM: NavItem = { to: "/app/admin", labelKey: "shell:nav.admin", icon: "admin" };

const byOrder = <T extends { order: number }>(items: T[]) => [...items].sort((a, b) => a.order - b.order);
const strip = <T extends { order: number }>({ order: _order, ...item }: T) => item;

function itemOf(module: ModuleManifest, placement: { path?: string; labelKey?: NavLabelKey; icon?: IconName }): NavItem {
  return {
    to: `/app/${placement.path ?? module.path}`,
    labelKey: placement.labelKey ?? module.labelKey,
    icon: placement.icon ?? module.icon,
    ...(module.entitlement ? { entitlement: module.entitlement } : {}),
  };
}

/** Sidebar, tabs, drawer and swipe order from the platform entries and the modules' manifests. */
export function buildNavigation(modules: readonly ModuleManifest[]) {
  const sidebar = [
    ...PLATFORM.sidebar,
    ...modules.flatMap((m) => (m.navigation.sidebar ? [{ ...itemOf(m, m.navigation.sidebar), group: m.navigation.sidebar.group, order: m.navigation.sidebar.order }] : [])),
  ];
  const drawer = [
    ...PLATFORM.drawer,
    ...modules.flatMap((m) => {
      const place = m.navigation.drawer;
      return place ? [{ ...itemOf(m, place), section: place.section, order: place.order, ...(place.premiumLabel ? { premiumLabel: true } : {}) }] : [];
    }),
  ];
  const tabs = [...PLATFORM.tabs, ...modules.flatMap((m) => (m.navigation.tab ? [{ ...itemOf(m, m.navigation.tab), order: m.navigation.tab.order }] : []))];
  const swipe = [...PLATFORM.swipe, ...modules.flatMap((m) => (m.navigation.swipe !== undefined ? [{ order: m.navigation.swipe, path: m.path }] : []))];

  return {
    sidebarGroups: SIDEBAR_GROUPS.map((group) => ({
      labelKey: `shell:groups.${group}` as const,
      items: byOrder(sidebar.filter((item) => item.group === group)).map(({ group: _group, ...item }) => strip(item) as NavItem),
    })).filter((group) => group.items.length > 0),
    mobileTabs: byOrder(tabs).map((item) => strip(item) as NavItem),
    /** The drawer's sections; `premiumLabel` marks finances as the specification does. */
    drawerSections: DRAWER_SECTIONS.map((section) => ({
      labelKey: `shell:groups.${section}` as const,
      items: byOrder(drawer.filter((item) => item.section === section)).map(
        ({ section: _section, ...item }) => strip(item) as NavItem & { premiumLabel?: boolean },
      ),
    })).filter((section) => section.items.length > 0),
    /** Swipe navigation order on mobile (left = next, right = previous). */
    swipeOrder: byOrder(swipe).map((s) => s.path),
  };
}

export const { sidebarGroups, mobileTabs, drawerSections, swipeOrder } = buildNavigation(MODULES);

/** The plan to badge an item with: the cheapest that has its entitlement, when the user's lack it; else null. */
export function missingPlan(item: Pick<NavItem, "entitlement">, entitlements: readonly string[]): PaidPlanId | null {
  if (item.entitlement === undefined || entitlements.includes(item.entitlement)) return null;
  const plan = cheapestPlanWith(item.entitlement);
  return plan === "free" ? null : plan;
}
