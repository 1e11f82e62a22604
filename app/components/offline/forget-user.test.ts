// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { cleanup, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT_DELETED_EVENT } from "~/lib/api";
import { idbStore } from "~/lib/offline/idb-store";
import type { QueuedChange } from "~/lib/offline/queue";
import { fakeBrowserData, forgetServiceWorker } from "./browser-data.test-utils";

// What leaves the browser with a user: at sign-out (forgetOfflineUser), and when the account is
// deleted, here or in another tab or device (forget-deleted-account.ts).

const queued = (userId: string, content: string): QueuedChange => ({
  key: `key-${userId}-${content}`,
  userId,
  kind: "diary.update",
  method: "PATCH",
  path: "/diary/e1",
  body: { title: "Manhã", content },
  label: "Manhã",
  createdAt: 0,
  attempts: 0,
  nextAttemptAt: Number.MAX_SAFE_INTEGER,
  status: "pending",
});

/** Ana's data in this browser, and a change of Rui's he kept at his sign-out. */
async function anaSignedIn() {
  vi.resetModules();
  const data = fakeBrowserData(["rumo-user-ana-v1", "rumo-user-rui-v1", "critical-v1", "rumo-meta-v1"]);
  localStorage.setItem("rumo-recent-searches:ana", JSON.stringify(["terapia"]));
  localStorage.setItem("rumo-recent-searches", JSON.stringify(["consulta"]));
  const store = idbStore();
  await store.add(queued("ana", "Hoje chorei"));
  await store.add(queued("rui", "Do Rui"));
  const { offlineSnapshot, setOfflineSnapshot } = await import("~/lib/offline/state");
  setOfflineSnapshot({ userId: "ana", changes: [] });
  return { ...data, queueFor: () => offlineSnapshot().userId, queue: (userId: string) => store.list(userId).then((rows) => rows.map((row) => row.body.content)) };
}

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  forgetServiceWorker();
  localStorage.clear();
  await idbStore().clearUser("ana");
  await idbStore().clearUser("rui");
});

describe("signing out", () => {
  it("takes the user's caches, the service worker's record of them and their recent searches", async () => {
    const browser = await anaSignedIn();
    const { forgetOfflineUser } = await import("./use-offline-app");
    await forgetOfflineUser();
    expect(browser.cacheNames()).toEqual(["critical-v1", "rumo-meta-v1"]);
    expect(browser.toWorker).toContainEqual({ type: "CLEAR_USER" });
    expect(Object.keys(localStorage).filter((key) => key.startsWith("rumo-recent-searches"))).toEqual([]);
    expect(await browser.queue("ana")).toEqual([]);
    // Another user's kept changes are theirs.
    expect(await browser.queue("rui")).toEqual(["Do Rui"]);
  });

  it("keeps the queued changes the user chose to keep, and still takes their recent searches", async () => {
    const browser = await anaSignedIn();
    const { forgetOfflineUser } = await import("./use-offline-app");
    await forgetOfflineUser({ keepQueue: true });
    expect(await browser.queue("ana")).toEqual(["Hoje chorei"]);
    expect(localStorage.getItem("rumo-recent-searches:ana")).toBeNull();
  });
});

describe("a deleted account", () => {
  it("leaves nothing of the user in this browser, their unsent changes included, before the page goes", async () => {
    const browser = await anaSignedIn();
    const { leaveDeletedAccount } = await import("./forget-deleted-account");
    const seenAtHome: unknown[] = [];
    await leaveDeletedAccount(() => seenAtHome.push({ caches: browser.cacheNames(), searches: localStorage.getItem("rumo-recent-searches:ana"), queueFor: browser.queueFor() }));
    // The queue lets its user go only once their changes are deleted.
    expect(seenAtHome).toEqual([{ caches: ["critical-v1", "rumo-meta-v1"], searches: null, queueFor: null }]);
    expect(await browser.queue("ana")).toEqual([]);
    expect(browser.toWorker).toContainEqual({ type: "CLEAR_USER" });
  });

  it("does not keep the person on the page when storage hangs: the caches go, and it leaves after a few seconds", async () => {
    const browser = await anaSignedIn();
    // An IndexedDB that never answers (another tab holding it, a damaged profile).
    vi.doMock("~/lib/offline/runtime", () => ({ forgetUser: () => new Promise(() => undefined) }));
    const { FORGET_WAIT_MS } = await import("./forget-cached-user");
    const { leaveDeletedAccount } = await import("./forget-deleted-account");
    vi.useFakeTimers();
    const goHome = vi.fn();
    const leaving = leaveDeletedAccount(goHome);
    await vi.advanceTimersByTimeAsync(FORGET_WAIT_MS - 1);
    expect(goHome).not.toHaveBeenCalled();
    expect(browser.cacheNames()).toEqual(["critical-v1", "rumo-meta-v1"]);
    await vi.advanceTimersByTimeAsync(1);
    await leaving;
    expect(goHome).toHaveBeenCalledTimes(1);
    vi.doUnmock("~/lib/offline/runtime");
  });

  it("in another tab (its socket closed with 4001): the tab forgets the user too and goes to the home page", async () => {
    const browser = await anaSignedIn();
    const replace = vi.spyOn(window.location, "replace").mockImplementation(() => undefined);
    const { useLeaveWhenAccountDeleted } = await import("./leave-when-account-deleted");
    renderHook(() => useLeaveWhenAccountDeleted());
    window.dispatchEvent(new CustomEvent(ACCOUNT_DELETED_EVENT));
    // The landing that says why (the account was deleted), as the tab that deleted it shows.
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith("/?notice=account-deleted"), { timeout: 5000, interval: 20 });
    expect(browser.cacheNames()).toEqual(["critical-v1", "rumo-meta-v1"]);
    expect(browser.toWorker).toContainEqual({ type: "CLEAR_USER" });
    expect(await browser.queue("ana")).toEqual([]);
    expect(localStorage.getItem("rumo-recent-searches:ana")).toBeNull();
  });

  it("is not left a second time by the tab that deleted it or is signing out: that tab leaves by itself", async () => {
    const browser = await anaSignedIn();
    const replace = vi.spyOn(window.location, "replace").mockImplementation(() => undefined);
    const { announceSigningOut } = await import("~/lib/session-user");
    const { useLeaveWhenAccountDeleted } = await import("./leave-when-account-deleted");
    renderHook(() => useLeaveWhenAccountDeleted());
    announceSigningOut();
    window.dispatchEvent(new CustomEvent(ACCOUNT_DELETED_EVENT));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(replace).not.toHaveBeenCalled();
    expect(browser.cacheNames()).toContain("rumo-user-ana-v1");
  });
});
