// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Outlet, createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { undos } from "~/components/ui/undo.test-utils";
import type { OfflineWrite } from "~/lib/offline/write";
import { olderAfterRefresh } from "./entry-pages";

// The route module's server half (loader) reaches the Worker; the screen under test never calls it.
vi.mock("~/lib/auth.server", () => ({ requireUser: vi.fn() }));
vi.mock("@worker/db/client", () => ({ database: vi.fn() }));
vi.mock("@worker/modules/diary/queries", () => ({ entryOr404: vi.fn(), listEntries: vi.fn(), publicEntry: vi.fn() }));
vi.mock("~/lib/use-entity-changes", () => ({ useEntityChanges: () => undefined }));
vi.mock("~/components/offline/queued-changes", () => ({ QueuedChanges: () => null }));
// The undo toast's delete, kept to send it at once (the real one waits for the undo window).
vi.mock("~/components/ui/undo", () => import("~/components/ui/undo.test-utils"));
let deleteStatus = 204;

const entry = (id: string, title: string, date: string) => ({
  id,
  title,
  content: `Texto de ${title}`,
  mood: 3,
  emotions: [],
  date,
  draft: false,
  createdAt: `${date}T09:00:00.000Z`,
  updatedAt: `${date}T09:00:00.000Z`,
});
const entryA = entry("entry-a", "Manhã", "2026-03-10");
const entryB = entry("entry-b", "Tarde", "2026-03-09");
const entryC = entry("entry-c", "Semana passada", "2026-03-05");
const entryD = entry("entry-d", "Dia antigo", "2026-03-04");

vi.mock("~/lib/api", async (original) => ({
  ...(await original<typeof import("~/lib/api")>()),
  // "Carregar mais" after the first page: the last page of the list.
  apiFetch: vi.fn(async (path: string, init?: { method?: string }) =>
    init?.method === "DELETE"
      ? { ok: deleteStatus < 300, status: deleteStatus, data: null }
      : path === "/diary?limit=30&cursor=page-2"
        ? { ok: true, status: 200, data: { items: [entryC, entryD], nextCursor: null } }
        : path === "/diary?limit=30&cursor=page-b"
          ? { ok: true, status: 200, data: { items: [entryB], nextCursor: "page-2" } }
          : { ok: true, status: 204, data: null },
  ),
}));
vi.mock("~/lib/offline/write", async (original) => ({
  ...(await original<typeof import("~/lib/offline/write")>()),
  writeOrQueue: vi.fn(async (write: OfflineWrite) => {
    // A delete goes through the offline queue's write too (0108 "Revised"): answered with deleteStatus.
    if (write.method === "DELETE") return deleteStatus < 300 ? { ok: true, status: deleteStatus, data: null } : { ok: false, status: deleteStatus, error: { code: "unknown", message: "" } };
    const id = write.path.split("/").pop()!;
    const stored = [entryA, entryB, entryC, entryD].find((e) => e.id === id)!;
    return { ok: true, status: 200, data: { entry: { ...stored, ...write.body } } };
  }),
}));

const { default: DiaryScreen } = await import("./routes/diary");

let firstPages: { entries: ReturnType<typeof entry>[]; nextCursor: string | null }[] = [];
let loads = 0;

function renderDiary() {
  const Stub = createRoutesStub([
    {
      id: "routes/app/layout",
      path: "/app",
      loader: () => ({ entitlements: ["diary"], user: { timeZone: "Europe/Lisbon" } }),
      Component: Outlet,
      children: [
        {
          path: "diario",
          loader: () => ({ ...firstPages[Math.min(loads++, firstPages.length - 1)], focus: null, today: "2026-03-12" }),
          Component: DiaryScreen,
        },
      ],
    },
  ]);
  renderWithI18n(<Stub initialEntries={["/app/diario"]} />);
}

const titles = () => within(screen.getByTestId("diary-entries")).getAllByRole("heading", { level: 3 }).map((h) => h.textContent);

beforeEach(() => {
  loads = 0;
  undos.length = 0;
  deleteStatus = 204;
});
afterEach(cleanup);

describe("the diary's list of entries", () => {
  it("keeps the older pages loaded with 'Carregar mais' when the first page is loaded again after an edit", async () => {
    firstPages = [
      { entries: [entryA, entryB], nextCursor: "page-2" },
      // Loaded again after the save: the morning entry renamed and the afternoon one deleted on another device.
      { entries: [{ ...entryA, title: "Manhã calma" }, entryC], nextCursor: "page-after-c" },
    ];
    renderDiary();
    fireEvent.click(await screen.findByRole("tab", { name: "Entradas" }));
    fireEvent.click(screen.getByRole("button", { name: "Carregar mais" }));
    await waitFor(() => expect(titles()).toEqual(["Manhã", "Tarde", "Semana passada", "Dia antigo"]));

    // An older entry edited and saved: the screen goes back to the list and reloads its first page.
    fireEvent.click(screen.getAllByRole("button", { name: "Editar" })[3]);
    fireEvent.change(screen.getByLabelText("Título"), { target: { value: "Dia antigo revisto" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar entrada" }));
    await waitFor(() => expect(loads).toBe(2));

    await waitFor(() => expect(titles()).toEqual(["Manhã calma", "Semana passada", "Dia antigo revisto"]));
    // The pages loaded reached the end of the list: nothing more to load.
    expect(screen.queryByRole("button", { name: "Carregar mais" })).toBeNull();
  });
});

describe("'Carregar mais' with a keyboard and a screen reader", () => {
  it("moves focus to the first entry it brought and says how many came, also once the button is gone", async () => {
    firstPages = [{ entries: [entryA], nextCursor: "page-b" }];
    renderDiary();
    fireEvent.click(await screen.findByRole("tab", { name: "Entradas" }));
    const status = within(screen.getByRole("tabpanel", { name: "Entradas" })).getByRole("status");
    const list = screen.getByTestId("diary-entries");
    fireEvent.click(screen.getByRole("button", { name: "Carregar mais" }));
    await waitFor(() => expect(document.activeElement).toBe(within(list).getByRole("heading", { name: "Tarde" })));
    expect(status.textContent).toBe("1 entrada carregada");
    // The last page: the button goes, and focus does not go with it.
    fireEvent.click(screen.getByRole("button", { name: "Carregar mais" }));
    await waitFor(() => expect(document.activeElement).toBe(within(list).getByRole("heading", { name: "Semana passada" })));
    expect(screen.queryByRole("button", { name: "Carregar mais" })).toBeNull();
    expect(status.textContent).toBe("2 entradas carregadas");
  });
});

describe("deleting an entry", () => {
  it("counts an entry already deleted on another device (404) as deleted, and a failure as a failure", async () => {
    firstPages = [{ entries: [entryA, entryB], nextCursor: null }];
    renderDiary();
    fireEvent.click(await screen.findByRole("tab", { name: "Entradas" }));
    fireEvent.click(screen.getAllByRole("button", { name: /Eliminar/ })[0]);
    await waitFor(() => expect(titles()).toEqual(["Tarde"]));
    deleteStatus = 404;
    await expect(undos[0].commit()).resolves.toBe(true);
    deleteStatus = 500;
    await expect(undos[0].commit()).resolves.toBe(false);
  });

  it("keeps an entry whose delete waits in the undo window out of the list after a look at another tab, and 'Anular' brings it back", async () => {
    firstPages = [{ entries: [entryA, entryB], nextCursor: null }];
    renderDiary();
    fireEvent.click(await screen.findByRole("tab", { name: "Entradas" }));
    fireEvent.click(screen.getAllByRole("button", { name: /Eliminar/ })[0]);
    await waitFor(() => expect(titles()).toEqual(["Tarde"]));
    fireEvent.click(screen.getByRole("tab", { name: "Escrever" }));
    fireEvent.click(screen.getByRole("tab", { name: "Entradas" }));
    expect(titles()).toEqual(["Tarde"]);
    act(() => undos[0].restore());
    await waitFor(() => expect(titles()).toEqual(["Manhã", "Tarde"]));
  });
});

describe("the older pages after the first page is loaded again", () => {
  const entryN = entry("entry-n", "Hoje", "2026-03-12");
  const older = { entries: [entryC, entryD], cursor: "page-3" };

  it("keeps a row that newer entries pushed past the first page, and drops one deleted from within it", () => {
    expect(olderAfterRefresh(older, [entryA, entryB], { entries: [entryN, entryA], nextCursor: "after-a" })).toEqual({ entries: [entryB, entryC, entryD], cursor: "page-3" });
    expect(olderAfterRefresh(older, [entryA, entryB], { entries: [entryB, entryC], nextCursor: "after-c" })).toEqual({ entries: [entryD], cursor: "page-3" });
  });

  it("keeps nothing older when the first page now holds every entry, nor when none was loaded", () => {
    expect(olderAfterRefresh(older, [entryA, entryB], { entries: [entryA], nextCursor: null })).toBeNull();
    expect(olderAfterRefresh(null, [entryA, entryB], { entries: [entryN, entryA], nextCursor: "after-a" })).toBeNull();
  });
});
