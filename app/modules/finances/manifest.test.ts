import { describe, expect, it } from "vitest";
import { guideFor } from "~/components/shell/tours";
import { resources } from "~/locales";

describe("the finances tour", () => {
  // "Movimentos fixos" (decision 0116) is what people switch finance apps for, and its button is
  // easy to miss among the header's four: the tour stops at it right after the add button.
  it("points at the recurring transactions' button after the add button", () => {
    const guide = guideFor("/app/financas", (key) => key);
    expect(guide?.steps.map((s) => s.target ?? null)).toEqual([
      null,
      '[data-tour="finances-add"]',
      '[data-tour="finances-recurring"]',
      '[data-tour="finances-values"]',
      '[data-tour="finances-tabs"]',
      '[data-tour="feedback"]',
    ]);
    expect(resources.pt.finances.tour.recurring.title).toBe(resources.pt.finances.recurring.open);
    expect(resources.en.finances.tour.recurring.title).toBe(resources.en.finances.recurring.open);
  });
});
