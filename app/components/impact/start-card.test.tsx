// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { DemoCard } from "~/components/impact/start-card";

afterEach(cleanup);

function renderCard(chosen: string[], language: "pt" | "en" = "pt") {
  const Stub = createRoutesStub([{ path: "/app/meu-impacto", Component: () => <DemoCard chosen={chosen} /> }]);
  return renderWithI18n(<Stub initialEntries={["/app/meu-impacto"]} />, language);
}

const links = async () => (await screen.findAllByRole("link")).map((link) => [link.textContent, link.getAttribute("href")]);

describe("the dashboard's first steps", () => {
  it("are the modules chosen at onboarding ('Por onde quer começar?'), in the navigation's order", async () => {
    renderCard(["selfCare", "finances", "tasks"]);
    expect(await screen.findByText("Por onde escolheu começar")).toBeTruthy();
    const shown = await links();
    expect(shown.map(([, href]) => href).sort()).toEqual(["/app/autocuidado", "/app/financas", "/app/tarefas"]);
    expect(shown.find(([, href]) => href === "/app/tarefas")![0]).toContain("Planeie o dia");
    expect(shown.find(([, href]) => href === "/app/financas")![0]).toMatch(/^\d?Abrir /);
  });

  it("are goals, tasks and calendar when nothing was chosen", async () => {
    renderCard([], "en");
    expect(await screen.findByText("Get to know Rumo in three steps")).toBeTruthy();
    expect((await links()).map(([, href]) => href)).toEqual(["/app/objetivos", "/app/tarefas", "/app/calendario"]);
  });
});
