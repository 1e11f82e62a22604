import { describe, expect, it } from "vitest";
import { opensItem } from "./tours";

describe("a first visit's tour", () => {
  it("waits when the address opens one item (a search result, an assistant's 'Abrir'), not over its dialog", () => {
    for (const search of ["?edit=t1", "?event=e1", "?entrada=d1", "?goal=g1", "?task=k1", "?view=week&event=e1"]) expect(opensItem(search), search).toBe(true);
    for (const search of ["", "?view=week&date=2026-12-07", "?tab=budgets", "?q=renda"]) expect(opensItem(search), search).toBe(false);
  });
});
