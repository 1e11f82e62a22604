import { describe, expect, it } from "vitest";
import { digestToken, generateToken, hashToken } from "./tokens";

describe("digestToken", () => {
  // Sessions are stored under hashToken's value and looked up with digestToken's: they must agree.
  it("is hashToken by Web Crypto", async () => {
    for (const token of [generateToken(), generateToken(), "abc", "", "ção"]) expect(await digestToken(token)).toBe(hashToken(token));
    expect(await digestToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
