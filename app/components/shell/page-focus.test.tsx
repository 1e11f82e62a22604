// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { createRoutesStub, Link, Outlet, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { DesktopShell, MobileShell, SkipToContent } from "./app-shell";
import { useFocusOnPageChange } from "./page-focus";

afterEach(cleanup);

const user = { fullName: "Ana", email: "ana@example.com", provider: "email" as const };

/** The app's layout as far as the focus goes: the shell around the screen, the hook at the layout. */
function Layout({ mobile = false }: { mobile?: boolean }) {
  useFocusOnPageChange(useLocation().pathname);
  const Shell = mobile ? MobileShell : DesktopShell;
  return (
    <>
      <SkipToContent />
      <Shell user={user} entitlements={[]} onSearch={() => {}} sidebarOpen>
        <Outlet />
      </Shell>
    </>
  );
}

function renderApp({ mobile = false } = {}) {
  const Stub = createRoutesStub([
    {
      path: "/app",
      Component: () => <Layout mobile={mobile} />,
      children: [
        {
          path: "tarefas",
          Component: () => (
            <>
              <h1>Tarefas</h1>
              <Link to="/app/tarefas?vista=semana">Semana</Link>
              <Link to="/app/objetivos">Ir aos objetivos</Link>
            </>
          ),
        },
        {
          path: "objetivos",
          Component: () => (
            <>
              <h1>Objetivos</h1>
              <Link to="/app/sem-titulo">Sem título</Link>
              <Link to="/app/nova">Nova nota</Link>
            </>
          ),
        },
        {
          path: "sem-titulo",
          Component: () => (
            <>
              <p>Nada</p>
              <Link to="/app/objetivos">Voltar aos objetivos</Link>
            </>
          ),
        },
        // A page that puts the focus in a field of its own keeps it there.
        { path: "nova", Component: () => <input aria-label="Título da nota" autoFocus /> },
      ],
    },
  ]);
  renderWithI18n(
    <StrictMode>
      <Stub initialEntries={["/app/tarefas"]} />
    </StrictMode>,
  );
}

describe("the app shell's focus on a page change", () => {
  it("leaves the first load alone, moves the focus to the new page's heading on a client-side navigation, not on a search change", async () => {
    renderApp();
    const week = await screen.findByRole("link", { name: "Semana" });
    expect(document.activeElement).toBe(document.body);
    week.focus();
    await act(async () => void fireEvent.click(week));
    expect(document.activeElement).toBe(week);
    await act(async () => void fireEvent.click(screen.getByRole("link", { name: "Ir aos objetivos" })));
    const heading = await screen.findByRole("heading", { name: "Objetivos" });
    expect(document.activeElement).toBe(heading);
    // Focusable from a script only: it is no Tab stop.
    expect(heading.getAttribute("tabindex")).toBe("-1");
    // A page without a heading: its main.
    await act(async () => void fireEvent.click(screen.getByRole("link", { name: "Sem título" })));
    await screen.findByText("Nada");
    expect(document.activeElement).toBe(document.getElementById("conteudo"));
    await act(async () => void fireEvent.click(screen.getByRole("link", { name: "Voltar aos objetivos" })));
    await act(async () => void fireEvent.click(await screen.findByRole("link", { name: "Nova nota" })));
    expect(document.activeElement).toBe(await screen.findByRole("textbox", { name: "Título da nota" }));
  });

  it("has a skip link to the main content, which takes the focus", async () => {
    renderApp({ mobile: true });
    const skip = await screen.findByRole("link", { name: "Saltar para o conteúdo" });
    expect(skip.getAttribute("href")).toBe("#conteudo");
    fireEvent.click(skip);
    expect(document.activeElement).toBe(document.getElementById("conteudo"));
    expect(document.activeElement?.tagName).toBe("MAIN");
  });
});
