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
        children: [{ path: "notificacoes", Component: () => <NotificationList items={[notification]} onOpen={() => {}} onRemove={() => {}} emptyText="" /> }],
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

  it("after a delete the focus goes to the next notification, else the one before, else the empty list", async () => {
    renderList(["Um", "Dois", "Três"].map((title) => aNotification(title, { title })));
    const remove = async (title: string) => {
      const button = await screen.findByRole("button", { name: `Eliminar notificação: ${title}` });
      button.focus();
      await act(async () => void fireEvent.click(button));
    };
    await remove("Dois");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: /^Não lida, prioridade média\. Três/ }));
    await remove("Três");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: /^Não lida, prioridade média\. Um/ }));
    await remove("Um");
    expect(document.activeElement).toBe(screen.getByText("Sem notificações"));
  });
});

/** The list as the bell and the page use it: a delete takes the notification out at once. */
function renderList(initial: RealtimeNotification[]) {
  function Harness() {
    const [items, setItems] = useState(initial);
    return <NotificationList items={items} onOpen={() => {}} onRemove={(id) => setItems((list) => list.filter((n) => n.id !== id))} emptyText="Sem notificações" />;
  }
  const Stub = createRoutesStub([{ id: "routes/app/layout", path: "/app", loader: () => ({ user: { timeZone: "Europe/Lisbon" } }), Component: Outlet, children: [{ path: "notificacoes", Component: Harness }] }]);
  return renderWithI18n(<Stub initialEntries={["/app/notificacoes"]} />);
}
