// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { Outlet, createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { SearchDialog } from "./search-dialog";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** The search, open, inside the signed-in layout of `userId`. */
function openSearch(userId: string) {
  const Stub = createRoutesStub([
    {
      id: "routes/app/layout",
      path: "/app",
      loader: () => ({ user: { id: userId }, hideFinanceValues: false }),
      Component: Outlet,
      children: [{ path: "tarefas", Component: () => <SearchDialog open onClose={() => undefined} /> }],
    },
  ]);
  renderWithI18n(<Stub initialEntries={["/app/tarefas"]} />);
}

describe("the search's recent searches", () => {
  it("are the signed-in user's own: the last person's on this browser are not shown", async () => {
    localStorage.setItem("rumo-recent-searches:rui", JSON.stringify(["terapia"]));
    // Left by the version that kept one list for everyone.
    localStorage.setItem("rumo-recent-searches", JSON.stringify(["consulta"]));
    openSearch("ana");
    expect(await screen.findByText("Experimente pesquisar")).toBeTruthy();
    expect(screen.queryByText("Pesquisas recentes")).toBeNull();
    expect(screen.queryByRole("button", { name: "terapia" })).toBeNull();
    expect(screen.queryByRole("button", { name: "consulta" })).toBeNull();
  });

  it("are shown to the user who made them", async () => {
    localStorage.setItem("rumo-recent-searches:ana", JSON.stringify(["orçamento"]));
    openSearch("ana");
    expect(await screen.findByText("Pesquisas recentes")).toBeTruthy();
    expect(screen.getByRole("button", { name: "orçamento" })).toBeTruthy();
  });
});
