import { describe, expect, it } from "vitest";
import { guideFor } from "~/components/shell/tours";
import { resources } from "~/locales";
import { goalsModule } from "./manifest";

describe("the goals tour", () => {
  it("walks through the screen's real controls between the intro and the help step", () => {
    const guide = guideFor("/app/objetivos", (key) => key);
    expect(guide?.steps.map((s) => s.target ?? null)).toEqual([null, '[data-tour="goals-new"]', '[data-tour="goals-filters"]', '[data-tour="goals-list"]', '[data-tour="feedback"]']);
  });

  it("has a title and a description for every step, in pt and en", () => {
    for (const step of goalsModule.screens[0].tourSteps) {
      const key = step.key.replace(/^goals:/, "") as "tour.new";
      const [group, name] = key.split(".") as ["tour", "new" | "filters" | "list"];
      for (const language of ["pt", "en"] as const) {
        expect(resources[language].goals[group][name]).toEqual({ title: expect.any(String), description: expect.any(String) });
      }
    }
  });
});
