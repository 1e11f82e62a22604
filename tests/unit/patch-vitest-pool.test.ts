import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs script (the postinstall step), without type declarations
import { patchVitestPool, poolState } from "../../scripts/patch-vitest-pool.mjs";

// The function as @cloudflare/vitest-pool-workers 0.15.1–0.23.0 ship it (dist/worker/lib/cloudflare/test-internal.mjs).
const UPSTREAM = `function createProxyPrototypeClass(superClass, getUnknownPrototypeKey) {
\tfunction Class(...args) {
\t\tClass.prototype = new Proxy(Class.prototype, { get(target, key, receiver) {
\t\t\tconst value = Reflect.get(target, key, receiver);
\t\t\tif (value !== void 0) return value;
\t\t\tif (typeof key === "symbol") return;
\t\t\treturn getUnknownPrototypeKey.call(receiver, key);
\t\t} });
\t\treturn Reflect.construct(superClass, args, Class);
\t}
\tReflect.setPrototypeOf(Class.prototype, superClass.prototype);
\tReflect.setPrototypeOf(Class, superClass);
\treturn Class;
}`;

/** How many proxy layers one read of an unknown key goes through after `constructions` instances. */
function trapsPerRead(source: string, constructions: number) {
  let traps = 0;
  // Each layer's `get` trap starts with one Reflect.get into the layer beneath: count those.
  const counting = { get: (...args: Parameters<typeof Reflect.get>) => (traps++, Reflect.get(...args)), construct: Reflect.construct, setPrototypeOf: Reflect.setPrototypeOf };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the shipped code under test
  const create = new Function("Reflect", `${source}; return createProxyPrototypeClass;`)(counting) as (base: unknown, unknown: (key: string) => unknown) => new () => object;
  class Base {}
  const Wrapper = create(Base, () => "rpc");
  for (let i = 0; i < constructions; i++) new Wrapper();
  const instance = new Wrapper() as Record<string, unknown>;
  traps = 0;
  expect(instance.someRpcMethod).toBe("rpc");
  return traps;
}

/** A file holding `content` in a directory of its own. */
function tempFile(content: string) {
  const file = join(mkdtempSync(join(tmpdir(), "pool-")), "test-internal.mjs");
  writeFileSync(file, content);
  return file;
}

describe("the vitest pool's SELF wrapper (docs/decisions/0065)", () => {
  it("upstream wraps the prototype again on every construction", () => {
    // One trap per construction: what made each SELF.fetch slower than the one before.
    expect(trapsPerRead(UPSTREAM, 50)).toBe(51);
  });

  it("patched, the wrapper has one proxy however many times it is constructed, and still answers unknown keys", () => {
    const file = tempFile(UPSTREAM);
    expect(patchVitestPool(file)).toBe("patched");
    expect(patchVitestPool(file)).toBe("fixed");
    expect(trapsPerRead(readFileSync(file, "utf8"), 50)).toBe(1);
  });

  it("leaves code it does not know alone, and says so", () => {
    const file = tempFile("export const other = 1;");
    expect(patchVitestPool(file)).toBe("unknown");
    expect(readFileSync(file, "utf8")).toBe("export const other = 1;");
    expect(patchVitestPool(join(tmpdir(), "no-such-dir", "test-internal.mjs"))).toBe("absent");
  });

  it("is applied to the installed pool (npm install's postinstall step)", () => {
    expect(poolState()).toBe("fixed");
  });
});
