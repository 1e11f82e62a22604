// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { createRoutesStub, Link, Outlet } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { NavigationProgress } from "./navigation-progress";

afterEach(cleanup);

describe("the navigation progress", () => {
  it("is one status region that stays, whose text changes while a page loads (announced), and none on a static page", async () => {
    let arrive = () => {};
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <>
            <NavigationProgress />
            <Outlet />
          </>
        ),
        children: [
          { path: "app/tarefas", Component: () => <Link to="/app/objetivos">Objetivos</Link> },
          { path: "app/objetivos", loader: () => new Promise<null>((resolve) => (arrive = () => resolve(null))), Component: () => <h1>Objetivos</h1> },
          { path: "privacy", handle: { hydrate: false }, Component: () => <h1>Privacidade</h1> },
        ],
      },
    ]);
    const { unmount } = renderWithI18n(<Stub initialEntries={["/app/tarefas"]} />);
    const region = await screen.findByRole("status");
    expect(region.textContent).toBe("");
    await act(async () => void fireEvent.click(screen.getByRole("link", { name: "Objetivos" })));
    expect(screen.getByRole("status")).toBe(region);
    expect(region.textContent).toBe("Verificando autenticação...");
    await act(async () => arrive());
    await screen.findByRole("heading", { name: "Objetivos" });
    expect(screen.getByRole("status")).toBe(region);
    expect(region.textContent).toBe("");
    unmount();

    renderWithI18n(<Stub initialEntries={["/privacy"]} />);
    await screen.findByRole("heading", { name: "Privacidade" });
    expect(screen.queryByRole("status")).toBeNull();
  });
});
