// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub, useRevalidator } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { undos } from "~/components/ui/undo.test-utils";
import { renderWithI18n } from "~/components/ui/test-utils";
import type { PublicGoal } from "@worker/modules/goals/queries";

// The route module's server half (loader) reaches the Worker; the screen under test never calls it.
// A change elsewhere is what useEntityChanges turns into a revalidation: here the test makes one.
const changed = vi.hoisted(() => ({ elsewhere: () => {} }));
vi.mock("~/lib/auth.server", () => ({ requireUser: vi.fn() }));
vi.mock("~/lib/use-entity-changes", () => ({
  useEntityChanges: () => {
    const { revalidate } = useRevalidator();
    changed.elsewhere = () => void revalidate();
  },
}));
vi.mock("@worker/db/client", () => ({ database: vi.fn() }));
// The undo toast's delete, kept to send it at once (the real one waits for the undo window).
vi.mock("~/components/ui/undo", () => import("~/components/ui/undo.test-utils"));

const { default: GoalsScreen } = await import("./routes/goals");

const goalOf = (n: number): PublicGoal => ({
  id: `g${n}`,
  title: `Objetivo ${n}`,
  description: "",
  deadline: null,
  progress: 0,
  status: "pending",
  completedAt: null,
  createdAt: "2026-06-01T09:00:00.000Z",
  updatedAt: "2026-06-01T09:00:00.000Z",
  milestones: [],
});

/** The answers of the API by request path and query; a DELETE answers `deleteStatus`. */
let pages: Record<string, { items: PublicGoal[]; nextCursor: string | null }>;
let deleteStatus: number;
beforeEach(() => {
  pages = {};
  undos.length = 0;
  deleteStatus = 204;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === "DELETE") return deleteStatus === 204 ? new Response(null, { status: 204 }) : Response.json({ error: { code: "not_found", message: "" } }, { status: deleteStatus });
      const page = pages[String(input)];
      return page ? Response.json(page) : Response.json({ error: { code: "not_found", message: "" } }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type FirstPage = { items: PublicGoal[]; nextCursor: string | null };
function renderGoals(first: () => FirstPage) {
  const Stub = createRoutesStub([
    {
      path: "/app/objetivos",
      loader: () => ({ title: "Objetivos", status: null, focusId: null, today: "2026-11-24", timeZone: "Europe/Lisbon", ...first() }),
      Component: GoalsScreen,
    },
  ]);
  renderWithI18n(<Stub initialEntries={["/app/objetivos"]} />);
}

const shownTitles = () => screen.getAllByTestId("goal-card").map((card) => card.querySelector("h3")?.textContent);

describe("the goals screen's list", () => {
  it("keeps the goals 'Carregar mais' brought when a change elsewhere reloads the first page", async () => {
    let first: FirstPage = { items: [goalOf(1), goalOf(2)], nextCursor: "after-2" };
    renderGoals(() => first);
    pages["/api/v1/goals?limit=50&cursor=after-2"] = { items: [goalOf(3), goalOf(4)], nextCursor: null };
    fireEvent.click(await screen.findByRole("button", { name: "Carregar mais" }));
    expect(await screen.findByText("Objetivo 4")).toBeTruthy();

    // Goal 1 is deleted on another device: the first page now ends at goal 3, and the rest is read again after it.
    first = { items: [goalOf(2), goalOf(3)], nextCursor: "after-3" };
    pages["/api/v1/goals?limit=2&cursor=after-3"] = { items: [goalOf(4)], nextCursor: null };
    act(() => changed.elsewhere());
    await waitFor(() => expect(screen.queryByText("Objetivo 1")).toBeNull());
    await waitFor(() => expect(shownTitles()).toEqual(["Objetivo 2", "Objetivo 3", "Objetivo 4"]));
    expect(screen.queryByRole("button", { name: "Carregar mais" })).toBeNull();
  });

  it("calls a goal already deleted on another device deleted, not a failure", async () => {
    renderGoals(() => ({ items: [goalOf(1)], nextCursor: null }));
    const card = (await screen.findByText("Objetivo 1")).closest("article")!;
    fireEvent.click(within(card).getByRole("button", { name: "Eliminar" }));
    deleteStatus = 404;
    await expect(undos[0].commit()).resolves.toBe(true);
    deleteStatus = 500;
    await expect(undos[0].commit()).resolves.toBe(false);
  });
});
