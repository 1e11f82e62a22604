import { describe, expect, it } from "vitest";
import { resources } from "./index";

/** Every key path of a catalogue, e.g. "errorBoundary.title". */
function keyPaths(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

function interpolations(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
}

describe("catalogue parity", () => {
  it("has the same namespaces in pt and en", () => {
    expect(Object.keys(resources.en).sort()).toEqual(Object.keys(resources.pt).sort());
  });

  for (const namespace of Object.keys(resources.pt) as (keyof typeof resources.pt)[]) {
    it(`has the same keys and placeholders in pt and en (${namespace})`, () => {
      const pt = keyPaths(resources.pt[namespace]).sort();
      const en = keyPaths(resources.en[namespace]).sort();
      expect(en.filter((key) => !pt.includes(key)), "keys only in en").toEqual([]);
      expect(pt.filter((key) => !en.includes(key)), "keys only in pt").toEqual([]);
      for (const key of pt) {
        const read = (catalog: unknown) => key.split(".").reduce<any>((node, part) => node[part], catalog);
        const ptText = read(resources.pt[namespace]);
        const enText = read(resources.en[namespace]);
        expect(typeof enText, key).toBe("string");
        expect(enText.trim(), `${namespace}:${key} is empty in en`).not.toBe("");
        expect(interpolations(enText), `${namespace}:${key} placeholders`).toEqual(interpolations(ptText));
      }
    });
  }
});
