import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { intlLocale, languageFromRequest, parseAcceptLanguage, pickLanguage, readCookie, sanitizeLanguage } from "./language";

describe("sanitizeLanguage", () => {
  it("maps supported tags to their language", () => {
    expect(sanitizeLanguage("pt")).toBe("pt");
    expect(sanitizeLanguage("pt-PT")).toBe("pt");
    expect(sanitizeLanguage("pt-BR")).toBe("pt");
    expect(sanitizeLanguage("en_US")).toBe("en");
    expect(sanitizeLanguage("EN-gb")).toBe("en");
  });

  it("discards values that look like script injection or are not tags", () => {
    for (const value of [
      "<script>alert(1)</script>",
      "en<img src=x onerror=alert(1)>",
      "javascript:alert(1)",
      'pt" onload="x',
      "en;alert(1)",
      "x".repeat(100),
      "",
      "fr",
      42,
      null,
      undefined,
    ]) {
      expect(sanitizeLanguage(value)).toBeNull();
    }
  });
});

describe("pickLanguage", () => {
  it("takes the first usable candidate and defaults to Portuguese", () => {
    expect(pickLanguage([null, "<svg>", "en-US", "pt"])).toBe("en");
    expect(pickLanguage(["fr", "de"])).toBe("pt");
    expect(pickLanguage([])).toBe("pt");
  });
});

describe("parseAcceptLanguage", () => {
  it("orders ranges by quality, then position", () => {
    expect(parseAcceptLanguage("fr;q=0.5, en-US;q=0.9, pt")).toEqual(["pt", "en-US", "fr"]);
    expect(parseAcceptLanguage("*, en;q=0")).toEqual([]);
    expect(parseAcceptLanguage(null)).toEqual([]);
  });
});

describe("languageFromRequest", () => {
  it("prefers the stored choice (cookie) over the browser's header", () => {
    const headers = new Headers({ cookie: "a=1; rumo-language=en", "accept-language": "pt-PT" });
    expect(languageFromRequest(headers)).toBe("en");
  });

  it("ignores an injected cookie value and falls back to the header", () => {
    const headers = new Headers({ cookie: "rumo-language=%3Cscript%3E", "accept-language": "en" });
    expect(languageFromRequest(headers)).toBe("en");
    expect(readCookie("rumo-language=%E0%A4%A", "rumo-language")).toBeNull();
  });

  it("lets a ?lang= query value decide the render, before the cookie", () => {
    const headers = new Headers({ cookie: "rumo-language=pt", "accept-language": "pt-PT" });
    expect(languageFromRequest(headers, null, "en")).toBe("en");
    expect(languageFromRequest(new Headers({ "accept-language": "en" }), null, "pt")).toBe("pt");
  });

  it("ignores an unusable ?lang= value", () => {
    const headers = new Headers({ cookie: "rumo-language=en" });
    for (const value of ["<script>", "fr", "", "en;x", "../../etc", null, undefined]) {
      expect(languageFromRequest(headers, null, value)).toBe("en");
    }
  });

  it("defaults to Portuguese", () => {
    expect(languageFromRequest(new Headers())).toBe("pt");
  });
});

describe("intlLocale", () => {
  it("formats in the page's own tag, the default language for anything else", () => {
    expect([intlLocale("pt"), intlLocale("en"), intlLocale("en-GB"), intlLocale("fr"), intlLocale(undefined)]).toEqual(["pt-PT", "en-US", "en-US", "pt-PT", "pt-PT"]);
  });

  // English screens, reminders, e-mails and the assistant read dates one way: some had made their
  // own en-GB formatters ("6 December" beside the calendar's "December 6").
  it("is where every date, number and amount of the app and the Worker takes its locale", () => {
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) return sources(path);
        return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
      });
    const ownLocale = /"en-GB"|=== "(?:pt|en)" \? "(?:pt-PT|en-US)"/;
    const offenders = ["app", "worker"]
      .flatMap(sources)
      .filter((path) => !path.endsWith(join("i18n", "language.ts")))
      .flatMap((path) => readFileSync(path, "utf8").split("\n").flatMap((line, i) => (ownLocale.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])));
    expect(offenders).toEqual([]);
  });
});
