/**
 * The bad-input corpus: from one valid request per endpoint (tests/worker/sweeps/endpoints.ts), the
 * requests a careless or hostile client sends. Structural cases (the body as a whole, the query, the
 * ids) are always all sent; the per-field cases are all sent in the full sweep (RUMO_FULL_SWEEP=1)
 * and rotated over the fields in the compact one, so every kind still reaches every endpoint.
 */
export type Case = {
  label: string;
  /** Path under /api/v1 with its query, already encoded. */
  path: string;
  body?: BodyInit | null;
  type?: string | null;
};

const MB = 1024 * 1024;
export const HUGE_STRING = "x".repeat(MB);

/** Strings that break naive code: encodings, direction, invisible and combining characters, injections. */
export const NASTY_STRINGS: Record<string, string> = {
  loneSurrogate: "a\ud800b",
  loneLowSurrogate: "\udc00",
  rtlOverride: "\u202egnp.exe",
  rtlText: "مرحبا بالعالم",
  zeroWidth: "\u200b\u200c\u200d\ufeff",
  nul: "a\u0000b",
  controls: "\u0001\u0007\u001b[31m\r\n",
  emoji: "👩‍👩‍👧‍👦🏳️‍🌈🇵🇹",
  combining: `e${"\u0301".repeat(200)}`,
  whitespace: " \t\u00a0\u3000 ",
  sql: "' OR '1'='1'; DROP TABLE tasks; --",
  sqlUnion: '" UNION SELECT password_hash FROM users --',
  html: '<script>alert(1)</script><img src=x onerror="alert(2)">',
  template: "{{constructor.constructor('return 1')()}} ${7*7}",
  long10k: "ç".repeat(10_000),
  path: "../../etc/passwd",
};

const WRONG_VALUES: Record<string, unknown> = {
  null: null,
  number: 1,
  negative: -1,
  float: 1.5,
  hugeNumber: 1e308,
  unsafeInteger: 2 ** 53 + 1,
  string: "x",
  emptyString: "",
  boolean: true,
  object: { nested: { deeper: true } },
  array: [],
  badDate: "2026-02-30",
  badInstant: "2026-13-45T25:61:00+99:00",
};

/** Every per-field mutation kind, in a fixed order (the compact sweep rotates through it). */
const FIELD_KINDS: { name: string; value: (valid: unknown) => unknown }[] = [
  { name: "missing", value: () => undefined },
  ...Object.entries(WRONG_VALUES).map(([name, v]) => ({ name, value: () => v })),
  ...Object.entries(NASTY_STRINGS).map(([name, v]) => ({ name, value: () => v })),
  { name: "array10k", value: (valid) => Array.from({ length: 10_000 }, (_, i) => (typeof valid === "number" ? i : Array.isArray(valid) && typeof valid[0] === "object" ? { ...(valid[0] as object) } : `item ${i}`)) },
  { name: "hugeString", value: () => HUGE_STRING },
  { name: "string100k", value: () => "a".repeat(100_000) },
];

/** Ids as odd clients send them, ready for a URL (each one path segment unless it normalises away). */
export const ODD_IDS: Record<string, string> = {
  dotdot: "..",
  encodedDotdot: "%2e%2e",
  traversal: "..%2f..%2fme",
  encodedTraversal: "%2e%2e%2f%2e%2e%2fadmin",
  backslash: "..%5c..%5cme",
  long10k: "a".repeat(10_000),
  unicode: encodeURIComponent("ção-ñ-ü"),
  emoji: encodeURIComponent("👩‍👩‍👧"),
  nul: "%00",
  loneSurrogateBytes: "%ED%A0%80",
  badPercent: "%",
  badPercent2: "%zz",
  invalidUtf8: "%ff%fe",
  sql: encodeURIComponent("' OR '1'='1"),
  html: encodeURIComponent("<script>alert(1)</script>"),
  null: "null",
  zero: "0",
  negative: "-1",
  space: "%20",
  slash: "a%2fb",
  semicolon: "a;b=c",
  uuidUpper: "AAAAAAAA-BBBB-4CCC-8DDD-EEEEEEEEEEEE",
};

/** Odd ids the URL parser would resolve away (`..`): only read routes get them (a DELETE could reach /me). */
export const NORMALISING_IDS = new Set(["dotdot", "encodedDotdot"]);

const json = (value: unknown) => JSON.stringify(value);

/** The structural body cases of a route that reads a JSON body (or none): as a whole, not per field. */
export function bodyCases(path: string, valid: Record<string, unknown> | undefined, maxBytes: number): Case[] {
  const base = valid ?? {};
  const jsonType = "application/json";
  const validText = json(base);
  return [
    { label: "invalid JSON", path, body: '{"title": "x",', type: jsonType },
    { label: "single quotes", path, body: "{'title': 'x'}", type: jsonType },
    { label: "empty body", path, body: "", type: jsonType },
    { label: "whitespace body", path, body: "   \n", type: jsonType },
    { label: "null", path, body: "null", type: jsonType },
    { label: "array", path, body: "[]", type: jsonType },
    { label: "array of the body", path, body: json([base]), type: jsonType },
    { label: "string", path, body: '"texto"', type: jsonType },
    { label: "number", path, body: "42", type: jsonType },
    { label: "NaN", path, body: '{"amountCents": NaN}', type: jsonType },
    { label: "text/plain", path, body: validText, type: "text/plain" },
    { label: "no content type", path, body: validText, type: null },
    { label: "content type with charset latin1", path, body: validText, type: "application/json; charset=iso-8859-1" },
    { label: "multipart", path, body: "--b\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nx\r\n--b--\r\n", type: "multipart/form-data; boundary=b" },
    { label: "form", path, body: "title=x&amountCents=1", type: "application/x-www-form-urlencoded" },
    { label: "xml", path, body: "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><x>&e;</x>", type: "application/xml" },
    { label: "huge body", path, body: json({ ...base, padding: "x".repeat(maxBytes + 1024) }), type: jsonType },
    { label: "deep nesting", path, body: `${"[".repeat(5_000)}${"]".repeat(5_000)}`, type: jsonType },
    { label: "deep object", path, body: `${'{"a":'.repeat(3_000)}1${"}".repeat(3_000)}`, type: jsonType },
    { label: "extra field", path, body: json({ ...base, zzUnknown: 1 }), type: jsonType },
    { label: "foreign ids", path, body: json({ ...base, id: "someone-else", userId: "someone-else", user_id: "someone-else", role: "admin" }), type: jsonType },
    { label: "__proto__", path, body: `{"__proto__": {"admin": true, "role": "admin"}, "constructor": {"prototype": {"x": 1}}${validText === "{}" ? "" : `, ${validText.slice(1, -1)}`}}`, type: jsonType },
    { label: "duplicate keys", path, body: `${validText.slice(0, -1)}${validText === "{}" ? "" : ","}"zz": 1, "zz": {"a": []}}`, type: jsonType },
    { label: "BOM", path, body: `\ufeff${validText}`, type: jsonType },
    { label: "invalid UTF-8 bytes", path, body: new Uint8Array([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]), type: jsonType },
    { label: "1 MB of emoji", path, body: json({ ...base, zz: "😀".repeat(maxBytes / 4 + 1) }), type: jsonType },
  ];
}

/** The fields a body mutation can reach: top-level, and the first element of an array of objects. */
function fieldPaths(valid: Record<string, unknown>): string[][] {
  const paths: string[][] = [];
  for (const [key, value] of Object.entries(valid)) {
    paths.push([key]);
    if (Array.isArray(value) && value[0] && typeof value[0] === "object") for (const inner of Object.keys(value[0] as object)) paths.push([key, "0", inner]);
  }
  return paths;
}

function withValue(valid: Record<string, unknown>, path: string[], value: unknown): unknown {
  const copy = structuredClone(valid) as Record<string, unknown>;
  let target: Record<string, unknown> = copy;
  for (const step of path.slice(0, -1)) target = target[step] as Record<string, unknown>;
  const last = path[path.length - 1];
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

/**
 * `n` items of a list from `offset` on, wrapping: the compact sweep gives each endpoint a different
 * slice (its index as the offset), so across the endpoints every case still runs.
 */
export const slice = <T>(list: readonly T[], n: number, offset: number): T[] =>
  list.length <= n ? [...list] : Array.from({ length: n }, (_, i) => list[(offset * n + i) % list.length]);

/** Per-field cases: every kind on every field (full), or one kind per field, rotating (compact). */
export function fieldCases(path: string, valid: Record<string, unknown>, full: boolean, offset = 0): Case[] {
  const cases: Case[] = [];
  const fields = fieldPaths(valid);
  const perField = full ? FIELD_KINDS.length : 1;
  fields.forEach((field, f) => {
    for (let k = 0; k < perField; k++) {
      const kind = FIELD_KINDS[(offset * 7 + f * perField + k) % FIELD_KINDS.length];
      const current = field.reduce<unknown>((v, step) => (v as Record<string, unknown>)[step], valid);
      cases.push({ label: `${field.join(".")}: ${kind.name}`, path, body: json(withValue(valid, field, kind.value(current))), type: "application/json" });
    }
  });
  return cases;
}

/** encodeURIComponent, with a lone surrogate sent as its (invalid) UTF-8 bytes instead of throwing. */
const encode = (text: string) => [...text].map((ch) => (/^[\ud800-\udfff]$/.test(ch) ? "%ED%A0%80" : encodeURIComponent(ch))).join("");
const qs = (pairs: [string, string][]) => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&");

/** Query cases: repeated, huge, unknown, malformed and hostile parameters. */
export function queryCases(path: string, valid: Record<string, string>, full: boolean, offset = 0): Case[] {
  const entries = Object.entries(valid);
  const with_ = (raw: string) => `${path}?${raw}`;
  const cases: Case[] = [
    { label: "repeated params", path: with_(qs([...entries, ...entries.map(([k]) => [k, "outro"] as [string, string])])) },
    { label: "limit -1", path: with_(qs([...entries.filter(([k]) => k !== "limit"), ["limit", "-1"]])) },
    { label: "limit abc", path: with_(qs([["limit", "abc"]])) },
    { label: "limit 1e309", path: with_(qs([["limit", "1e309"]])) },
    { label: "limit 201", path: with_(qs([["limit", "201"]])) },
    { label: "limit twice", path: with_("limit=1&limit=500") },
    { label: "tampered cursor", path: with_(qs([...entries, ["cursor", "eyJub3QiOiJhIGN1cnNvciJ9"]])) },
    { label: "huge cursor", path: with_(qs([["cursor", "A".repeat(10_000)]])) },
    { label: "unknown param", path: with_(qs([...entries, ["zzUnknown", "1"]])) },
    { label: "10k-char param name", path: with_(qs([...entries, ["p".repeat(10_000), "1"]])) },
    { label: "200 params", path: with_(qs(Array.from({ length: 200 }, (_, i) => [`p${i}`, String(i)] as [string, string]))) },
    { label: "bad percent", path: with_("q=%&limit=%zz&from=%ff") },
    { label: "array notation", path: with_("limit[]=1&from[a]=2") },
    { label: "empty values", path: with_(entries.map(([k]) => `${k}=`).join("&") || "=") },
  ];
  const perKey: Case[] = [];
  entries.forEach(([key], i) => {
    const kinds = full ? Object.keys(NASTY_STRINGS) : slice(Object.keys(NASTY_STRINGS), 1, offset + i);
    for (const kind of kinds) perKey.push({ label: `${key}=${kind}`, path: with_(qs(entries.map(([k, v]) => [k, k === key ? NASTY_STRINGS[kind] : v]))) });
    if (full) perKey.push({ label: `${key} huge`, path: with_(qs(entries.map(([k, v]) => [k, k === key ? "9".repeat(10_000) : v]))) });
  });
  return [...(full ? cases : slice(cases, 3, offset)), ...perKey];
}
