import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { resources } from "./index";
import { PREFETCHED_PAGES } from "../lib/pwa/rules";

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

/** Every [key path, text] of a catalogue. */
function texts(value: unknown, prefix = ""): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => texts(child, prefix ? `${prefix}.${key}` : key));
}

const english = Object.entries(resources.en).flatMap(([namespace, catalogue]) => texts(catalogue).map(([key, text]) => [`${namespace}:${key}`, text] as const));

describe("English wording", () => {
  it("says 'transaction' where Portuguese says 'movimento' (self-care's exercise category is 'Movement')", () => {
    expect(english.filter(([key, text]) => key !== "selfCare:categories.movement" && /\bmovements?\b/i.test(text))).toEqual([]);
  });

  it("spells 'email' one way within a text", () => {
    expect(english.filter(([, text]) => /\b[Ee]-mail/.test(text) && /\b[Ee]mail\b/.test(text))).toEqual([]);
  });
});

// The static files outside the catalogues: the installed app's manifests and the precached offline page.
/** The page languages' tags (localeOf in app/i18n/language.ts, outside this test's TypeScript project). */
const localeOf = { pt: "pt-PT", en: "en-US" } as const;
const publicFile = (name: string) => readFileSync(new URL(`../../public/${name}`, import.meta.url), "utf8");

describe("the static files in both languages", () => {
  it("has one manifest per language for the same installed app: only the words differ", () => {
    const manifests = { pt: JSON.parse(publicFile("manifest.webmanifest")), en: JSON.parse(publicFile("manifest.en.webmanifest")) };
    const words = ({ name, description, lang, shortcuts, ...rest }: Record<string, unknown>) => ({ ...rest, shortcuts: (shortcuts as { url: string }[]).map(({ url }) => url) });
    expect(words(manifests.en)).toEqual(words(manifests.pt));
    for (const language of ["pt", "en"] as const) {
      const manifest = manifests[language];
      expect(manifest.lang).toBe(localeOf[language]);
      expect(manifest.name).toBe(`Rumo — ${resources[language].common.tagline}`);
      expect(manifest.shortcuts.map((s: { name: string; short_name: string }) => [s.name, s.short_name])).toEqual(
        [resources[language].shell.nav.tasks, resources[language].shell.nav.finances].map((label) => [label, label]),
      );
    }
  });

  it("says everything of the offline page in English too, linking to exactly the screens stored for offline use", () => {
    const html = publicFile("offline.html");
    const english = html.slice(html.indexOf('<section lang="en-US">'));
    expect(english).not.toBe(html);
    const portuguese = html.slice(0, html.indexOf('<section lang="en-US">'));
    const links = (part: string) => [...part.matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map(([, href, label]) => [href, label]);
    // The page is shown for an address never stored: it points to those that are (prefetched at sign-in), named as in the breadcrumb.
    const stored = (language: "pt" | "en") => PREFETCHED_PAGES.map((path) => [path, resources[language].shell.crumbs[path.split("/").pop() as keyof typeof resources.pt.shell.crumbs]]);
    expect(links(portuguese)).toEqual(stored("pt"));
    expect(links(english)).toEqual(stored("en"));
    expect(english).toContain("No connection");
    expect(html).toMatch(/<title>[^<]*No connection[^<]*<\/title>/);
    // No script: public/_headers serves it with default-src 'none'.
    expect(html).not.toMatch(/<script|<style|style=/);
  });
});
