// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { Outlet, createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { TasksLoadError } from "./load-error";

afterEach(cleanup);

/** /app/tarefas under a stand-in app shell whose own boundary plays the root's error page; the loader fails the first time. */
function renderFailingScreen(language: "pt" | "en" = "pt") {
  let calls = 0;
  const Stub = createRoutesStub([
    {
      path: "/app",
      Component: () => (
        <div>
          <nav>menu da aplicação</nav>
          <Outlet />
        </div>
      ),
      ErrorBoundary: () => <p>página de erro da raiz</p>,
      children: [
        {
          path: "tarefas",
          loader: () => {
            calls += 1;
            if (calls === 1) throw new Error("D1 em baixo");
            return null;
          },
          Component: () => <p>lista de tarefas</p>,
          ErrorBoundary: TasksLoadError,
        },
      ],
    },
  ]);
  renderWithI18n(<Stub initialEntries={["/app/tarefas"]} />, language);
}

describe("the tasks screen's error boundary", () => {
  it("is the route's ErrorBoundary", () => {
    // The route module cannot be imported here (it reaches the Worker's Durable Objects): its source says it.
    expect(readFileSync(join(import.meta.dirname, "routes/tasks.tsx"), "utf8")).toMatch(/export function ErrorBoundary\(\) \{\n\s+return <TasksLoadError \/>;/);
  });

  it("keeps the app shell when the loader fails, says so in the screen's words, and retries in place", async () => {
    renderFailingScreen();
    expect(await screen.findByText("Não foi possível carregar as tarefas.")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Tarefas");
    expect(screen.getByText("menu da aplicação")).toBeTruthy();
    expect(screen.queryByText("página de erro da raiz")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Tentar novamente" }));
    expect(await screen.findByText("lista de tarefas")).toBeTruthy();
    expect(screen.queryByText("Não foi possível carregar as tarefas.")).toBeNull();
  });

  it("reads in English for an English account", async () => {
    renderFailingScreen("en");
    expect(await screen.findByText("Could not load the tasks.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
