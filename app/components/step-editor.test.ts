import { describe, expect, it } from "vitest";
import { draftStep, pastedSteps } from "./step-editor";

const texts = (steps: { text: string }[]) => steps.map((s) => s.text);

describe("pastedSteps (a list pasted into a step)", () => {
  it("leaves a single line to the field", () => {
    expect(pastedSteps([draftStep()], 0, "Comprar pão", [0, 0], 20, 120)).toBeNull();
    expect(pastedSteps([draftStep()], 0, "Comprar pão\n\n  \n", [0, 0], 20, 120)).toBeNull();
  });

  it("puts the first line over the selection and each other line below, in order, before the steps after it", () => {
    const steps = [{ ...draftStep(), text: "Leite" }, { ...draftStep(), text: "abc" }, { ...draftStep(), text: "Fim" }];
    const next = pastedSteps(steps, 1, "XY\r\nOvos\n  Farinha  ", [1, 2], 20, 120)!;
    expect(texts(next.steps)).toEqual(["Leite", "aXYc", "Ovos", "Farinha", "Fim"]);
    expect(next.steps[1].key).toBe(steps[1].key);
    expect(next.focus).toBe(next.steps[3].key);
  });

  it("makes no more steps than the form allows, each cut to the longest a step may be", () => {
    const steps = [draftStep(), draftStep()];
    const next = pastedSteps(steps, 0, "um\ndois\ntrês\nquatro", [0, 0], 4, 3)!;
    expect(texts(next.steps)).toEqual(["um", "doi", "trê", ""]);
    // At the limit the first line still goes in; the rest have no room.
    expect(texts(pastedSteps(next.steps, 3, "x\ny", [0, 0], 4, 3)!.steps)).toEqual(["um", "doi", "trê", "x"]);
  });
});
