// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import type { ComponentType } from "react";
import { Outlet, createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { SelfCareLoadError } from "~/modules/selfCare/load-error";
import { TasksLoadError } from "~/modules/tasks/load-error";

afterEach(cleanup);

/** The screens whose route ErrorBoundary is a ScreenLoadError in the screen's words. */
const SCREENS: { name: string; segment: string; route: string; Boundary: ComponentType; title: string; pt: string; en: string }[] = [
  { name: "TasksLoadError", segment: "tarefas", route: "modules/tasks/routes/tasks.tsx", Boundary: TasksLoadError, title: "Tarefas", pt: "Não foi possível carregar as tarefas.", en: "Could not load the tasks." },
  { name: "SelfCareLoadError", segment: "autocuidado", route: "modules/selfCare/routes/self-care.tsx", Boundary: SelfCareLoadError, title: "Autocuidado", pt: "Não foi possível carregar as rotinas.", en: "The routines could not be loaded." },
];

/** The screen under a stand-in app shell whose own boundary plays the root's error page; the loader fails the first time. */
function renderFailingScreen({ segment, Boundary }: (typeof SCREENS)[number], language: "pt" | "en" = "pt") {
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
          path: segment,
          loader: () => {
            calls += 1;
            if (calls === 1) throw new Error("D1 em baixo");
            return null;
          },
          Component: () => <p>o ecrã</p>,
          ErrorBoundary: Boundary,
        },
      ],
    },
  ]);
  renderWithI18n(<Stub initialEntries={[`/app/${segment}`]} />, language);
}

describe.each(SCREENS)("the $segment screen's error boundary ($name)", (screenCase) => {
  it("is the route's ErrorBoundary", () => {
    // The route module cannot be imported here (it reaches the Worker's Durable Objects): its source says it.
    const source = readFileSync(join(import.meta.dirname, "../..", screenCase.route), "utf8");
    expect(source).toMatch(new RegExp(`export function ErrorBoundary\\(\\) \\{\\n\\s+return <${screenCase.name} />;`));
  });

  it("keeps the app shell when the loader fails, says so in the screen's words, and retries in place", async () => {
    renderFailingScreen(screenCase);
    expect(await screen.findByText(screenCase.pt)).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(screenCase.title);
    expect(screen.getByText("menu da aplicação")).toBeTruthy();
    expect(screen.queryByText("página de erro da raiz")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Tentar novamente" }));
    expect(await screen.findByText("o ecrã")).toBeTruthy();
    expect(screen.queryByText(screenCase.pt)).toBeNull();
  });

  it("reads in English for an English account", async () => {
    renderFailingScreen(screenCase, "en");
    expect(await screen.findByText(screenCase.en)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
