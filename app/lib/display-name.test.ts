import { describe, expect, it } from "vitest";
import { displayName } from "./display-name";

describe("displayName", () => {
  it("prefers the full name, then the e-mail before @, then the fallback", () => {
    expect(displayName({ fullName: "Ana Silva", email: "ana@example.com" }, "Utilizador")).toBe("Ana Silva");
    expect(displayName({ fullName: "  ", email: "ana.s@example.com" }, "Utilizador")).toBe("ana.s");
    expect(displayName({ fullName: "", email: "" }, "Utilizador")).toBe("Utilizador");
    expect(displayName(null, "User")).toBe("User");
  });
});
