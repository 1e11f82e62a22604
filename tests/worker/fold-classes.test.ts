import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { fold } from "@worker/modules/finances/categories";
import { FOLD_CLASSES } from "@worker/modules/finances/fold-classes";
import { containsGlobs, GLOB_PATTERN_BYTES, globElements, shortTextMatch } from "@worker/modules/finances/short-text";

// The table of letter classes is generated in Node (scripts/fold-classes.mjs); the filter runs in
// workerd. A Unicode or ICU update on either side that makes them part ways fails here.
describe("fold's letter classes (decision 0098)", () => {
  it("hold exactly the code points workerd's `fold` changes to one code point", () => {
    const scanned = new Map<string, string>();
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      const key = fold(c);
      if (key === c || Array.from(key).length !== 1) continue;
      scanned.set(key, (scanned.get(key) ?? "") + c);
    }
    // Node's Unicode may be newer than workerd's: the table may hold letters workerd does not know yet
    // (unassigned there, never in a description it folds), and nothing else beyond workerd's classes.
    const unknownHere = /^\p{Cn}$/u;
    const differing = FOLD_CLASSES.filter((line) => {
      const [key, ...members] = Array.from(line);
      return (scanned.get(key) ?? "") !== members.filter((c) => !unknownHere.test(c)).join("");
    });
    expect(differing).toEqual([]);
    const tabled = new Set(FOLD_CLASSES.map((line) => Array.from(line)[0]));
    expect([...scanned.keys()].filter((key) => !tabled.has(key))).toEqual([]);
    // A class's key is what its letters fold to, and folds to itself.
    for (const [key] of scanned) expect(fold(key)).toBe(key);
  });

  it("writes one or two characters as GLOB patterns within D1's limit that match them and nothing else", () => {
    expect(containsGlobs("a")).toEqual(["*[AaÀ-Åà-åĀ-ąǍǎǞ-ǡǺǻȀ-ȃȦȧḀḁ]*", "*[Ạ-ặ\u212B]*"]);
    expect(containsGlobs("Ç")).toEqual(["*[CcÇçĆ-čḈḉ]*"]);
    // GLOB's own characters are literal.
    expect(containsGlobs("*")).toEqual(["*[*]*"]);
    expect(containsGlobs("?[")).toEqual(["*[?][[]*"]);
    expect(containsGlobs("]^")).toEqual(["*]^*"]);
    expect(globElements(["^", "-", "a", "b"], 48)).toEqual(["^", "-", "[ab]"]);
    // A lone accent asks for nothing, as `fold(…).includes("")` does.
    expect(containsGlobs("\u0301")).toEqual(["*"]);
    // The two widest classes still fit, in few patterns.
    const widest = containsGlobs("ao");
    expect(Math.max(...widest.map((p) => new TextEncoder().encode(p).length))).toBeLessThanOrEqual(GLOB_PATTERN_BYTES);
    expect(widest.length).toBeLessThanOrEqual(10);
    // SQLite reads each pattern's first element at every character of a row: the split keeps that
    // short ("a"'s class cut small, "o"'s in two), 74 code points a character where the split into
    // the fewest patterns (8) read 132.
    const first = (pattern: string) => (pattern[1] === "[" ? pattern.slice(1, pattern.indexOf("]", 3) + 1) : Array.from(pattern)[1]);
    expect(widest.reduce((reads, pattern) => reads + Array.from(first(pattern)).length, 0)).toBeLessThanOrEqual(74);
  });

  it("answers an ASCII description with instr() on its lower case and leaves the GLOBs to the others", () => {
    // On ASCII, `fold` is lower case: a class's ASCII members are its key and the key's upper case.
    for (const line of FOLD_CLASSES) {
      const [key, ...members] = Array.from(line);
      const ascii = (c: string) => c.codePointAt(0)! < 0x80;
      expect(members.filter(ascii).join(""), key).toBe(ascii(key) ? key.toUpperCase().replace(key, "") : "");
    }
    for (let cp = 1; cp < 0x80; cp++) {
      const c = String.fromCodePoint(cp);
      const { ascii, globs } = shortTextMatch(c);
      expect(ascii, c).toBe(c.toLowerCase());
      // Only a class with letters beyond ASCII needs its GLOBs, and then all of them.
      const beyondAscii = Array.from(FOLD_CLASSES.find((line) => line.startsWith(fold(c))) ?? "").some((member) => member.codePointAt(0)! >= 0x80);
      expect(globs, c).toEqual(beyondAscii ? containsGlobs(c) : []);
    }
    expect(shortTextMatch("ãO")).toEqual({ ascii: "ao", globs: containsGlobs("ao") });
    expect(shortTextMatch("99")).toEqual({ ascii: "99", globs: [] });
    expect(shortTextMatch("?[")).toEqual({ ascii: "?[", globs: [] });
    // No ASCII text folds to "ß" or to a Hangul syllable: those are GLOBs alone.
    expect(shortTextMatch("ß")).toEqual({ ascii: undefined, globs: ["*[ßẞ]*"] });
    expect(shortTextMatch("a가")).toEqual({ ascii: undefined, globs: containsGlobs("a가") });
    // A lone accent asks for nothing: every description contains "".
    expect(shortTextMatch("\u0301")).toEqual({ ascii: "", globs: [] });
  });
});

describe("D1's GLOB pattern limit", () => {
  it("takes a pattern of GLOB_PATTERN_BYTES bytes and refuses a longer one", async () => {
    const glob = (pattern: string) => env.DB.prepare("select 'x' glob ?1 as hit").bind(pattern).first();
    await expect(glob("*".repeat(GLOB_PATTERN_BYTES))).resolves.toEqual({ hit: 1 });
    await expect(glob("*".repeat(GLOB_PATTERN_BYTES + 1))).rejects.toThrow(/too complex/);
  });
});
