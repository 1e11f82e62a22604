// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Outlet, createRoutesStub, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { aNotification } from "~/components/notifications/test-notification";
import { useNotifications } from "~/components/notifications/use-notifications";
import { dismissToast, subscribeToasts, type Toast } from "~/components/shell/toast-store";
import { Toaster } from "~/components/shell/toaster";
import { renderWithI18n } from "~/components/ui/test-utils";
import { resetAfterFirstPaint } from "~/lib/after-first-paint";
import type { RealtimeNotification } from "~/lib/realtime-client";
import NotificationsPage from "./notifications-page";

// No live connection here: what the page does must show without the server's echo.
vi.mock("~/lib/realtime", () => ({ withRealtime: () => () => {} }));

const n = (id: string, extra: Partial<RealtimeNotification> = {}) => aNotification(id, { title: id, ...extra });
let server: RealtimeNotification[] = [];
let requests: { method: string; url: string; body?: string }[] = [];
let patchFails = false;
let toasts: Toast[] = [];
let stopToasts = () => {};

beforeEach(() => {
  resetAfterFirstPaint();
  requests = [];
  patchFails = false;
  server = [n("Pagamento falhou"), n("Lembrete de hoje"), n("Bem-vindo", { isRead: true, readAt: "2026-12-01T10:00:00.000Z" })];
  stopToasts = subscribeToasts((list) => (toasts = list));
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    requests.push({ method, url, body: init.body as string | undefined });
    if (method === "PATCH") return patchFails ? new Response(null, { status: 500 }) : Response.json({ notification: {} });
    if (method !== "GET") return new Response(null, { status: 204 });
    const filter = new URL(url, "http://x").searchParams.get("filter");
    const items = filter === "unread" ? server.filter((item) => !item.isRead) : server;
    return Response.json({ items, nextCursor: null, unreadCount: server.filter((item) => !item.isRead).length });
  });
});
afterEach(() => {
  for (const toast of toasts) dismissToast(toast.id);
  stopToasts();
  cleanup();
  vi.unstubAllGlobals();
});

/** The header's badge: the bell's own hook, beside the page's. */
function Badge() {
  const notifications = useNotifications();
  return <output data-testid="bell-count">{notifications.unreadCount}</output>;
}

function Where() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderPage(at = "/app/notificacoes") {
  const Stub = createRoutesStub([
    {
      id: "routes/app/layout",
      path: "/app",
      loader: () => ({ user: { timeZone: "Europe/Lisbon" } }),
      Component: () => (
        <>
          <Badge />
          <main id="conteudo" tabIndex={-1}>
            <Outlet />
          </main>
          <Where />
          <Toaster />
        </>
      ),
      children: [{ path: "notificacoes", Component: NotificationsPage }],
    },
  ]);
  renderWithI18n(<Stub initialEntries={[at]} />);
}

const list = () => within(screen.getByTestId("notifications-page"));
const row = (title: string) => list().getByText(title).closest("li")!;

describe("/app/notificacoes", () => {
  it("has the bell's filters, the chosen one kept in the URL (?filter=) so a reload keeps it", async () => {
    renderPage("/app/notificacoes?filter=unread");
    expect((await screen.findByRole("tab", { name: "Não lidas" })).getAttribute("aria-selected")).toBe("true");
    await list().findByText("Pagamento falhou");
    expect(list().queryByText("Bem-vindo")).toBeNull();
    expect(requests.some((r) => r.url.includes("filter=unread"))).toBe(true);

    fireEvent.click(screen.getByRole("tab", { name: "Hoje" }));
    await waitFor(() => expect(screen.getByTestId("search").textContent).toBe("?filter=today"));
    expect(screen.getByRole("tab", { name: "Hoje" }).getAttribute("aria-selected")).toBe("true");
    fireEvent.click(screen.getByRole("tab", { name: "Todas" }));
    await waitFor(() => expect(screen.getByTestId("search").textContent).toBe(""));
    expect(await list().findByText("Bem-vindo")).toBeTruthy();
  });

  it("marks one read, or unread, without opening it: the page and the bell's badge at once", async () => {
    renderPage();
    await screen.findByTestId("notifications-page");
    await list().findByText("Pagamento falhou");
    await waitFor(() => expect(screen.getByTestId("bell-count").textContent).toBe("2"));
    fireEvent.click(list().getByRole("button", { name: "Marcar como lida: Pagamento falhou" }));
    expect(row("Pagamento falhou").dataset.read).toBe("true");
    expect(screen.getByTestId("bell-count").textContent).toBe("1");
    fireEvent.click(list().getByRole("button", { name: "Marcar como não lida: Bem-vindo" }));
    expect(row("Bem-vindo").dataset.read).toBe("false");
    expect(screen.getByTestId("bell-count").textContent).toBe("2");
    await waitFor(() => expect(requests.filter((r) => r.method === "PATCH").map((r) => [r.url, r.body])).toEqual([
      ["/api/v1/notifications/Pagamento falhou", '{"isRead":true}'],
      ["/api/v1/notifications/Bem-vindo", '{"isRead":false}'],
    ]));
    // Not opened: no link followed, still on the page.
    expect(screen.getByTestId("notifications-page")).toBeTruthy();
  });

  it("puts it back as it was when the server refuses the change", async () => {
    patchFails = true;
    renderPage();
    await screen.findByTestId("notifications-page");
    await list().findByText("Pagamento falhou");
    await waitFor(() => expect(screen.getByTestId("bell-count").textContent).toBe("2"));
    fireEvent.click(list().getByRole("button", { name: "Marcar como lida: Pagamento falhou" }));
    expect(screen.getByTestId("bell-count").textContent).toBe("1");
    await waitFor(() => expect(row("Pagamento falhou").dataset.read).toBe("false"));
    expect(screen.getByTestId("bell-count").textContent).toBe("2");
    expect(list().getByRole("button", { name: "Marcar como lida: Pagamento falhou" })).toBeTruthy();
  });

  it("after a delete from the keyboard, 'Anular' has the focus; Enter undoes, and the focus is back on the row", async () => {
    // In a filtered tab too: undo does not empty it while fetching it again.
    renderPage("/app/notificacoes?filter=unread");
    await screen.findByTestId("notifications-page");
    await list().findByText("Lembrete de hoje");
    await waitFor(() => expect(screen.getByTestId("bell-count").textContent).toBe("2"));
    const remove = list().getByRole("button", { name: "Eliminar notificação: Pagamento falhou" });
    remove.focus();
    fireEvent.click(remove);
    const undo = await screen.findByRole("button", { name: "Anular" });
    await waitFor(() => expect(document.activeElement).toBe(undo));
    expect(screen.getByTestId("bell-count").textContent).toBe("1");
    fireEvent.click(undo);
    // Back where it was, with the focus, not at the page's start.
    await waitFor(() => expect(document.activeElement?.closest("li")?.dataset.notificationId).toBe("Pagamento falhou"));
    expect(screen.getByTestId("bell-count").textContent).toBe("2");
    expect(requests.filter((r) => r.method === "DELETE")).toEqual([]);
  });

  it("deleted and left alone: the focus goes from 'Anular' to the next row when the toast leaves, and the DELETE is sent", async () => {
    renderPage();
    await screen.findByTestId("notifications-page");
    await list().findByText("Lembrete de hoje");
    const remove = list().getByRole("button", { name: "Eliminar notificação: Pagamento falhou" });
    remove.focus();
    fireEvent.click(remove);
    const undo = await screen.findByRole("button", { name: "Anular" });
    await waitFor(() => expect(document.activeElement).toBe(undo));
    fireEvent.keyDown(undo, { key: "Escape" });
    await waitFor(() => expect(document.activeElement?.closest("li")?.dataset.notificationId).toBe("Lembrete de hoje"));
    await waitFor(() => expect(requests.filter((r) => r.method === "DELETE").map((r) => r.url)).toEqual(["/api/v1/notifications/Pagamento falhou"]));
    expect(list().queryByText("Pagamento falhou")).toBeNull();
  });
});
