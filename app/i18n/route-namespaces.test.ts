import { describe, expect, it } from "vitest";
import { namespacesOf, serializeBootstrap } from "./route-namespaces";

describe("namespaces of a page", () => {
  it("joins the matched routes' namespaces once, with the base ones, skipping routes without a handle", () => {
    expect(namespacesOf([{ i18n: ["common"] }, undefined, { i18n: ["shell", "auth"] }, { i18n: ["auth", "billing"] }, { other: 1 }])).toEqual(["common", "shell", "auth", "billing"]);
    expect(namespacesOf([])).toEqual(["common"]);
  });

  it("never sends a server-only namespace, even when a route lists it", () => {
    expect(namespacesOf([{ i18n: ["email", "auth"] }])).toEqual(["common", "auth"]);
  });

  it("serialises catalogues so that no text can close the script element", () => {
    const json = serializeBootstrap({ language: "pt", resources: { common: { x: "</script><script>alert(1)</script>\u2028" } } });
    expect(json).not.toContain("</script");
    expect(json).not.toContain("\u2028");
    expect(JSON.parse(json).resources.common.x).toBe("</script><script>alert(1)</script>\u2028");
  });
});
