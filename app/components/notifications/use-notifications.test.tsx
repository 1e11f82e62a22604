// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import { Outlet, createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dismissToast, subscribeToasts, type Toast } from "~/components/shell/toast-store";
import { renderWithI18n } from "~/components/ui/test-utils";
import { resetAfterFirstPaint } from "~/lib/after-first-paint";
import type { RealtimeMessage } from "~/lib/realtime-client";
import { aNotification } from "./test-notification";
import { useNotifications } from "./use-notifications";

// One realtime channel heard by every subscriber, as the shared client does (the bell and the page).
const listeners = new Set<(message: RealtimeMessage) => void>();
vi.mock("~/lib/realtime", () => ({
  withRealtime: (start: (client: unknown) => () => void) =>
    start({
      onStatus: () => () => {},
      subscribe: (listener: (message: RealtimeMessage) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    }),
}));
const push = (message: RealtimeMessage) => act(async () => listeners.forEach((listener) => listener(message)));

let requests: { method: string; url: string }[] = [];
let server = [aNotification("Lembrete de hoje"), aNotification("Outro lembrete")];
let toasts: Toast[] = [];
let stopToasts = () => {};

beforeEach(() => {
  resetAfterFirstPaint();
  listeners.clear();
  requests = [];
  server = [aNotification("Lembrete de hoje"), aNotification("Outro lembrete")];
  stopToasts = subscribeToasts((list) => (toasts = list));
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    requests.push({ method, url });
    if (method === "DELETE") {
      server = server.filter((n) => !url.endsWith(`/${n.id}`));
      return new Response(null, { status: 204 });
    }
    return Response.json({ items: server, nextCursor: null, unreadCount: server.length });
  });
});
afterEach(() => {
  for (const toast of toasts) dismissToast(toast.id);
  stopToasts();
  cleanup();
  vi.unstubAllGlobals();
});

/** What the hook holds, as a list of titles and the unread count, with a delete for each. */
function Probe({ name }: { name: string }) {
  const notifications = useNotifications();
  const { items } = notifications.lists.all;
  return (
    <section aria-label={name}>
      <output data-testid={`${name}-count`}>{notifications.unreadCount}</output>
      {items.map((n) => (
        <button key={n.id} type="button" onClick={() => void notifications.remove(n.id)}>
          {`${name}: ${n.title}`}
        </button>
      ))}
    </section>
  );
}

/** /app/notificacoes: the page's list and the header's bell, each with its own hook. */
function renderPageAndBell() {
  const Stub = createRoutesStub([
    {
      id: "routes/app/layout",
      path: "/app",
      loader: () => ({ user: { timeZone: "Europe/Lisbon" } }),
      Component: Outlet,
      children: [
        {
          path: "notificacoes",
          Component: () => (
            <>
              <Probe name="bell" />
              <Probe name="page" />
            </>
          ),
        },
      ],
    },
  ]);
  renderWithI18n(<Stub initialEntries={["/app/notificacoes"]} />);
}

describe("the notifications' state", () => {
  it("announces a critical notification once, though the page and the bell both hear it", async () => {
    renderPageAndBell();
    await screen.findByText("page: Lembrete de hoje");
    await screen.findByText("bell: Lembrete de hoje");
    // Both are live (the connection comes after the list, in its turn).
    await waitFor(() => expect(listeners.size).toBe(2));
    await push({ type: "notification.created", seq: 1, notification: aNotification("Pagamento falhou", { priority: "critical", type: "financial" }) });
    await screen.findByText("page: Pagamento falhou");
    expect(screen.getByText("bell: Pagamento falhou")).toBeTruthy();
    expect(toasts.filter((toast) => toast.title === "Pagamento falhou")).toHaveLength(1);
  });

  it("does not ask for browser notifications as a high one arrives; shows it when they are allowed", async () => {
    const requestPermission = vi.fn(async () => "granted" as const);
    const shown: string[] = [];
    const Fake = Object.assign(
      function (this: { close: () => void }, title: string) {
        shown.push(title);
        this.close = () => {};
      },
      { permission: "default", requestPermission },
    );
    vi.stubGlobal("Notification", Fake);
    renderPageAndBell();
    await screen.findByText("page: Lembrete de hoje");
    await waitFor(() => expect(listeners.size).toBe(2));
    await push({ type: "notification.created", seq: 1, notification: aNotification("Novo início de sessão", { priority: "high", type: "security" }) });
    await screen.findByText("page: Novo início de sessão");
    expect(requestPermission).not.toHaveBeenCalled();
    expect(shown).toEqual([]);
    Fake.permission = "granted";
    await push({ type: "notification.created", seq: 2, notification: aNotification("Orçamento ultrapassado", { priority: "high", type: "budget_alert" }) });
    await screen.findByText("page: Orçamento ultrapassado");
    // Once, though the page and the bell both heard it.
    expect(shown).toEqual(["Orçamento ultrapassado"]);
  });

  it("hides a notification, and leaves the count, when it expires while the list is open", async () => {
    server = [aNotification("Lembrete de hoje"), aNotification("Evento daqui a pouco", { expiresAt: new Date(Date.now() + 600).toISOString() })];
    renderPageAndBell();
    await screen.findByText("page: Evento daqui a pouco");
    expect(screen.getByTestId("page-count").textContent).toBe("2");
    await waitFor(() => expect(screen.queryByText("page: Evento daqui a pouco")).toBeNull(), { timeout: 3000 });
    expect(screen.queryByText("bell: Evento daqui a pouco")).toBeNull();
    expect(screen.getByTestId("page-count").textContent).toBe("1");
    expect(screen.getByText("page: Lembrete de hoje")).toBeTruthy();
  });

  it("deletes with undo: gone at once, the DELETE only when the toast goes, and undo brings it back without one", async () => {
    renderPageAndBell();
    await screen.findByText("bell: Lembrete de hoje");
    expect(screen.getByTestId("bell-count").textContent).toBe("2");
    (await screen.findByText("page: Lembrete de hoje")).click();
    await waitFor(() => expect(screen.queryByText("page: Lembrete de hoje")).toBeNull());
    // Gone from the bell too, and from its count, while the undo waits.
    expect(screen.queryByText("bell: Lembrete de hoje")).toBeNull();
    expect(screen.getByTestId("bell-count").textContent).toBe("1");
    const undo = toasts.find((toast) => typeof toast.title === "object" && toast.title.key === "notifications:ui.deleted");
    expect(undo?.action?.label).toEqual({ key: "notifications:ui.undo" });
    expect(requests.filter((r) => r.method === "DELETE")).toEqual([]);
    // "Anular": the server still has it, and the list shows it again.
    await act(async () => undo!.action!.onClick());
    await screen.findByText("page: Lembrete de hoje");
    await screen.findByText("bell: Lembrete de hoje");
    expect(requests.filter((r) => r.method === "DELETE")).toEqual([]);

    // Deleted again and left alone: the DELETE goes when the toast leaves.
    screen.getByText("page: Lembrete de hoje").click();
    await waitFor(() => expect(screen.queryByText("page: Lembrete de hoje")).toBeNull());
    const second = toasts.find((toast) => typeof toast.title === "object" && toast.title.key === "notifications:ui.deleted")!;
    await act(async () => dismissToast(second.id));
    await waitFor(() => expect(requests.filter((r) => r.method === "DELETE").map((r) => r.url)).toEqual(["/api/v1/notifications/Lembrete de hoje"]));
  });
});
