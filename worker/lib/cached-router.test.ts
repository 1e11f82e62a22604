import { describe, expect, it } from "vitest";
import type { Result, Router } from "hono/router";
import { TrieRouter } from "hono/router/trie-router";
import { CachedRouter } from "./cached-router";

/** A router that counts its searches. */
function counting() {
  const inner = new TrieRouter<string>();
  const calls = { match: 0 };
  const router: Router<string> = {
    name: "Counting",
    add: (method, path, handler) => inner.add(method, path, handler),
    match: (method, path): Result<string> => {
      calls.match++;
      return inner.match(method, path);
    },
  };
  return { router, calls };
}

const handlers = (result: Result<string>) => result[0].map(([h]) => h);

describe("CachedRouter", () => {
  it("answers as its router does and searches once per method and path", () => {
    const { router, calls } = counting();
    const cached = new CachedRouter(router);
    cached.add("ALL", "*", "mw");
    cached.add("GET", "/tasks", "list");
    cached.add("GET", "/tasks/:id", "one");
    expect(handlers(cached.match("GET", "/tasks"))).toEqual(["mw", "list"]);
    expect(handlers(cached.match("GET", "/tasks"))).toEqual(["mw", "list"]);
    expect(calls.match).toBe(1);
    const one = cached.match("GET", "/tasks/abc");
    expect(handlers(one)).toEqual(["mw", "one"]);
    expect(one[0][1][1]).toEqual({ id: "abc" });
    expect(handlers(cached.match("POST", "/tasks"))).toEqual(["mw"]);
    expect(calls.match).toBe(3);
  });

  it("forgets its answers when a route is added, and keeps at most `size` of them", () => {
    const { router, calls } = counting();
    const cached = new CachedRouter(router, 2);
    cached.add("GET", "/a", "a");
    cached.match("GET", "/a");
    cached.add("GET", "/a", "a2");
    expect(handlers(cached.match("GET", "/a"))).toEqual(["a", "a2"]);
    expect(calls.match).toBe(2);
    cached.match("GET", "/b");
    cached.match("GET", "/c"); // evicts /a
    cached.match("GET", "/a");
    expect(calls.match).toBe(5);
  });
});
