// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { Outlet, createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import type { Routine } from "./routine-form";

// The route module's loader reaches the Worker; the screen under test never calls it.
vi.mock("~/lib/auth.server", () => ({ requireUser: vi.fn() }));
vi.mock("@worker/db/client", () => ({ database: vi.fn() }));
vi.mock("@worker/modules/selfCare/queries", () => ({ listRoutinesRead: vi.fn(), checkInsBetweenRead: vi.fn() }));
vi.mock("~/lib/use-entity-changes", () => ({ useEntityChanges: () => undefined }));

const { default: SelfCareScreen } = await import("./routes/self-care");

const routine = (id: string, title: string): Routine => ({
  id,
  title,
  category: "movement",
  description: "",
  frequency: "daily",
  weekdays: [],
  durationMinutes: 20,
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
  streakDays: 0,
  longestStreakDays: 0,
  scheduledToday: true,
  checkedInToday: false,
  recentCheckIns: [],
});

beforeEach(() => {
  // Saving a routine (PATCH /routines/:id, or POST /routines for a new one): the API answers with it.
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? "{}")) as { title?: string };
      const id = /\/routines\/([^/?]+)$/.exec(String(input))?.[1] ?? "r9";
      return new Response(JSON.stringify({ routine: routine(id, body.title ?? "") }), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSelfCare(routines: Routine[]) {
  const Stub = createRoutesStub([
    {
      id: "routes/app/layout",
      path: "/app",
      loader: () => ({ entitlements: ["selfCare"] }),
      Component: Outlet,
      children: [{ path: "autocuidado", loader: () => ({ routines, history: [], today: "2026-11-10", timeZone: "Europe/Lisbon" }), Component: SelfCareScreen }],
    },
  ]);
  renderWithI18n(<Stub initialEntries={["/app/autocuidado"]} />);
}

describe("the routine form's focus", () => {
  it("goes back to the routine's 'Editar' when its form is cancelled", async () => {
    renderSelfCare([routine("r1", "Caminhada"), routine("r2", "Alongar")]);
    fireEvent.click(await screen.findByRole("button", { name: "Editar «Alongar»" }));
    fireEvent.click(await screen.findByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Cancelar" })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Editar «Alongar»" }));
  });

  it("goes back to the routine's 'Editar' when its changes are saved", async () => {
    renderSelfCare([routine("r1", "Caminhada")]);
    fireEvent.click(await screen.findByRole("button", { name: "Editar «Caminhada»" }));
    fireEvent.change(await screen.findByLabelText("Título"), { target: { value: "Caminhada longa" } });
    fireEvent.submit(screen.getByRole("form"));
    await waitFor(() => expect(screen.queryByRole("form")).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Editar «Caminhada longa»" }));
  });

  it("goes back to 'Nova rotina' after a new routine is saved, and after the first one is cancelled", async () => {
    renderSelfCare([routine("r1", "Caminhada")]);
    fireEvent.click(await screen.findByRole("button", { name: "Nova rotina" }));
    fireEvent.change(await screen.findByLabelText("Título"), { target: { value: "Beber água" } });
    fireEvent.submit(screen.getByRole("form"));
    await screen.findByRole("button", { name: "Editar «Beber água»" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Nova rotina" }));
    cleanup();

    renderSelfCare([]);
    fireEvent.click(await screen.findByRole("button", { name: "Nova rotina" }));
    fireEvent.click(await screen.findByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Cancelar" })).toBeNull());
    // The empty state's button, the one that opened the form.
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Nova rotina" }));
  });
});
