import { describe, expect, it } from "vitest";
import { guideFor } from "~/components/shell/tours";
import { resources } from "~/locales";
import { selfCareModule } from "./manifest";

describe("the self-care tour", () => {
  it("points at the header and the create button between the intro and the help step", () => {
    const guide = guideFor("/app/autocuidado", (key) => key);
    expect(guide?.steps.map((s) => s.target ?? null)).toEqual([null, '[data-tour="selfCare-header"]', '[data-tour="selfCare-new"]', '[data-tour="feedback"]']);
    expect(selfCareModule.screens[0].tourSteps.map((s) => s.key)).toEqual(["selfCare:tour.header", "selfCare:tour.new"]);
  });

  // The form's step editor is not always on screen (tours point at always-present UI only), so the
  // create step's text says routines can have steps (decision 0112, revised).
  it("says at the create button that a routine can be split into steps, in pt and en", () => {
    expect(resources.pt.selfCare.tour.new.description).toMatch(/passos/);
    expect(resources.en.selfCare.tour.new.description).toMatch(/steps/);
  });

  // Counted routines (decision 0117) have no button of their own either: the same step names them.
  it("says at the create button that a routine can be counted times a day, in pt and en", () => {
    expect(resources.pt.selfCare.tour.new.description).toMatch(/vezes por dia/);
    expect(resources.en.selfCare.tour.new.description).toMatch(/times a day/);
  });
});
