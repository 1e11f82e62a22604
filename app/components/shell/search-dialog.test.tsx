// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { Outlet, createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { SearchDialog } from "./search-dialog";

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** The search, open, inside the signed-in layout of `userId`. */
function openSearch(userId: string) {
  const Stub = createRoutesStub([
    {
      id: "routes/app/layout",
      path: "/app",
      loader: () => ({ user: { id: userId }, hideFinanceValues: false }),
      Component: Outlet,
      children: [
        { path: "tarefas", Component: () => <SearchDialog open onClose={() => undefined} /> },
        { path: "financas", Component: () => <p>Ecrã das finanças</p> },
      ],
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

const rent = { id: "t1", type: "transaction", module: "finances", title: "Renda", description: "2026-12-01", url: "/app/financas?edit=t1", metadata: { date: "2026-12-01", amountCents: -65_000 } };

/** The search API answering `items`, each answer held until `release` when given. */
function searchAnswers(items: unknown[], held?: Promise<void>) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => {
      await held;
      return Response.json({ items });
    }),
  );
}

describe("the search's results", () => {
  it("say a result's day in words, not as the API's ISO date", async () => {
    searchAnswers([rent]);
    openSearch("ana");
    fireEvent.change(await screen.findByRole("combobox"), { target: { value: "renda" } });
    expect(await screen.findByText(/^1 de dezembro de 2026 · /)).toBeTruthy();
    expect(screen.queryByText(/2026-12-01/)).toBeNull();
  });

  it("open the first result when Enter was pressed before the results came", async () => {
    let release = () => undefined as void;
    searchAnswers([rent], new Promise<void>((resolve) => (release = resolve)));
    openSearch("ana");
    const box = await screen.findByRole("combobox");
    fireEvent.change(box, { target: { value: "renda" } });
    fireEvent.keyDown(box, { key: "Enter" });
    release();
    expect(await screen.findByText("Ecrã das finanças")).toBeTruthy();
  });
});
