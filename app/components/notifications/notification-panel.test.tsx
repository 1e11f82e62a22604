// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Outlet, createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { resetAfterFirstPaint } from "~/lib/after-first-paint";
import type { RealtimeMessage, RealtimeNotification } from "~/lib/realtime-client";
import { NotificationPanel } from "./notification-popover";
import { aNotification } from "./test-notification";
import { useNotifications } from "./use-notifications";

// The realtime connection, as a channel the test speaks into.
let push: ((message: RealtimeMessage) => void) | null = null;
vi.mock("~/lib/realtime", () => ({
  withRealtime: (start: (client: unknown) => () => void) =>
    start({
      onStatus: () => () => {},
      subscribe: (listener: (message: RealtimeMessage) => void) => {
        push = listener;
        return () => {};
      },
    }),
}));

const n = (id: string, extra: Partial<RealtimeNotification> = {}) => aNotification(id, { type: "reminder", ...extra });

// A long-time user: 50 old, read, high-priority notices fill the first page of "all" (priority
// first); today's reminder, the one unread, comes after them.
const old = Array.from({ length: 50 }, (_, i) => n(`Aviso antigo ${i}`, { priority: "high", isRead: true, createdAt: "2025-01-01T10:00:00.000Z" }));
const reminder = n("Lembrete de hoje");
const pages: Record<string, { items: RealtimeNotification[]; nextCursor: string | null }> = {
  "filter=all&limit=50": { items: old, nextCursor: "after-old" },
  "filter=all&limit=50&cursor=after-old": { items: [reminder], nextCursor: null },
  "filter=unread&limit=50": { items: [reminder], nextCursor: null },
  "filter=priority&limit=50": { items: old, nextCursor: null },
  "filter=today&limit=50": { items: [reminder], nextCursor: null },
};
let requests: string[] = [];

beforeEach(() => {
  resetAfterFirstPaint();
  requests = [];
  push = null;
  vi.stubGlobal("fetch", async (url: string) => {
    const query = url.split("?")[1] ?? "";
    requests.push(query);
    // (A request without a filter is the whole list's first page.)
    const page = pages[query] ?? pages[`filter=all&${query}`];
    return page ? Response.json({ ...page, unreadCount: 1 }) : new Response(null, { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Bell() {
  const notifications = useNotifications();
  return <NotificationPanel notifications={notifications} close={() => {}} />;
}

function renderPanel() {
  const Stub = createRoutesStub([
    {
      id: "routes/app/layout",
      path: "/app",
      loader: () => ({ user: { timeZone: "Europe/Lisbon" } }),
      Component: Outlet,
      children: [{ path: "painel", Component: Bell }],
    },
  ]);
  renderWithI18n(<Stub initialEntries={["/app/painel"]} />);
}

const panel = () => screen.getByRole("tabpanel");

describe("the bell's panel", () => {
  it("asks the API for each tab's own list instead of filtering the first page", async () => {
    renderPanel();
    await screen.findByText("Aviso antigo 0");
    expect(within(panel()).queryByText("Lembrete de hoje")).toBeNull();

    fireEvent.click(screen.getByRole("tab", { name: "Não lidas" }));
    expect(await within(panel()).findByText("Lembrete de hoje")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "Hoje" }));
    expect(await within(panel()).findByText("Lembrete de hoje")).toBeTruthy();
    expect(requests).toEqual(["filter=all&limit=50", "filter=unread&limit=50", "filter=today&limit=50"]);
  });

  it("loads the next page of a tab with its cursor", async () => {
    renderPanel();
    await screen.findByText("Aviso antigo 49");
    fireEvent.click(within(panel()).getByRole("button", { name: "Carregar mais" }));
    expect(await within(panel()).findByText("Lembrete de hoje")).toBeTruthy();
    expect(requests).toContain("filter=all&limit=50&cursor=after-old");
    // The last page: no more to load.
    await waitFor(() => expect(within(panel()).queryByRole("button", { name: "Carregar mais" })).toBeNull());
  });

  it("keeps every tab live: new, read and deleted notifications", async () => {
    renderPanel();
    await screen.findByText("Aviso antigo 0");
    fireEvent.click(screen.getByRole("tab", { name: "Não lidas" }));
    await within(panel()).findByText("Lembrete de hoje");
    await waitFor(() => expect(push).not.toBeNull());

    push!({ type: "notification.created", seq: 1, notification: n("Chegou agora", { priority: "low" }) });
    expect(await within(panel()).findByText("Chegou agora")).toBeTruthy();
    // Not high or critical: not in the priority tab.
    fireEvent.click(screen.getByRole("tab", { name: "Prioritárias" }));
    await within(panel()).findByText("Aviso antigo 0");
    expect(within(panel()).queryByText("Chegou agora")).toBeNull();
    fireEvent.click(screen.getByRole("tab", { name: "Todas" }));
    expect(await within(panel()).findByText("Chegou agora")).toBeTruthy();

    push!({ type: "notification.deleted", seq: 2, ids: ["Chegou agora"] });
    await waitFor(() => expect(within(panel()).queryByText("Chegou agora")).toBeNull());
    fireEvent.click(screen.getByRole("tab", { name: "Não lidas" }));
    await within(panel()).findByText("Lembrete de hoje");
    expect(within(panel()).queryByText("Chegou agora")).toBeNull();
    // Read in another tab of the browser: shown as read where it is.
    push!({ type: "notification.updated", seq: 3, ids: ["Lembrete de hoje"], changes: { isRead: true, readAt: new Date().toISOString() } });
    await waitFor(() => expect(within(panel()).getByText("Lembrete de hoje").closest("li")?.dataset.read).toBe("true"));
    // Each tab was fetched once: the realtime messages kept them current.
    expect(requests.filter((q) => q.startsWith("filter=unread"))).toHaveLength(1);
  });
});
