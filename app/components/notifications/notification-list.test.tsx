// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { Outlet, createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import type { RealtimeNotification } from "~/lib/realtime-client";
import { NotificationList } from "./notification-list";
import { aNotification } from "./test-notification";

afterEach(cleanup);

// 23:30 in Lisbon (and UTC), 20:30 in São Paulo.
const notification = aNotification("n1", { title: "Lembrete", createdAt: "2026-12-01T23:30:00.000Z" });

describe("the notification list", () => {
  it("gives the exact moment in the account's time zone, not the browser's", async () => {
    const Stub = createRoutesStub([
      {
        id: "routes/app/layout",
        path: "/app",
        loader: () => ({ user: { timeZone: "America/Sao_Paulo" } }),
        Component: Outlet,
        children: [{ path: "notificacoes", Component: () => <NotificationList items={[notification]} onOpen={() => {}} onRemove={() => {}} onSetRead={() => {}} emptyText="" /> }],
      },
    ]);
    renderWithI18n(<Stub initialEntries={["/app/notificacoes"]} />);
    const time = (await screen.findByTestId("notification-list")).querySelector("time")!;
    expect(time.getAttribute("title")).toContain("20:30");
  });

  it("says which are unread and how urgent (not only by colour), and names each delete button by its notification", async () => {
    renderList([aNotification("n1", { title: "Pagamento falhou", priority: "high" }), aNotification("n2", { title: "Bem-vindo", isRead: true, readAt: "2026-12-01T10:00:00.000Z" })]);
    const unread = await screen.findByRole("button", { name: /^Não lida, prioridade alta\. Pagamento falhou/ });
    expect(unread.textContent).toContain("Não lida, prioridade alta.");
    expect(screen.getByRole("button", { name: /^Bem-vindo/ }).textContent).not.toContain("Não lida");
    expect(screen.getByRole("button", { name: "Eliminar notificação: Pagamento falhou" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Eliminar notificação: Bem-vindo" })).toBeTruthy();
  });

  it("leaves the focus free after a delete (the undo toast's 'Anular' takes it), and gives it back to the next row, the one before, or the empty list", async () => {
    renderList(["Um", "Dois", "Três"].map((title) => aNotification(title, { title })));
    const remove = async (title: string) => {
      const button = await screen.findByRole("button", { name: `Eliminar notificação: ${title}` });
      button.focus();
      await act(async () => void fireEvent.click(button));
      // Not moved to another row: the toaster gives a lost focus to "Anular" (shell/toaster.tsx).
      expect(document.activeElement).toBe(document.body);
      return act(() => returns.at(-1)!(false));
    };
    expect(await remove("Dois")).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: /^Não lida, prioridade média\. Três/ }));
    expect(await remove("Três")).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: /^Não lida, prioridade média\. Um/ }));
    expect(await remove("Um")).toBe(true);
    expect(document.activeElement).toBe(screen.getByText("Sem notificações"));
  });

  it("gives the focus back to a notification whose delete was undone", async () => {
    const view = renderList(["Um", "Dois"].map((title) => aNotification(title, { title })));
    const button = await screen.findByRole("button", { name: "Eliminar notificação: Um" });
    await act(async () => void fireEvent.click(button));
    await act(async () => restore!());
    act(() => void returns.at(-1)!(true));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: /^Não lida, prioridade média\. Um/ }));
    // Nowhere to go once the list has gone (the bell's panel closed): the toaster's fallback.
    view.unmount();
    expect(returns.at(-1)!(true)).toBe(false);
  });

  it("waits for an undone notification that comes back a render after the toast leaves (the bell), rather than focusing the next one", async () => {
    renderList(["Um", "Dois"].map((title) => aNotification(title, { title })));
    const button = await screen.findByRole("button", { name: "Eliminar notificação: Um" });
    button.focus();
    await act(async () => void fireEvent.click(button));
    let handled = false;
    act(() => void (handled = returns.at(-1)!(true)));
    expect(handled).toBe(true);
    expect(document.activeElement).toBe(document.body);
    await act(async () => restore!());
    expect(document.activeElement).toBe(screen.getByRole("button", { name: /^Não lida, prioridade média\. Um/ }));
  });

  it("marks one read or unread from its own button, named by its notification, without opening it", async () => {
    const opened: string[] = [];
    const changes: [string, boolean][] = [];
    renderList([aNotification("n1", { title: "Pagamento falhou" }), aNotification("n2", { title: "Bem-vindo", isRead: true })], {
      onOpen: (n) => opened.push(n.id),
      onSetRead: (n, isRead) => changes.push([n.id, isRead]),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Marcar como lida: Pagamento falhou" }));
    fireEvent.click(screen.getByRole("button", { name: "Marcar como não lida: Bem-vindo" }));
    expect(changes).toEqual([
      ["n1", true],
      ["n2", false],
    ]);
    expect(opened).toEqual([]);
  });
});

/** What the list handed to each delete: its way back for the focus. */
let returns: ((undone: boolean) => boolean)[] = [];
let restore: (() => void) | null = null;

/** The list as the bell and the page use it: a delete takes the notification out at once (and `restore` puts the last one back). */
function renderList(initial: RealtimeNotification[], handlers: Partial<Pick<Parameters<typeof NotificationList>[0], "onOpen" | "onSetRead">> = {}) {
  returns = [];
  function Harness() {
    const [items, setItems] = useState(initial);
    return (
      <NotificationList
        items={items}
        onOpen={handlers.onOpen ?? (() => {})}
        onSetRead={handlers.onSetRead ?? (() => {})}
        onRemove={(id, returnFocus) => {
          returns.push(returnFocus);
          const before = items;
          restore = () => setItems(before);
          setItems((list) => list.filter((n) => n.id !== id));
        }}
        emptyText="Sem notificações"
      />
    );
  }
  const Stub = createRoutesStub([{ id: "routes/app/layout", path: "/app", loader: () => ({ user: { timeZone: "Europe/Lisbon" } }), Component: Outlet, children: [{ path: "notificacoes", Component: Harness }] }]);
  return renderWithI18n(<Stub initialEntries={["/app/notificacoes"]} />);
}
