import type { Result, Router } from "hono/router";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { SmartRouter } from "hono/router/smart-router";
import { TrieRouter } from "hono/router/trie-router";

/** How many (method, path) answers one isolate keeps; the oldest goes first. */
export const ROUTE_CACHE_SIZE = 1000;

/**
 * Hono's default router (SmartRouter over RegExpRouter and TrieRouter) with a memo of its answers by
 * method and path. The modules' routes mix static and parameter siblings (`/diary/overview` and
 * `/diary/:id`), which RegExpRouter refuses, so Hono falls back to TrieRouter, whose search over the
 * ~270 routes and their middleware cost about a sixth of a signed-in API request's CPU (profile in
 * docs/decisions/0041). The answer for a (method, path) never changes once routes are added and Hono
 * only reads it, so hot paths (lists, /me, pages) pay the search once per isolate.
 */
export class CachedRouter<T> implements Router<T> {
  readonly #inner: Router<T>;
  readonly #cache = new Map<string, Result<T>>();

  constructor(inner: Router<T> = new SmartRouter<T>({ routers: [new RegExpRouter<T>(), new TrieRouter<T>()] }), readonly size = ROUTE_CACHE_SIZE) {
    this.#inner = inner;
  }

  /** SmartRouter names the router it settled on after the first match. */
  get name() {
    return `Cached ${this.#inner.name}`;
  }

  add(method: string, path: string, handler: T) {
    this.#cache.clear();
    this.#inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    let result = this.#cache.get(key);
    if (!result) {
      result = this.#inner.match(method, path);
      if (this.#cache.size >= this.size) this.#cache.delete(this.#cache.keys().next().value as string);
      this.#cache.set(key, result);
    }
    return result;
  }
}
