import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearPendingSignOut, finishPendingSignOut, markSignOutPending, pendingSignOut } from "~/lib/offline/sign-out-pending";

/** docs/decisions/0044-offline-queue-rules.md: a sign-out made offline is finished later. */
describe("a sign-out made offline", () => {
  beforeEach(() => {
    const items = new Map<string, string>();
    vi.stubGlobal("localStorage", { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => items.set(k, v), removeItem: (k: string) => items.delete(k) });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("is remembered for its user until the server has ended the session", async () => {
    markSignOutPending("user-1");
    expect(pendingSignOut()).toBe("user-1");
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    expect(await finishPendingSignOut()).toBe(false);
    expect(pendingSignOut()).toBe("user-1");
    const logout = vi.fn().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", logout);
    expect(await finishPendingSignOut()).toBe(true);
    expect(logout).toHaveBeenCalledWith("/api/v1/auth/logout", expect.objectContaining({ method: "POST" }));
    expect(pendingSignOut()).toBeNull();
  });

  it("counts a session already gone (401) as finished", async () => {
    markSignOutPending("user-1");
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response(JSON.stringify({ error: { code: "unauthorized", message: "" } }), { status: 401, headers: { "content-type": "application/json" } })));
    expect(await finishPendingSignOut()).toBe(true);
    expect(pendingSignOut()).toBeNull();
  });

  it("never throws where storage is refused (private mode)", () => {
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
      setItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
      removeItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
    });
    markSignOutPending("user-1");
    clearPendingSignOut();
    expect(pendingSignOut()).toBeNull();
  });
});
