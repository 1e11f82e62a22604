import { describe, expect, it } from "vitest";
import { addToast, type Toast } from "./toast-store";

const make = (id: number, kind: Toast["kind"]): Toast => ({ id, kind, tone: "info", title: `t${id}`, durationMs: 4000 });

describe("addToast", () => {
  it("keeps at most 3 stack toasts and 1 single toast, dropping the oldest", () => {
    let list: Toast[] = [];
    for (let i = 1; i <= 4; i++) list = addToast(list, make(i, "stack"));
    expect(list.map((t) => t.id)).toEqual([2, 3, 4]);
    list = addToast(list, make(10, "single"));
    list = addToast(list, make(11, "single"));
    expect(list.filter((t) => t.kind === "single").map((t) => t.id)).toEqual([11]);
    expect(list.filter((t) => t.kind === "stack")).toHaveLength(3);
  });
});
