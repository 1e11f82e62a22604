// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { fakeFirstPaint } from "~/lib/after-first-paint.test-utils";
import type { RealtimeMessage } from "~/lib/realtime-client";
import { aNotification } from "./test-notification";

// The bell's state and popover load on demand (decision 0094); the realtime connection is a channel
// the test speaks into.
let push: ((message: RealtimeMessage) => void) | null = null;
vi.mock("~/lib/realtime", () => ({
  withRealtime: (start: (client: unknown) => () => void) =>
    start({
      onStatus: (listener: (status: string) => void) => (listener("open"), () => {}),
      subscribe: (listener: (message: RealtimeMessage) => void) => {
        push = listener;
        return () => {};
      },
    }),
}));

let requests: string[] = [];
/** The i18n instance the bell renders with, to switch its language as the settings do. */
let switchLanguage: ((language: string) => Promise<unknown>) | null = null;
function LanguageHandle() {
  const { i18n } = useTranslation();
  switchLanguage = (language) => i18n.changeLanguage(language);
  return null;
}
let clock: ReturnType<typeof fakeFirstPaint>;

beforeEach(() => {
  // A fresh bell each time: what it loaded on demand (module state) must not carry over.
  vi.resetModules();
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  clock = fakeFirstPaint();
  requests = [];
  push = null;
  vi.stubGlobal("fetch", async (url: string) => {
    requests.push(url.split("?")[1] ?? "");
    return Response.json({ items: [aNotification("Lembrete de hoje")], nextCursor: null, unreadCount: 1 });
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function renderBell() {
  const { NotificationBell } = await import("./notification-bell");
  // after-first-paint as the bell sees it (a fresh module, like the bell).
  const { resetAfterFirstPaint } = await import("~/lib/after-first-paint");
  resetAfterFirstPaint();
  const Stub = createRoutesStub([
    {
      id: "routes/app/layout",
      path: "/app",
      loader: () => ({ user: { timeZone: "Europe/Lisbon" } }),
      Component: Outlet,
      children: [
        {
          path: "painel",
          Component: () => (
            <>
              <LanguageHandle />
              <NotificationBell />
            </>
          ),
        },
      ],
    },
  ]);
  renderWithI18n(
    <StrictMode>
      <Stub initialEntries={["/app/painel"]} />
    </StrictMode>,
  );
  return vi.waitFor(() => screen.getByRole("button", { name: "Notificações" }), { timeout: 5000, interval: 20 });
}

/** The first paint, then frames and idle moments until `done` holds (the on-demand modules arrive in between). */
async function untilIdle(done: () => boolean) {
  await act(async () => clock.paint());
  await vi.waitFor(
    async () => {
      await act(async () => {
        clock.frames.splice(0).forEach((frame) => frame());
        clock.idlePeriod();
      });
      if (!done()) throw new Error("not yet");
    },
    { timeout: 5000, interval: 20 },
  );
}

const realtimeStatus = () => document.querySelector("[data-realtime]")?.getAttribute("data-realtime");

describe("the header's bell", () => {
  it("shows at once, without its state, then the unread count from a feed loaded after the first paint", async () => {
    const bell = await renderBell();
    expect(bell).toBeTruthy();
    expect(realtimeStatus()).toBe("idle");
    expect(screen.queryByTestId("notification-badge")).toBeNull();
    // Nothing asked before the first paint.
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(requests).toEqual([]);

    await untilIdle(() => screen.queryByTestId("notification-badge") !== null && realtimeStatus() === "open");
    expect(screen.getByTestId("notification-badge").textContent).toBe("1");
    expect(screen.getByRole("button", { name: "Notificações, 1 por ler" })).toBeTruthy();
    // Once the page has settled, the popover takes the stand-in's place (the first paint above let
    // the settle timer run), with the same state.
    await untilIdle(() => screen.getByRole("button", { name: "Notificações, 1 por ler" }).hasAttribute("data-headlessui-state"));
    expect(screen.queryByRole("tab")).toBeNull();
    // Live: a new notification raises the count.
    await act(async () => push!({ type: "notification.created", seq: 1, notification: aNotification("Chegou agora") }));
    expect(screen.getByTestId("notification-badge").textContent).toBe("2");
    // One feed, kept across the swap: "all" asked once.
    expect(requests).toEqual(["filter=all&limit=50"]);
  });

  it("asks for its notifications again after a switch of language: the API reads them in the account's new one", async () => {
    await renderBell();
    await untilIdle(() => screen.queryByTestId("notification-badge") !== null);
    expect(requests).toEqual(["filter=all&limit=50"]);
    await act(async () => void (await switchLanguage!("en")));
    await vi.waitFor(() => expect(requests).toEqual(["filter=all&limit=50", "filter=all&limit=50"]));
    await vi.waitFor(() => screen.getByRole("button", { name: "Notifications, 1 unread" }));
  });

  it("opens its panel on a click made before any of its code had arrived, keeping the state it loaded", async () => {
    const bell = await renderBell();
    fireEvent.click(bell);
    // The panel opens once the feed and the popover are there; its list comes with the feed's
    // first turn after the paint.
    await untilIdle(() => screen.queryByRole("tab", { name: "Todas" }) !== null && screen.queryByText("Lembrete de hoje") !== null);
    expect(screen.getByRole("tab", { name: "Não lidas" })).toBeTruthy();
    expect(screen.getByTestId("notification-badge").textContent).toBe("1");
    // One feed, kept across the swap of the stand-in for the popover: "all" asked once.
    expect(requests).toEqual(["filter=all&limit=50"]);
  });

  it("opens its panel on a click whose popover arrived while the button was held down", async () => {
    const bell = await renderBell();
    // The press focuses the stand-in, which asks for the popover and the feed; both are there (the
    // popover, and the count after the first paint) before the release.
    fireEvent.pointerDown(bell);
    fireEvent.focus(bell);
    await act(async () => {
      await import("./notification-popover");
    });
    await untilIdle(() => screen.queryByTestId("notification-badge") !== null);
    // The release's click, where the browser sends it: the button that was pressed.
    fireEvent.pointerUp(bell);
    fireEvent.click(bell);
    await act(async () => vi.advanceTimersByTimeAsync(0));
    await untilIdle(() => screen.queryByRole("tab", { name: "Todas" }) !== null);
  });
});
