import { describe, expect, it } from "vitest";
import { cutText } from "./cut-text";

// Compared as JSON, which writes a lone surrogate as \udXXX, so a failure shows which half is left.
const json = (text: string) => JSON.stringify(text);

describe("cutText", () => {
  it("keeps a text that fits as it is", () => {
    expect(cutText("café", 4)).toBe("café");
    expect(cutText("", 10)).toBe("");
  });

  it("cuts at most the limit in UTF-16 units, as the API's length checks count them", () => {
    expect(cutText("abcdef", 3)).toBe("abc");
  });

  it("never keeps half of a surrogate pair", () => {
    expect(json(cutText("ab💶cd", 3))).toBe(json("ab"));
    expect(json(cutText("ab💶cd", 4))).toBe(json("ab💶"));
  });

  it("keeps a character with its combining marks, a flag and a joined emoji whole or not at all", () => {
    expect(cutText("cafe\u0301 quente", 4)).toBe("caf");
    expect(cutText("cafe\u0301 quente", 5)).toBe("cafe\u0301");
    expect(cutText("a🇵🇹b", 3)).toBe("a");
    expect(cutText("a👩‍👩‍👧b", 6)).toBe("a");
    expect(cutText("a🌧️b", 3)).toBe("a");
  });
});
