import { describe, expect, it } from "vitest";
import { appModeRedirect, hasSession } from "./pwa.server";

const request = (url: string, cookie?: string) => new Request(`http://localhost${url}`, { headers: cookie ? { cookie } : {} });

describe("app mode on the landing", () => {
  it("sends a signed-in user to the impact dashboard", () => {
    expect(appModeRedirect(request("/?pwa=true", "rumo_session=abc"))).toBe("/app/meu-impacto");
    expect(appModeRedirect(request("/?pwa=true", "x=1; __Host-rumo_session=abc"))).toBe("/app/meu-impacto");
  });

  it("sends everyone else to /auth", () => {
    expect(appModeRedirect(request("/?pwa=true"))).toBe("/auth");
    expect(appModeRedirect(request("/?pwa=true", "rumo_session="))).toBe("/auth");
    expect(appModeRedirect(request("/?pwa=true", "not_rumo_session=abc"))).toBe("/auth");
  });

  it("shows the landing without pwa=true, whatever else the query says", () => {
    expect(appModeRedirect(request("/"))).toBeNull();
    expect(appModeRedirect(request("/?pwa=false", "rumo_session=abc"))).toBeNull();
    expect(appModeRedirect(request("/?pwa=https://evil.example"))).toBeNull();
    expect(appModeRedirect(request("/?pwa=TRUE&next=//evil.example"))).toBeNull();
  });

  it("detects the session cookie by exact name", () => {
    expect(hasSession(request("/", "rumo_session=t"))).toBe(true);
    expect(hasSession(request("/", "rumo_sessionx=t"))).toBe(false);
  });
});
