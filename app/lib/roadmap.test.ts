import { describe, expect, it } from "vitest";
import enLanding from "~/locales/en/landing";
import ptLanding from "~/locales/pt/landing";
import { roadmapFrom, ROADMAP_ORDER } from "./roadmap";

describe("roadmapFrom", () => {
  it("marks launched flags available and everything else upcoming, in the landing's order", () => {
    const items = roadmapFrom([
      { featureName: "premium", releaseStatus: "launched" },
      { featureName: "financas", releaseStatus: "beta" },
    ]);
    expect(items.map((i) => i.feature)).toEqual([...ROADMAP_ORDER]);
    expect(items.find((i) => i.feature === "premium")!.status).toBe("available");
    expect(items.find((i) => i.feature === "financas")!.status).toBe("upcoming");
    expect(items.find((i) => i.feature === "agentes")!.status).toBe("upcoming");
  });

  it("names every roadmap feature in both landing catalogues (the landing looks the labels up by flag name)", () => {
    for (const catalogue of [ptLanding, enLanding]) {
      expect(ROADMAP_ORDER.filter((name) => !(name in catalogue.roadmap.features))).toEqual([]);
    }
  });
});
