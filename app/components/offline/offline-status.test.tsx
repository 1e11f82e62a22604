// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import type { OfflineSnapshot } from "~/lib/offline/state";

let snapshot: OfflineSnapshot;
vi.mock("~/lib/offline/state", () => ({ useOfflineSnapshot: () => snapshot }));
vi.mock("~/lib/pwa/state", () => ({ usePwaState: () => ({ servedFromCache: false }) }));
const { OfflineStatus } = await import("./offline-status");

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const change = (status: string) => ({ status }) as unknown as OfflineSnapshot["changes"][number];
const live = (element: Element) => element.closest('[role="status"], [role="alert"], [aria-live]:not([aria-live="off"])');

describe("the offline banner", () => {
  it("shows the counts of waiting changes without announcing them (each queued write's toast already does)", () => {
    snapshot = { userId: "u1", changes: [change("pending"), change("pending"), change("failed")], storageError: null, dropped: 0 };
    renderWithI18n(<OfflineStatus />);
    const pending = screen.getByTestId("offline-pending-count");
    expect(pending.textContent).toBe("2 alterações por enviar");
    expect(live(pending)).toBeNull();
    expect(live(screen.getByText("1 alteração não foi aceite"))).toBeNull();
  });

  it("still says that the page went offline", () => {
    vi.stubGlobal("navigator", { ...navigator, onLine: false });
    snapshot = { userId: "u1", changes: [change("pending")], storageError: null, dropped: 0 };
    renderWithI18n(<OfflineStatus />);
    expect(live(screen.getByText(/^Modo offline/))).not.toBeNull();
    expect(live(screen.getByTestId("offline-pending-count"))).toBeNull();
  });
});
