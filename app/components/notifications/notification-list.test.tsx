// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { Outlet, createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
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
});
