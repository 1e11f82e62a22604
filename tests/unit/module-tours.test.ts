import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resources } from "~/locales";
import { MODULES } from "~/modules";
import { repoRoot } from "./source-files";

// A tour step whose text or target is missing does not fail anywhere else: the tour shows the raw key,
// or centres the card on nothing. These checks catch both from the manifests alone, without a browser.

const screens = MODULES.filter((m) => m.landed).flatMap((m) => m.screens.filter((screen) => screen.tourSteps?.length).map((screen) => ({ module: m, screen })));

/** The catalogue entry a key like "tasks:tour.new" names, or undefined. */
function entry(language: "pt" | "en", key: string): unknown {
  const [namespace, path] = key.split(":");
  const catalogue = (resources[language] as Record<string, unknown>)[namespace];
  return path.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), catalogue);
}

describe("the module screens' tour steps", () => {
  it("exist on every landed module", () => {
    // A landed module without steps falls back to the generic intro + help tour; list it here on purpose.
    expect(screens.map(({ module }) => module.key).sort()).toEqual(["assistant", "calendar", "cycle", "diary", "finances", "goals", "reports", "selfCare", "tasks"]);
  });

  it.each(screens.map(({ module, screen }) => [screen.path, module, screen] as const))("%s: each step has a title and a description in pt and en", (_, module, screen) => {
    for (const step of screen.tourSteps ?? []) {
      // The module's own namespace, so the texts travel with the module.
      expect(step.key.startsWith(`${module.namespace}:`), step.key).toBe(true);
      for (const language of ["pt", "en"] as const) {
        expect(entry(language, step.key), `${language} ${step.key}`).toEqual({ title: expect.stringMatching(/\S/), description: expect.stringMatching(/\S/) });
      }
    }
  });

  it.each(screens.map(({ module, screen }) => [screen.path, module, screen] as const))("%s: each target is a data-tour attribute of the screen's route file", (_, module, screen) => {
    expect(screen.file, `${screen.path} has no route file`).toBeTruthy();
    const source = readFileSync(join(repoRoot, "app", screen.file!), "utf8");
    for (const step of screen.tourSteps ?? []) {
      const value = /^\[data-tour="([^"]+)"\]$/.exec(step.target)?.[1];
      expect(value, `${step.key}: target ${step.target} is not [data-tour="…"]`).toBeDefined();
      expect(value!.startsWith(`${module.key}-`), `${step.target} should start with "${module.key}-"`).toBe(true);
      expect(source.includes(`data-tour="${value}"`), `app/${screen.file} has no data-tour="${value}" (${step.key})`).toBe(true);
    }
  });
});
