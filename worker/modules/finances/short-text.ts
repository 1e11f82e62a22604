import { fold } from "./categories";
import { FOLD_CLASSES } from "./fold-classes";

// A text filter of one or two characters, which the trigram index cannot look up (decision 0096), as
// SQLite GLOB patterns in the list's own statement: each character becomes the class of every
// character `fold` makes the same ("a" → [AaÀ-Åà-åĀ-ą…]), so "ç" finds "SERVIÇOS" folded as `fold`
// folds (decision 0098). SQLite's lower() and LIKE fold ASCII only, and D1 has no ICU.
//
// A GLOB whose class follows its "*" reads the whole class again at every character of every row,
// which made the widest filter slower than matching in code. Most descriptions are ASCII, and on
// ASCII `fold` is lower(): there one instr() answers, and the GLOBs run only on rows with other
// characters (decision 0098, revised).

/** D1 refuses a LIKE or GLOB pattern longer than this ("pattern too complex"). */
export const GLOB_PATTERN_BYTES = 50;

let classes: Map<string, string> | undefined;

/** The characters `fold` turns into `key` (one code point), `key` itself included. */
function classOf(key: string): string {
  classes ??= new Map(FOLD_CLASSES.map((line) => [String.fromCodePoint(line.codePointAt(0)!), line]));
  return classes.get(key) ?? key;
}

/** The characters `c` stands for: the class of what it folds to. */
function charactersFor(c: string): string[] {
  const key = fold(c);
  // A lone combining accent folds to nothing: like `fold(…).includes("")`, it asks for nothing.
  if (!key) return [];
  // A character folding to several (a Hangul syllable to its jamo) stands for itself.
  return [...new Set(Array.from(Array.from(key).length === 1 ? classOf(key) : c))];
}

/** GLOB's wildcards and its class opener, literal only inside a class. */
const GLOB_SPECIAL = new Set(["*", "?", "["]);
/** Characters with a meaning inside a class: "]" is literal first, "-" last, "^" anywhere but first. */
const CLASS_SPECIAL = new Set(["]", "-", "^"]);

const bytes = (text: string) => new TextEncoder().encode(text).length;

/** A class's pieces: single characters and runs of consecutive code points written as ranges ("À-Å"). */
function pieces(characters: readonly string[]): string[] {
  const points = characters.filter((c) => !CLASS_SPECIAL.has(c)).map((c) => c.codePointAt(0)!).sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < points.length; ) {
    let j = i;
    while (j + 1 < points.length && points[j + 1] === points[j] + 1) j++;
    const [first, last] = [String.fromCodePoint(points[i]), String.fromCodePoint(points[j])];
    out.push(j - i >= 2 ? `${first}-${last}` : points.slice(i, j + 1).map((p) => String.fromCodePoint(p)).join(""));
    i = j + 1;
  }
  return out;
}

/**
 * GLOB elements that together match exactly `characters`, each at most `budget` bytes when it can
 * be: one when it fits, else the class cut in parts (any one matching).
 */
export function globElements(characters: readonly string[], budget: number): string[] {
  const literal = (c: string) => (GLOB_SPECIAL.has(c) ? `[${c}]` : c);
  if (characters.length === 1) return [literal(characters[0])];
  // "]", "-" and "^" are never letters of a class; each goes as its own element, literal there.
  const elements = characters.filter((c) => CLASS_SPECIAL.has(c));
  let body = "";
  for (const piece of pieces(characters)) {
    if (body && bytes(`[${body}${piece}]`) > budget) (elements.push(`[${body}]`), (body = ""));
    body += piece;
  }
  if (body) elements.push(Array.from(body).length === 1 ? literal(body) : `[${body}]`);
  return elements;
}

const longest = (elements: readonly string[]) => Math.max(...elements.map(bytes));

/** The classes of the characters of `text` that ask for something. */
const classesOf = (text: string) => Array.from(text.normalize("NFC").replaceAll("\0", "")).map(charactersFor).filter((c) => c.length);

const isAscii = (c: string) => c.codePointAt(0)! < 0x80;

/**
 * A filter of one or two characters as SQL's two tests, any one matching:
 * - `ascii`: the text an ASCII description contains, lower case, as `instr(lower(description), ascii)`;
 *   undefined when no ASCII text matches (a class with no ASCII letter, "ß", "가"). On ASCII, `fold`
 *   is lower() and a class's ASCII letters are its key and the key's upper case, so this is the match.
 * - `globs`: `containsGlobs`, for descriptions with other characters (`length` ≠ bytes); none when
 *   every class is ASCII ("99", "*"), which `ascii` then answers alone.
 */
export function shortTextMatch(text: string): { ascii: string | undefined; globs: string[] } {
  const characters = classesOf(text);
  const keys = characters.map((members) => members.find((c) => isAscii(c) && c.toLowerCase() === c));
  const ascii = keys.every((key) => key !== undefined) ? keys.join("") : undefined;
  return { ascii, globs: characters.every((members) => members.every(isAscii)) ? [] : containsGlobs(text) };
}

/**
 * The GLOB patterns (any one matching) of the texts that contain `text` (one or two characters),
 * case and accents aside as `fold` has them, each within D1's pattern limit.
 */
export function containsGlobs(text: string): string[] {
  const characters = classesOf(text);
  const budget = GLOB_PATTERN_BYTES - bytes("**");
  if (characters.length === 0) return ["*"];
  if (characters.length === 1) return globElements(characters[0], budget).map((element) => `*${element}*`);
  if (characters.length > 2) throw new Error("A GLOB of letter classes is for one or two characters.");
  // Two classes share the budget. SQLite reads the first element of each pattern at every character
  // of the row, the second only where the first matched: the split that reads the fewest code
  // points per character (every first element, once per second element) wins, then the fewest patterns.
  const cost = ([firsts, seconds]: [string[], string[]]) => [seconds.length * firsts.reduce((sum, e) => sum + Array.from(e).length, 0), firsts.length * seconds.length];
  let best: [string[], string[]] | undefined;
  for (let first = 1; first < budget; first++) {
    const split: [string[], string[]] = [globElements(characters[0], first), globElements(characters[1], budget - first)];
    if (longest(split[0]) + longest(split[1]) > budget) continue;
    const [[reads, patterns], [bestReads, bestPatterns]] = [cost(split), best ? cost(best) : [Infinity, Infinity]];
    if (reads < bestReads || (reads === bestReads && patterns < bestPatterns)) best = split;
  }
  if (!best) throw new Error("No split of two letter classes fits D1's pattern limit.");
  const [firsts, seconds] = best;
  return firsts.flatMap((a) => seconds.map((b) => `*${a}${b}*`));
}
