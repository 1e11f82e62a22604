import { describe, expect, it } from "vitest";
import { cacheKeyOf, classify, CRITICAL_CACHE, isShareable, isStorable, isUserCache, storesIn, userCacheName } from "./rules";
import { INITIAL_PWA_STATE, nextPwaState } from "./state";

const origin = "https://rumo.app";
const page = { navigate: true, acceptsHtml: true };
const fetchCall = { navigate: false, acceptsHtml: false };
const at = (path: string) => new URL(path, origin);

describe("service worker rules", () => {
  it("caches /app pages, their loader data and API reads per user; never auth, exports or other origins", () => {
    expect(classify(at("/app/tarefas"), origin, page)).toBe("user-page");
    expect(classify(at("/app/tarefas.data"), origin, fetchCall)).toBe("user-data");
    expect(classify(at("/api/v1/tasks?date=2026-11-23"), origin, fetchCall)).toBe("user-api");
    expect(classify(at("/"), origin, page)).toBe("public-page");
    for (const path of ["/api/v1/auth/login", "/api/v1/me/export", "/api/v1/realtime", "/api/v1/transactions/export.csv", "/api/dev/mailbox", "/auth"]) {
      expect(classify(at(path), origin, path === "/auth" ? page : fetchCall), path).toBe("other");
    }
    expect(classify(new URL("https://cdn.example/app/x"), origin, page)).toBe("other");
  });

  it("names one cache per user and recognises them for clearing", () => {
    expect(userCacheName("u1")).not.toBe(userCacheName("u2"));
    expect(isUserCache(userCacheName("u1"))).toBe(true);
    expect(isUserCache("critical-v1")).toBe(false);
  });

  it("stores only complete answers, keyed without React Router's _routes", () => {
    expect(cacheKeyOf(at("/app/financas.data?_routes=routes%2Fapp"))).toBe(`${origin}/app/financas.data`);
    expect(isStorable(at("/app/financas.data"), 200, false)).toBe(true);
    expect(isStorable(at("/app/financas.data?_routes=x"), 200, false)).toBe(false);
    expect(isStorable(at("/app/financas"), 302, false)).toBe(false);
    expect(isStorable(at("/app/financas"), 200, true)).toBe(false);
  });

  // The public cache (critical-v1) is read by whoever uses the browser next, offline: a page the
  // server made for a signed-in reader ("Ir para a app" in its header) comes `private`.
  it("keeps a signed-in reader's page out of the public cache, by the server's Cache-Control", () => {
    expect(isShareable(null)).toBe(true);
    expect(isShareable("public, max-age=30")).toBe(true);
    expect(isShareable("private")).toBe(false);
    expect(isShareable("Private, no-store")).toBe(false);
    expect(isShareable("max-age=0,private")).toBe(false);
    expect(isShareable('private="Set-Cookie"')).toBe(false);
    expect(isShareable("no-store")).toBe(false);
    // Names that only contain the words are not them.
    expect(isShareable("x-private-ish, no-storefront")).toBe(true);
    const signedIn = { status: 200, redirected: false, cacheControl: "private" };
    const signedOut = { status: 200, redirected: false, cacheControl: null };
    expect(storesIn(CRITICAL_CACHE, at("/"), signedIn)).toBe(false);
    expect(storesIn(CRITICAL_CACHE, at("/"), signedOut)).toBe(true);
    expect(storesIn(CRITICAL_CACHE, at("/"), { ...signedOut, status: 500 })).toBe(false);
    // A user's own cache takes their pages, which are all private.
    expect(storesIn(userCacheName("u1"), at("/app/tarefas"), signedIn)).toBe(true);
  });
});

describe("service worker lifecycle", () => {
  it("goes installing → registered with offline-ready; a failure only clears installing", () => {
    const installing = nextPwaState(INITIAL_PWA_STATE, { type: "register-start" });
    expect(installing.installing).toBe(true);
    expect(nextPwaState(installing, { type: "register-failed" })).toEqual({ ...INITIAL_PWA_STATE, installing: false });
    const first = nextPwaState(nextPwaState(installing, { type: "registered", controlled: false, waiting: false }), { type: "installed", controlled: false });
    expect(first).toMatchObject({ registered: true, installing: false, offlineReady: true, updateAvailable: false });
    // A new worker while one controls the page is an update.
    expect(nextPwaState(first, { type: "installed", controlled: true }).updateAvailable).toBe(true);
  });
});

describe("orientation preference", () => {
  it("is stored under the specification's key with Rumo's prefix, auto unless a known value", async () => {
    const { ORIENTATION_KEY, parseOrientation, readOrientation, saveOrientation, applyOrientation } = await import("./orientation");
    expect(ORIENTATION_KEY).toBe("rumo-orientation-preference");
    expect(readOrientation({ getItem: () => "landscape" })).toBe("landscape");
    // A choice kept under the old key is still read, and moves to the new one when saved again.
    const stored = new Map([["orientation-preference", "portrait"]]);
    const storage = { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value), removeItem: (key: string) => void stored.delete(key) };
    expect(readOrientation(storage)).toBe("portrait");
    await saveOrientation("landscape", storage);
    expect([...stored]).toEqual([["rumo-orientation-preference", "landscape"]]);
    expect(parseOrientation("sideways")).toBe("auto");
    const locked: string[] = [];
    await applyOrientation("portrait", { lock: async (o) => void locked.push(o), unlock: () => locked.push("unlocked") });
    await applyOrientation("auto", { lock: async (o) => void locked.push(o), unlock: () => locked.push("unlocked") });
    // Outside the installed app the lock is refused: no error escapes.
    await applyOrientation("landscape", { lock: () => Promise.reject(new Error("NotSupportedError")) });
    expect(locked).toEqual(["portrait", "unlocked"]);
  });
});
