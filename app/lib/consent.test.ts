import { describe, expect, it } from "vitest";
import { hasConsent, readConsent, saveConsent } from "./consent";

const memory = () => {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
};

describe("cookie consent", () => {
  it("is absent until a choice is stored", () => {
    expect(readConsent(memory())).toBeNull();
  });

  it("stores accept-all, reject-optionals and custom choices", () => {
    const storage = memory();
    saveConsent("rejected", undefined, storage);
    expect(storage.data.get("rumo-cookie-consent")).toBe("rejected");
    expect(hasConsent("analytics", storage)).toBe(false);
    saveConsent("custom", { functional: true, analytics: false, marketing: true }, storage);
    expect(readConsent(storage)).toMatchObject({ accepted: true, functional: true, analytics: false, marketing: true });
    saveConsent("accepted", undefined, storage);
    expect(hasConsent("marketing", storage)).toBe(true);
  });

  it("treats a corrupt record as no consent", () => {
    const storage = memory();
    storage.setItem("rumo-gdpr-consent", "{not json");
    expect(readConsent(storage)).toBeNull();
  });
});
