import { describe, expect, it } from "vitest";
import { appModeRedirect } from "./pwa.server";

const request = (url: string) => new Request(`http://localhost${url}`);

describe("app mode on the landing", () => {
  it("sends a signed-in user to the impact dashboard and everyone else to /auth", () => {
    expect(appModeRedirect(request("/?pwa=true"), true)).toBe("/app/meu-impacto");
    expect(appModeRedirect(request("/?pwa=true"), false)).toBe("/auth");
  });

  it("shows the landing without pwa=true, whatever else the query says", () => {
    expect(appModeRedirect(request("/"), true)).toBeNull();
    expect(appModeRedirect(request("/?pwa=false"), true)).toBeNull();
    expect(appModeRedirect(request("/?pwa=https://evil.example"), false)).toBeNull();
    expect(appModeRedirect(request("/?pwa=TRUE&next=//evil.example"), false)).toBeNull();
  });
});
