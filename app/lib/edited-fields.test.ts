import { describe, expect, it } from "vitest";
import { editedFields } from "./edited-fields";

describe("editedFields", () => {
  const opened = { title: "Correr", weekdays: [1, 3], frequency: "weekly", note: "" };

  it("keeps only the changed fields, comparing arrays by value", () => {
    expect(editedFields({ ...opened, title: "Correr 5 km", weekdays: [1, 3] }, opened)).toEqual({ title: "Correr 5 km" });
    expect(editedFields({ ...opened }, opened)).toEqual({});
  });

  it("sends a group whole when one of its fields changed", () => {
    expect(editedFields({ ...opened, weekdays: [2] }, opened, [["frequency", "weekdays"]])).toEqual({ frequency: "weekly", weekdays: [2] });
    expect(editedFields({ ...opened, note: "x" }, opened, [["frequency", "weekdays"]])).toEqual({ note: "x" });
  });
});
