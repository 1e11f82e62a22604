// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { Outlet, createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { flushPendingDeletes } from "~/components/ui/undo";
import { renderWithI18n } from "~/components/ui/test-utils";
import type { OfflineWrite } from "~/lib/offline/write";

// The route module's server half (loader) reaches the Worker; the screen under test never calls it.
vi.mock("~/lib/auth.server", () => ({ requireUser: vi.fn() }));
vi.mock("@worker/db/client", () => ({ database: vi.fn() }));
vi.mock("@worker/modules/diary/queries", () => ({ entryOr404: vi.fn(), listEntries: vi.fn(), publicEntry: vi.fn() }));
vi.mock("~/lib/use-entity-changes", () => ({ useEntityChanges: () => undefined }));
vi.mock("~/components/offline/queued-changes", () => ({ QueuedChanges: () => null }));
vi.mock("~/lib/api", async (original) => ({
  ...(await original<typeof import("~/lib/api")>()),
  apiFetch: vi.fn(async () => ({ ok: true, status: 204, data: null })),
}));
const writes: OfflineWrite[] = [];
vi.mock("~/lib/offline/write", async (original) => ({
  ...(await original<typeof import("~/lib/offline/write")>()),
  writeOrQueue: vi.fn(async (write: OfflineWrite) => {
    writes.push(write);
    const id = write.method === "POST" ? "new-entry" : write.path.split("/").pop();
    return { ok: true, status: 200, data: { entry: { id, ...write.body } } };
  }),
}));

const { default: DiaryScreen } = await import("./routes/diary");

const entryA = { id: "entry-a", title: "Manhã", content: "Texto antigo", mood: 3, emotions: [], date: "2026-03-10", draft: false, createdAt: "2026-03-10T09:00:00.000Z", updatedAt: "2026-03-10T09:00:00.000Z" };
const entryB = { ...entryA, id: "entry-b", title: "Tarde", content: "Outro dia", date: "2026-03-09" };

function renderDiary() {
  const Stub = createRoutesStub([
    {
      id: "routes/app/layout",
      path: "/app",
      loader: () => ({ entitlements: ["diary", "aiInsights"] }),
      Component: Outlet,
      children: [{ path: "diario", loader: () => ({ entries: [entryA, entryB], nextCursor: null, focus: null, today: "2026-03-12" }), Component: DiaryScreen }],
    },
  ]);
  renderWithI18n(<Stub initialEntries={["/app/diario"]} />);
}

const content = () => screen.getByLabelText<HTMLTextAreaElement>("O que aconteceu, o que sentiu", { exact: false });
const editButtons = () => screen.getAllByRole("button", { name: "Editar" });

beforeEach(() => {
  writes.length = 0;
});
afterEach(cleanup);

describe("the diary's writer", () => {
  it("keeps an edited entry's text when the user looks at the list and comes back, and never stores the older copy", async () => {
    renderDiary();
    fireEvent.click(await screen.findByRole("tab", { name: "Entradas" }));
    fireEvent.click(editButtons()[0]);
    fireEvent.change(content(), { target: { value: "Texto novo" } });
    await waitFor(() => expect(writes).toHaveLength(1), { timeout: 2000 });
    expect(writes[0]).toMatchObject({ method: "PATCH", path: "/diary/entry-a", body: { content: "Texto novo" } });

    fireEvent.click(screen.getByRole("tab", { name: "Entradas" }));
    fireEvent.click(screen.getByRole("tab", { name: "Escrever" }));
    expect(content().value).toBe("Texto novo");

    // A later change sends the text the user wrote, not the one the list had.
    fireEvent.change(screen.getByLabelText("Título"), { target: { value: "Manhã calma" } });
    await waitFor(() => expect(writes).toHaveLength(2), { timeout: 2000 });
    expect(writes[1].body).toMatchObject({ title: "Manhã calma", content: "Texto novo" });
  });

  it("stores the last words typed when the user opens another entry before the autosave pause ends", async () => {
    renderDiary();
    fireEvent.change(await screen.findByLabelText("O que aconteceu, o que sentiu", { exact: false }), { target: { value: "Acabei de escrever isto" } });
    fireEvent.click(screen.getByRole("tab", { name: "Entradas" }));
    fireEvent.click(editButtons()[1]);
    await waitFor(() => expect(writes).toHaveLength(1), { timeout: 2000 });
    expect(writes[0]).toMatchObject({ method: "POST", body: { content: "Acabei de escrever isto", draft: true } });
    expect(content().value).toBe("Outro dia");
  });

  it("starts afresh once the entry it holds is deleted from the list, instead of saving into nothing", async () => {
    renderDiary();
    fireEvent.click(await screen.findByRole("tab", { name: "Entradas" }));
    fireEvent.click(editButtons()[0]);
    fireEvent.click(screen.getByRole("tab", { name: "Entradas" }));
    fireEvent.click(screen.getAllByRole("button", { name: "Eliminar" })[0]);
    flushPendingDeletes();
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Eliminar" })).toHaveLength(1));
    fireEvent.click(screen.getByRole("tab", { name: "Escrever" }));
    await waitFor(() => expect(content().value).toBe(""));
    expect(screen.getByRole("heading", { name: "Nova entrada" })).toBeTruthy();
  });
});
