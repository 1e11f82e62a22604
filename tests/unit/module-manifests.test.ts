import { describe, expect, it } from "vitest";
import { buildNavigation, drawerSections, mobileTabs, sidebarGroups, swipeOrder } from "~/components/shell/navigation";
import { breadcrumbs, crumbLabels, swipeTarget } from "~/components/shell/rules";
import { guideFor, moduleTours } from "~/components/shell/tours";
import { legacyPaths, moduleScreenRoutes, placeholderScreens } from "~/lib/placeholders";
import { roadmapOrder } from "~/lib/roadmap";
import { createI18n } from "~/i18n/i18n.server";
import { resources } from "~/locales";
import { MODULE_KEYS, MODULES } from "~/modules";
import { defineModule, type ModuleManifest } from "~/modules/types";

// The hand-written lists these manifests replaced (commit 812a552): deriving them must change nothing.
describe("the lists derived from the manifests", () => {
  it("keep the sidebar, tabs, drawer and swipe order the shell had", () => {
    expect(sidebarGroups).toEqual([
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
      {
        labelKey: "shell:groups.wellbeing",
        // Self-care after the spec's one item (decision 0097): without it a desktop had no way in.
        items: [
          { to: "/app/ciclo-menstrual", labelKey: "shell:nav.cycle", icon: "cycle" },
          { to: "/app/autocuidado", labelKey: "shell:nav.selfCare", icon: "selfCare", entitlement: "selfCare" },
        ],
      },
      { labelKey: "shell:groups.assistant", items: [{ to: "/app/assistant", labelKey: "shell:nav.assistant", icon: "assistant", entitlement: "assistant" }] },
      {
        labelKey: "shell:groups.premium",
        items: [{ to: "/app/premium/reports", labelKey: "shell:nav.weeklyReports", icon: "reports", entitlement: "weeklyReports" }],
      },
    ]);
    expect(mobileTabs).toEqual([
      { to: "/app/meu-impacto", labelKey: "shell:tabs.home", icon: "home" },
      { to: "/app/calendario", labelKey: "shell:nav.calendar", icon: "calendar" },
      { to: "/app/tarefas", labelKey: "shell:nav.tasks", icon: "tasks" },
      { to: "/app/financas", labelKey: "shell:nav.finances", icon: "finances" },
      { to: "/app/perfil", labelKey: "shell:nav.profile", icon: "user" },
    ]);
    expect(drawerSections).toEqual([
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
    ]);
    expect(swipeOrder).toEqual(["meu-impacto", "objetivos", "calendario", "financas", "diario", "tarefas", "ciclo-menstrual", "chat"]);
  });

  it("keep the tours, placeholder screens, legacy redirects, onboarding keys and roadmap", () => {
    expect(moduleTours(MODULES)).toEqual({
      calendario: "shell:nav.calendar",
      tarefas: "shell:nav.tasks",
      objetivos: "shell:nav.goals",
      diario: "shell:nav.diary",
      financas: "shell:nav.finances",
      "ciclo-menstrual": "shell:nav.cycle",
      autocuidado: "shell:nav.selfCare",
      chat: "shell:nav.chat",
      assistant: "shell:nav.assistant",
      "relatorios-semanais": "shell:nav.weeklyReports",
    });
    // A landed module's screens leave the placeholder for their own route module.
    const landed = MODULES.filter((m) => m.landed).flatMap((m) => m.screens);
    const landedPaths = landed.map((screen) => screen.path);
    expect(landedPaths).toContain("calendario");
    expect(placeholderScreens(MODULES).sort()).toEqual(
      [
        "calendario", "objetivos", "financas", "tarefas", "diario", "autocuidado", "ciclo-menstrual", "chat", "assistente-ia",
        "assistant", "relatorios-semanais", "premium/reports",
      ].filter((path) => !landedPaths.includes(path)).sort(),
    );
    expect(moduleScreenRoutes(MODULES).map((r) => r.path).sort()).toEqual([...placeholderScreens(MODULES), ...landedPaths].sort());
    expect(new Set(moduleScreenRoutes(MODULES).map((r) => r.file))).toEqual(new Set([...(placeholderScreens(MODULES).length ? ["routes/app/module.tsx"] : []), ...landed.map((screen) => screen.file)]));
    expect(legacyPaths(MODULES).sort()).toEqual(
      ["calendario", "objetivos", "financas", "diario", "chat", "meu-impacto", "tarefas", "ciclo", "ciclo-menstrual", "relatorios-semanais", "assistente-ia", "assistant"].sort(),
    );
    expect(MODULE_KEYS).toEqual(["tasks", "calendar", "goals", "diary", "finances", "cycle", "selfCare", "assistant", "reports"]);
    expect(roadmapOrder(MODULES)).toEqual([
      "objetivos", "calendario", "financas", "bem_estar", "ciclo_menstrual", "diario_emocional", "autocuidado", "relatorios_semanais", "premium", "criatividade", "agentes",
    ]);
    expect(breadcrumbs("/app/assistente-ia").at(-1)!.labelKey).toBe("shell:crumbs.assistente-ia");
    expect(breadcrumbs("/app/premium/reports").map((c) => c.labelKey)).toEqual(["shell:crumbs.app", "shell:crumbs.premium", "shell:crumbs.reports"]);
  });
});

/** A key's text in one language, or undefined ("ns:a.b"). */
function text(language: "pt" | "en", key: string): unknown {
  const [namespace, path] = key.split(":");
  const catalogue = (resources[language] as Record<string, unknown>)[namespace];
  return path.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), catalogue);
}

/** What a manifest misses: catalogue namespace (with its name), label keys in both languages, a tour. */
export function manifestOmissions(modules: readonly ModuleManifest[]): string[] {
  return modules.flatMap((m) => {
    const missing: string[] = [];
    for (const language of ["pt", "en"] as const) {
      if (!(m.namespace in resources[language])) missing.push(`${m.key}: no catalogue namespace "${m.namespace}" in ${language}`);
      else if (typeof text(language, `${m.namespace}:name`) !== "string") missing.push(`${m.key}: ${m.namespace}:name missing in ${language}`);
      for (const key of [m.labelKey, ...m.screens.flatMap((s) => [s.labelKey, s.crumbKey])]) {
        if (typeof text(language, key) !== "string") missing.push(`${m.key}: ${key} missing in ${language}`);
      }
    }
    if (!m.screens.some((s) => s.tour !== false && !s.path.includes("/"))) missing.push(`${m.key}: no screen with a tour`);
    if (!m.screens.some((s) => s.path === m.path)) missing.push(`${m.key}: its path is not one of its screens`);
    return missing;
  });
}

describe("a module's manifest", () => {
  it("names a catalogue namespace, labels in both languages and a tour (every module)", () => {
    expect(manifestOmissions(MODULES)).toEqual([]);
    expect(new Set(MODULES.map((m) => m.key)).size).toBe(MODULES.length);
    const paths = MODULES.flatMap((m) => m.screens.map((s) => s.path));
    expect(new Set(paths).size, "two modules claim one path").toBe(paths.length);
  });

  it("names itself for onboarding through i18next, in both languages", () => {
    const [pt, en] = [createI18n("pt"), createI18n("en")];
    expect(MODULES.map((m) => pt.t(`${m.namespace}:name` as never))).toEqual([
      "Tarefas", "Calendário", "Objetivos", "Diário emocional", "Finanças", "Ciclo menstrual", "Autocuidado", "Assistente IA", "Relatórios semanais",
    ]);
    expect(en.t(`${MODULES[6].namespace}:name` as never)).toBe("Self-care");
  });

  it("is caught when its catalogue namespace or tour is missing", () => {
    const broken = defineModule({ ...MODULES[0], key: "broken", namespace: "nowhere", screens: [{ ...MODULES[0].screens[0], tour: false }] });
    expect(manifestOmissions([broken])).toEqual([
      'broken: no catalogue namespace "nowhere" in pt',
      'broken: no catalogue namespace "nowhere" in en',
      "broken: no screen with a tour",
    ]);
  });
});

describe("a throwaway module", () => {
  // Catalogue keys of an existing namespace stand in for the sample's own catalogue.
  const sample = defineModule({
    key: "sample",
    path: "amostra",
    icon: "goals",
    labelKey: "shell:nav.goals",
    namespace: "goals",
    entitlement: "diary",
    screens: [{ path: "amostra", labelKey: "shell:nav.goals", crumbKey: "shell:crumbs.objetivos" }],
    legacyPaths: ["amostra"],
    navigation: { sidebar: { group: "wellbeing", order: 5 }, drawer: { section: "wellbeing", order: 99 }, tab: { order: 45 }, swipe: 75 },
    flag: { name: "amostra", roadmapOrder: 85 },
  });
  const modules = [...MODULES, sample];

  it("gets its navigation, breadcrumb, tour, screen, redirect, onboarding key and flag from its manifest alone", () => {
    const navigation = buildNavigation(modules);
    const item = { to: "/app/amostra", labelKey: "shell:nav.goals", icon: "goals", entitlement: "diary" };
    expect(navigation.sidebarGroups.find((g) => g.labelKey === "shell:groups.wellbeing")!.items[0]).toEqual(item);
    expect(navigation.drawerSections.find((s) => s.labelKey === "shell:groups.wellbeing")!.items.at(-1)).toEqual(item);
    expect(navigation.mobileTabs.map((t) => t.to)).toEqual(["/app/meu-impacto", "/app/calendario", "/app/tarefas", "/app/financas", "/app/amostra", "/app/perfil"]);
    expect(swipeTarget("/app/ciclo-menstrual", "left", navigation.swipeOrder)).toBe("/app/amostra");
    expect(breadcrumbs("/app/amostra", crumbLabels(modules)).at(-1)!.labelKey).toBe("shell:crumbs.objetivos");
    expect(guideFor("/app/amostra", (key) => key, moduleTours(modules))).toMatchObject({ id: "module-amostra", steps: [{ vars: { module: "shell:nav.goals" } }, {}] });
    expect(guideFor("/app/amostra", (key) => key)).toBeNull();
    expect(placeholderScreens(modules)).toContain("amostra");
    expect(placeholderScreens([{ ...sample, landed: true }])).not.toContain("amostra");
    expect(moduleScreenRoutes(modules)).toContainEqual({ path: "amostra", file: "routes/app/module.tsx" });
    const landed = { ...sample, landed: true, screens: [{ ...sample.screens[0], file: "modules/sample/routes/list.tsx" }] };
    expect(moduleScreenRoutes([landed])[0]).toEqual({ path: "amostra", file: "modules/sample/routes/list.tsx" });
    expect(legacyPaths(modules)).toContain("amostra");
    expect(modules.map((m) => m.key)).toContain("sample");
    expect(roadmapOrder(modules).indexOf("amostra")).toBe(roadmapOrder(modules).indexOf("relatorios_semanais") + 1);
  });
});
