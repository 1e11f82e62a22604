// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Link, Outlet, createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { flushPendingDeletes } from "~/components/ui/undo";
import { renderWithI18n } from "~/components/ui/test-utils";
import { subscribeToasts, type Toast } from "~/components/shell/toast-store";
import { apiFetch } from "~/lib/api";
import type { QueuedChange } from "~/lib/offline/queue";
import { setOfflineSnapshot } from "~/lib/offline/state";
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
// Each answer names a newer version of the entry, as the API's do.
let version = 0;
const nextVersion = () => `2026-03-12T10:00:${String(++version).padStart(2, "0")}.000Z`;
const stored = (write: OfflineWrite) => {
  const id = write.method === "POST" ? "new-entry" : write.path.split("/").pop();
  const { baseUpdatedAt: _base, ...fields } = write.body;
  return { ok: true, status: 200, data: { entry: { id, ...fields, createdAt: "2026-03-12T10:00:00.000Z", updatedAt: nextVersion() } } };
};
// What the API (or the queue) answers a write; a test may answer otherwise.
let answer: (write: OfflineWrite) => unknown = stored;
const conflict = { ok: false, status: 409, error: { code: "conflict", message: "Esta entrada foi alterada noutro dispositivo depois de a abrir aqui. Nada foi mudado." } };
const replaced: [QueuedChange, OfflineWrite][] = [];
vi.mock("~/lib/offline/write", async (original) => ({
  ...(await original<typeof import("~/lib/offline/write")>()),
  writeOrQueue: vi.fn(async (write: OfflineWrite) => {
    writes.push(write);
    return answer(write);
  }),
  replaceQueued: vi.fn(async (change: QueuedChange, write: OfflineWrite) => {
    replaced.push([change, write]);
    return { ...change, ...write, key: "copy-key", tempId: "offline-copy-key", status: "pending", error: undefined };
  }),
}));

const { default: DiaryScreen } = await import("./routes/diary");

const entryA = { id: "entry-a", title: "Manhã", content: "Texto antigo", mood: 3, emotions: [], date: "2026-03-10", draft: false, createdAt: "2026-03-10T09:00:00.000Z", updatedAt: "2026-03-10T09:00:00.000Z" };
const entryB = { ...entryA, id: "entry-b", title: "Tarde", content: "Outro dia", date: "2026-03-09" };

type DiaryData = { entries: (typeof entryA)[]; nextCursor: string | null; focus: typeof entryA | null; today: string };
/** `diary`: the screen's loader (given the request); `link`: a link in the shell (as a search result is), to that address. */
function renderDiary(language: "pt" | "en" = "pt", options: { entitlements?: string[]; diary?: (request: Request) => DiaryData; link?: string } = {}) {
  const Stub = createRoutesStub([
    {
      id: "routes/app/layout",
      path: "/app",
      loader: () => ({ entitlements: options.entitlements ?? ["diary", "aiInsights"], user: { id: "user-1", timeZone: "Europe/Lisbon" } }),
      Component: () => (
        <>
          {options.link && <Link to={options.link}>Resultado da pesquisa</Link>}
          <Outlet />
        </>
      ),
      children: [
        {
          path: "diario",
          loader: ({ request }: { request: Request }) => options.diary?.(request) ?? { entries: [entryA, entryB], nextCursor: null, focus: null, today: "2026-03-12" },
          Component: DiaryScreen,
        },
      ],
    },
  ]);
  renderWithI18n(<Stub initialEntries={["/app/diario"]} />, language);
}

const content = () => screen.getByLabelText<HTMLTextAreaElement>("O que aconteceu, o que sentiu", { exact: false });
const editButtons = () => screen.getAllByRole("button", { name: "Editar" });

let toasts: Toast[] = [];
beforeEach(() => {
  writes.length = 0;
  replaced.length = 0;
  version = 0;
  answer = stored;
  setOfflineSnapshot({ userId: "user-1", changes: [] });
  localStorage.clear();
});
subscribeToasts((list) => (toasts = list));
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
    // The undo toast's module comes with the first "Eliminar" (decision 0115): the entry leaves the list once it is there.
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Eliminar" })).toHaveLength(1));
    flushPendingDeletes();
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Eliminar" })).toHaveLength(1));
    fireEvent.click(screen.getByRole("tab", { name: "Escrever" }));
    await waitFor(() => expect(content().value).toBe(""));
    expect(screen.getByRole("heading", { name: "Nova entrada" })).toBeTruthy();
  });
});

/** Opens the first entry of the list (entryA) in the writer. */
async function openEntryA() {
  fireEvent.click(await screen.findByRole("tab", { name: "Entradas" }));
  fireEvent.click(editButtons()[0]);
}
const autosaved = (count: number) => waitFor(() => expect(writes).toHaveLength(count), { timeout: 2000 });

describe("the writer's base version (docs/decisions/0091)", () => {
  it("sends the version it opened as the base of an autosave, and each answer's version as the next one's", async () => {
    renderDiary();
    await openEntryA();
    fireEvent.change(content(), { target: { value: "Primeiras palavras" } });
    await autosaved(1);
    expect(writes[0]).toMatchObject({ method: "PATCH", path: "/diary/entry-a", body: { content: "Primeiras palavras", baseUpdatedAt: entryA.updatedAt } });

    fireEvent.change(content(), { target: { value: "Primeiras palavras, e mais" } });
    await autosaved(2);
    expect(writes[1].body).toMatchObject({ content: "Primeiras palavras, e mais", baseUpdatedAt: "2026-03-12T10:00:01.000Z" });

    fireEvent.click(screen.getByRole("button", { name: "Guardar entrada" }));
    await autosaved(3);
    expect(writes[2].body).toMatchObject({ draft: false, baseUpdatedAt: "2026-03-12T10:00:02.000Z" });
  });

  it("names itself in each edit, so the queue knows a later one holds all of an earlier one's words; another writer is another", async () => {
    answer = () => ({ queued: true, tempId: "offline-x" });
    renderDiary();
    await openEntryA();
    fireEvent.change(content(), { target: { value: "Um" } });
    await autosaved(1);
    fireEvent.change(content(), { target: { value: "Um dois" } });
    await autosaved(2);
    expect(writes[0].origin).toEqual(expect.any(String));
    expect(writes[1].origin).toBe(writes[0].origin);
    fireEvent.click(screen.getByRole("tab", { name: "Entradas" }));
    fireEvent.click(editButtons()[1]);
    fireEvent.change(content(), { target: { value: "Outro" } });
    await autosaved(3);
    expect(writes[2]).toMatchObject({ path: "/diary/entry-b", origin: expect.any(String) });
    expect(writes[2].origin).not.toBe(writes[0].origin);
  });

  it("sends no base with a new entry, and the version its creation answered with the next save", async () => {
    renderDiary();
    fireEvent.change(await screen.findByLabelText("O que aconteceu, o que sentiu", { exact: false }), { target: { value: "Novo" } });
    await autosaved(1);
    expect(writes[0].method).toBe("POST");
    expect(writes[0].body).not.toHaveProperty("baseUpdatedAt");
    fireEvent.change(content(), { target: { value: "Novo dia" } });
    await autosaved(2);
    expect(writes[1]).toMatchObject({ method: "PATCH", path: "/diary/new-entry", body: { content: "Novo dia", baseUpdatedAt: "2026-03-12T10:00:01.000Z" } });
  });

  it("keeps the words of an edit refused as a conflict in a new draft entry, says so, and goes on writing there", async () => {
    answer = (write) => (write.method === "PATCH" && write.path === "/diary/entry-a" ? conflict : stored(write));
    renderDiary();
    await openEntryA();
    fireEvent.change(content(), { target: { value: "Palavras que não se perdem" } });
    await autosaved(2);
    expect(writes[1]).toMatchObject({
      method: "POST",
      path: "/diary",
      body: { title: "Manhã (cópia em conflito)", content: "Palavras que não se perdem", mood: 3, date: "2026-03-10", draft: true },
    });
    expect(writes[1].body).not.toHaveProperty("baseUpdatedAt");
    expect(await screen.findByText(/ficou numa nova entrada, «Manhã \(cópia em conflito\)», guardada como rascunho/)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>("Título").value).toBe("Manhã (cópia em conflito)");
    // Keys, which the toaster translates as it renders ("Esta entrada foi alterada noutro dispositivo").
    expect(toasts).toContainEqual(expect.objectContaining({ title: { key: "diary:form.conflictTitle" }, description: { key: "diary:form.conflictText", values: { title: "Manhã (cópia em conflito)" } } }));

    // Later words go to the copy, from the version its creation answered.
    fireEvent.change(content(), { target: { value: "Palavras que não se perdem, e mais" } });
    await autosaved(3);
    expect(writes[2]).toMatchObject({ method: "PATCH", path: "/diary/new-entry", body: { title: "Manhã (cópia em conflito)", baseUpdatedAt: "2026-03-12T10:00:01.000Z" } });
  });

  it("cuts a long title for its conflict copy between characters, never through an emoji", async () => {
    answer = (write) => (write.method === "PATCH" && write.path === "/diary/entry-a" ? conflict : stored(write));
    renderDiary();
    await openEntryA();
    // 179 letters and an emoji (two UTF-16 units): the copy's title has room for 180 before its suffix.
    fireEvent.change(screen.getByLabelText("Título"), { target: { value: `${"a".repeat(179)}😀` } });
    await autosaved(2);
    expect(writes[1]).toMatchObject({ method: "POST", path: "/diary", body: { title: `${"a".repeat(179)} (cópia em conflito)` } });
  });

  it("says it in English too", async () => {
    answer = (write) => (write.method === "PATCH" && write.path === "/diary/entry-a" ? conflict : stored(write));
    renderDiary("en");
    fireEvent.click(await screen.findByRole("tab", { name: "Entries" }));
    fireEvent.click(screen.getAllByRole("button", { name: "Edit" })[0]);
    fireEvent.change(screen.getByLabelText("What happened, how you felt", { exact: false }), { target: { value: "Words" } });
    await autosaved(2);
    expect(writes[1].body).toMatchObject({ title: "Manhã (conflicting copy)", draft: true });
    expect(await screen.findByText(/was kept in a new entry, “Manhã \(conflicting copy\)”, saved as a draft/)).toBeTruthy();
  });

  it("takes a newer version holding exactly the words it queued offline as its own, not as a conflict", async () => {
    let online = false;
    answer = (write) => {
      if (!online) return { queued: true, tempId: "offline-x" };
      return write.body.baseUpdatedAt === entryA.updatedAt ? conflict : stored(write);
    };
    renderDiary();
    await openEntryA();
    fireEvent.change(content(), { target: { value: "Escrito sem rede" } });
    await autosaved(1);
    // The queue sent it meanwhile: the entry now holds these words, at a version this writer never saw.
    vi.mocked(apiFetch).mockImplementationOnce(async () => ({ ok: true, status: 200, data: { entry: { ...entryA, content: "Escrito sem rede", updatedAt: "2026-03-12T09:00:00.000Z" } } }));
    online = true;
    fireEvent.change(content(), { target: { value: "Escrito sem rede, e já com rede" } });
    await autosaved(3);
    expect(writes[2]).toMatchObject({ method: "PATCH", path: "/diary/entry-a", body: { content: "Escrito sem rede, e já com rede", baseUpdatedAt: "2026-03-12T09:00:00.000Z" } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(writes.filter((w) => w.method === "POST")).toEqual([]);
  });
});

describe("an edit kept offline and refused on replay as a conflict", () => {
  const refusedChange = (path: string, body: Record<string, unknown>, label: string): QueuedChange => ({
    seq: 7,
    key: "k7",
    userId: "user-1",
    kind: "diary.update",
    method: "PATCH",
    path,
    body,
    label,
    createdAt: 1,
    attempts: 1,
    nextAttemptAt: 1,
    status: "failed",
    sent: true,
    error: { status: 409, code: "conflict", message: conflict.error.message },
  });

  it("becomes a queued draft entry with its words in its place, and the user is told", async () => {
    const body = { title: "Tarde", content: "Escrito sem rede", mood: 2, emotions: ["calm"], date: "2026-03-09", baseUpdatedAt: "2026-03-09T08:00:00.000Z" };
    renderDiary();
    await screen.findByRole("tab", { name: "Entradas" });
    act(() => setOfflineSnapshot({ changes: [refusedChange("/diary/entry-b", body, "Tarde")] }));
    await waitFor(() => expect(replaced).toHaveLength(1));
    expect(replaced[0][0].key).toBe("k7");
    expect(replaced[0][1]).toEqual({
      kind: "diary.create",
      method: "POST",
      path: "/diary",
      body: { title: "Tarde (cópia em conflito)", content: "Escrito sem rede", mood: 2, emotions: ["calm"], date: "2026-03-09", draft: true },
      label: "Tarde (cópia em conflito)",
    });
    // "O que escreveu sem ligação em «Tarde» chegou depois de uma alteração feita noutro dispositivo. …", as the toaster renders it.
    await waitFor(() => expect(toasts.map((t) => t.description)).toContainEqual({ key: "diary:form.conflictQueuedText", values: { entry: "Tarde", title: "Tarde (cópia em conflito)" } }));
    // The writer holds another entry: it stays as it was.
    expect(writes).toEqual([]);
  });

  it("moves the writer that queued those words to the copy, so its next words join them there", async () => {
    answer = () => ({ queued: true, tempId: "offline-x" });
    renderDiary();
    await openEntryA();
    fireEvent.change(content(), { target: { value: "Escrito sem rede" } });
    await autosaved(1);
    act(() => setOfflineSnapshot({ changes: [refusedChange("/diary/entry-a", writes[0].body, "Manhã")] }));
    await waitFor(() => expect(replaced).toHaveLength(1));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>("Título").value).toBe("Manhã (cópia em conflito)"));
    fireEvent.change(content(), { target: { value: "Escrito sem rede, e mais" } });
    await autosaved(2);
    expect(writes[1]).toMatchObject({ method: "PATCH", path: "/diary/offline-copy-key", body: { title: "Manhã (cópia em conflito)", content: "Escrito sem rede, e mais" } });
    expect(writes[1].body).not.toHaveProperty("baseUpdatedAt");
  });
});

describe("the diary with a keyboard and a screen reader", () => {
  it("moves between its tabs with the arrow keys, stops once on them, and each selected tab controls its panel", async () => {
    renderDiary();
    const write = await screen.findByRole("tab", { name: "Escrever" });
    // One Tab stop: the selected tab.
    expect(screen.getAllByRole("tab").map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1]);
    fireEvent.change(content(), { target: { value: "Ainda a escrever" } });
    write.focus();
    fireEvent.keyDown(write, { key: "ArrowRight" });
    const entries = screen.getByRole("tab", { name: "Entradas" });
    expect(document.activeElement).toBe(entries);
    expect(entries.getAttribute("aria-selected")).toBe("true");
    expect(document.getElementById(entries.getAttribute("aria-controls") ?? "")).toBe(screen.getByRole("tabpanel", { name: "Entradas" }));
    expect(within(screen.getByRole("tabpanel")).getByTestId("diary-entries")).toBeTruthy();
    fireEvent.keyDown(entries, { key: "ArrowLeft" });
    expect(document.activeElement).toBe(write);
    expect(document.getElementById(write.getAttribute("aria-controls") ?? "")).toBe(screen.getByRole("tabpanel", { name: "Escrever" }));
    // The writer stayed as it was while the list showed.
    expect(content().value).toBe("Ainda a escrever");
  });

  it("gives the focus to the writer's heading when 'Editar' opens an entry, not to the page", async () => {
    renderDiary();
    fireEvent.click(await screen.findByRole("tab", { name: "Entradas" }));
    const edit = editButtons()[0];
    edit.focus();
    fireEvent.click(edit);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Editar entrada" })));
    expect(content().value).toBe("Texto antigo");
  });

  it("gives the focus to the saved entry in the list after 'Guardar entrada', not to the page", async () => {
    renderDiary();
    await openEntryA();
    fireEvent.change(content(), { target: { value: "Texto revisto" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar entrada" }));
    const list = await screen.findByTestId("diary-entries");
    await waitFor(() => expect(document.activeElement).toBe(within(list).getByRole("heading", { name: "Manhã" })));
  });

  it("gives the focus to the 'Entradas' tab when the saved entry is not in the list (kept offline, or not loaded yet)", async () => {
    answer = () => ({ queued: true, tempId: "offline-x" });
    renderDiary();
    fireEvent.change(await screen.findByLabelText("O que aconteceu, o que sentiu", { exact: false }), { target: { value: "Sem rede" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar entrada" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Entradas" })));

    cleanup();
    answer = stored;
    renderDiary();
    // A new entry saved at once: the loader (here, never) has yet to list it.
    fireEvent.change(await screen.findByLabelText("O que aconteceu, o que sentiu", { exact: false }), { target: { value: "Logo guardado" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar entrada" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Entradas" })));
  });

  it("announces only a draft that could not be saved or was kept on this device, not every autosave", async () => {
    const announced = () => [...document.querySelectorAll("[role=status], [role=alert], [aria-live]")].map((el) => el.textContent).join(" | ");
    renderDiary();
    fireEvent.change(await screen.findByLabelText("O que aconteceu, o que sentiu", { exact: false }), { target: { value: "Novo" } });
    // Still shown.
    await waitFor(() => expect(screen.getByTestId("draft-status").textContent).toBe("Rascunho guardado"), { timeout: 2000 });
    expect(announced()).not.toContain("Rascunho guardado");

    answer = () => ({ ok: false, status: 500, error: { code: "internal", message: "" } });
    fireEvent.change(content(), { target: { value: "Novo dia" } });
    await waitFor(() => expect(announced()).toContain("Não foi possível guardar o rascunho. Tente de novo."), { timeout: 2000 });

    answer = () => ({ queued: true, tempId: "offline-x" });
    fireEvent.change(content(), { target: { value: "Novo dia sem rede" } });
    await waitFor(() => expect(announced()).toContain("Guardado neste dispositivo: é enviado quando voltar a ter ligação"), { timeout: 2000 });
    expect(screen.getByTestId("draft-status").textContent).toBe("Guardado neste dispositivo: é enviado quando voltar a ter ligação");
  });

  it("points the mood and emotions groups at their errors, so each is read when its group gets focus", async () => {
    const fields = { mood: "O humor deve ser um número de 1 a 5.", emotions: "Escolha emoções da lista." };
    answer = () => ({ ok: false, status: 422, error: { code: "validation", message: "", fields } });
    renderDiary();
    fireEvent.change(await screen.findByLabelText("O que aconteceu, o que sentiu", { exact: false }), { target: { value: "Novo" } });
    await screen.findByText(fields.mood, {}, { timeout: 2000 });
    const description = (group: HTMLElement) => document.getElementById(group.getAttribute("aria-describedby") ?? "")?.textContent;
    expect(description(screen.getByRole("group", { name: "Humor" }))).toBe(fields.mood);
    expect(description(screen.getByRole("group", { name: "Emoções" }))).toBe(fields.emotions);
  });
});

describe("the diary as a daily user finds it (docs/decisions/0108)", () => {
  it("dates a new entry on the new day when a page left open overnight is used again, and lets the user pick that day", async () => {
    let loads = 0;
    const diary = () => ({ entries: [entryA, entryB], nextCursor: null, focus: null, today: loads++ === 0 ? "2026-03-12" : "2026-03-13" });
    renderDiary("pt", { diary });
    const date = await screen.findByLabelText<HTMLInputElement>("Data");
    expect(date.value).toBe("12/03/2026");
    // 00:30 on 13 March in Lisbon, and the phone's app comes back into view.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-13T00:30:00Z"));
    try {
      document.dispatchEvent(new Event("visibilitychange"));
      await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>("Data").value).toBe("13/03/2026"));
    } finally {
      vi.useRealTimers();
    }
    fireEvent.change(content(), { target: { value: "Acordei cedo" } });
    await autosaved(1);
    expect(writes[0]).toMatchObject({ method: "POST", body: { content: "Acordei cedo", date: "2026-03-13" } });
  });

  it("keeps the date of an entry begun before midnight", async () => {
    // The loader's day follows the clock (Lisbon is on UTC in March).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-12T23:50:00Z"));
    let loads = 0;
    const diary = () => (loads++, { entries: [], nextCursor: null, focus: null, today: new Date().toISOString().slice(0, 10) });
    try {
      renderDiary("pt", { diary });
      fireEvent.change(await screen.findByLabelText("O que aconteceu, o que sentiu", { exact: false }), { target: { value: "Ainda é dia 12" } });
      await autosaved(1);
      vi.setSystemTime(new Date("2026-03-13T00:30:00Z"));
      const before = loads;
      document.dispatchEvent(new Event("visibilitychange"));
      await waitFor(() => expect(loads).toBeGreaterThan(before));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.getByLabelText<HTMLInputElement>("Data").value).toBe("12/03/2026");
    } finally {
      vi.useRealTimers();
    }
  });

  it("opens the entry of a search result chosen while the diary is already open", async () => {
    const diary = (request: Request) => {
      const id = new URL(request.url).searchParams.get("entrada");
      return { entries: [entryA, entryB], nextCursor: null, focus: [entryA, entryB].find((e) => e.id === id) ?? null, today: "2026-03-12" };
    };
    renderDiary("pt", { diary, link: "/app/diario?entrada=entry-b" });
    fireEvent.click(await screen.findByRole("link", { name: "Resultado da pesquisa" }));
    await waitFor(() => expect(content().value).toBe("Outro dia"));
    expect(screen.getByRole("heading", { name: "Editar entrada" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Escrever" }).getAttribute("aria-selected")).toBe("true");
  });

  it("shows a reader without the plan the entry a search result named, first and whole, with its title focused", async () => {
    const older = { ...entryA, id: "entry-old", title: "Há um ano", content: "Primeira linha\nSegunda\nTerceira\nQuarta linha escondida", date: "2025-03-01" };
    renderDiary("pt", { entitlements: [], diary: () => ({ entries: [entryA, entryB], nextCursor: "page-2", focus: older, today: "2026-03-12" }) });
    const list = await screen.findByTestId("diary-entries");
    const titles = within(list).getAllByRole("heading").map((h) => h.textContent);
    expect(titles[0]).toBe("Há um ano");
    await waitFor(() => expect(document.activeElement).toBe(within(list).getAllByRole("heading")[0]));
    const toggle = within(list).getByRole("button", { name: "Mostrar menos" });
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(document.getElementById(toggle.getAttribute("aria-controls") ?? "")?.className).not.toContain("line-clamp");
  });

  it("leaves an opened entry for a blank one with 'Nova entrada', keeping the words just typed in the entry", async () => {
    renderDiary();
    await openEntryA();
    fireEvent.change(content(), { target: { value: "Último parágrafo" } });
    fireEvent.click(screen.getByRole("button", { name: "Nova entrada" }));
    await autosaved(1);
    expect(writes[0]).toMatchObject({ method: "PATCH", path: "/diary/entry-a", body: { content: "Último parágrafo" } });
    expect(screen.getByRole("heading", { name: "Nova entrada" })).toBeTruthy();
    expect(content().value).toBe("");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Nova entrada" })));
  });

  it("titles an untitled entry in the list with its first words, not 'Nova entrada'", async () => {
    const untitled = { ...entryA, id: "entry-u", title: "", content: "Acordei com chuva.\nDepois o sol." };
    renderDiary("pt", { diary: () => ({ entries: [untitled], nextCursor: null, focus: null, today: "2026-03-12" }) });
    fireEvent.click(await screen.findByRole("tab", { name: "Entradas" }));
    expect(within(screen.getByTestId("diary-entries")).getByRole("heading").textContent).toBe("Acordei com chuva.");
  });
});

describe("coming back to the diary and leaving it (docs/decisions/0108 \"Revised\")", () => {
  const draftToday = { ...entryA, id: "draft-today", title: "", content: "Comecei a escrever", date: "2026-03-12", draft: true, updatedAt: "2026-03-12T08:00:00.000Z" };

  it("reopens today's draft edited last in the writer, and goes on writing in it instead of beginning another", async () => {
    const earlier = { ...draftToday, id: "draft-earlier", content: "Rascunho mais antigo", updatedAt: "2026-03-12T07:00:00.000Z" };
    const yesterday = { ...draftToday, id: "draft-yesterday", content: "Ontem", date: "2026-03-11", updatedAt: "2026-03-12T09:00:00.000Z" };
    renderDiary("pt", { diary: () => ({ entries: [earlier, draftToday, yesterday, entryA], nextCursor: null, focus: null, today: "2026-03-12" }) });
    expect(await screen.findByRole("heading", { name: "Continuar rascunho" })).toBeTruthy();
    expect(content().value).toBe("Comecei a escrever");
    fireEvent.change(content(), { target: { value: "Comecei a escrever e continuei" } });
    await autosaved(1);
    expect(writes[0]).toMatchObject({ method: "PATCH", path: "/diary/draft-today", body: { content: "Comecei a escrever e continuei", baseUpdatedAt: "2026-03-12T08:00:00.000Z" } });
  });

  it("starts blank when today has no draft: a draft of another day is left in the list", async () => {
    const yesterday = { ...draftToday, id: "draft-yesterday", content: "Ontem", date: "2026-03-11" };
    renderDiary("pt", { diary: () => ({ entries: [yesterday, entryA], nextCursor: null, focus: null, today: "2026-03-12" }) });
    expect(await screen.findByRole("heading", { name: "Nova entrada" })).toBeTruthy();
    expect(content().value).toBe("");
  });

  for (const [name, leave] of [
    ["the page is closed (pagehide)", () => window.dispatchEvent(new Event("pagehide"))],
    [
      "the app is hidden (visibilitychange)",
      () => {
        Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
        document.dispatchEvent(new Event("visibilitychange"));
        Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
      },
    ],
  ] as const) {
    it(`sends the words typed within the autosave pause at once when ${name}, and only once`, async () => {
      renderDiary();
      fireEvent.change(await screen.findByLabelText("O que aconteceu, o que sentiu", { exact: false }), { target: { value: "Últimas palavras" } });
      act(() => leave());
      // Started in the event itself (no await before it), so the request is keepalive and outlives the page.
      expect(writes).toHaveLength(1);
      expect(writes[0]).toMatchObject({ method: "POST", path: "/diary", body: { content: "Últimas palavras", draft: true } });
      // The pause's timer sends nothing more: one draft, not two.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(writes).toHaveLength(1);
      // Writing on after coming back goes to the same entry.
      fireEvent.change(content(), { target: { value: "Últimas palavras, e mais" } });
      await autosaved(2);
      expect(writes[1]).toMatchObject({ method: "PATCH", path: "/diary/new-entry" });
    });
  }

  it("sends the last words at once as the page closes while an autosave is on its way, beside it and naming it, so both landing is harmless", async () => {
    // The autosave's answer is held back: the page closes while it is on its way.
    let land: (() => void) | undefined;
    answer = (write) => (write.body.content === "Primeiras palavras" ? new Promise((resolve) => (land = () => resolve(stored(write)))) : stored(write));
    renderDiary();
    await openEntryA();
    fireEvent.change(content(), { target: { value: "Primeiras palavras" } });
    await autosaved(1);
    fireEvent.change(content(), { target: { value: "Primeiras palavras, e as últimas" } });
    act(() => {
      window.dispatchEvent(new Event("pagehide"));
    });
    // Started in the event itself (a keepalive request), not after the running save's answer.
    expect(writes).toHaveLength(2);
    expect(writes[1]).toMatchObject({
      method: "PATCH",
      path: "/diary/entry-a",
      body: { content: "Primeiras palavras, e as últimas", baseUpdatedAt: entryA.updatedAt, baseSaveKey: writes[0].key },
    });
    expect(writes[0].key).toEqual(expect.any(String));
    await act(async () => land?.());
    // Nothing more is sent: the pause's timer finds the words sent.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(writes).toHaveLength(2);
  });

  it("takes the running save refused because the closing words landed first as overtaken, not as a conflict", async () => {
    let land: (() => void) | undefined;
    answer = (write) => (write.body.content === "Primeiras palavras" ? new Promise((resolve) => (land = () => resolve(conflict))) : stored(write));
    renderDiary();
    await openEntryA();
    fireEvent.change(content(), { target: { value: "Primeiras palavras" } });
    await autosaved(1);
    fireEvent.change(content(), { target: { value: "Primeiras palavras, e as últimas" } });
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    act(() => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
    expect(writes).toHaveLength(2);
    // The entry holds the closing words (the later save's), so the refused one is not another device's change.
    vi.mocked(apiFetch).mockImplementationOnce(async () => ({ ok: true, status: 200, data: { entry: { ...entryA, content: "Primeiras palavras, e as últimas", updatedAt: "2026-03-12T11:00:00.000Z" } } }));
    await act(async () => land?.());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(writes.filter((w) => w.method === "POST")).toEqual([]);
    expect(screen.queryByText("Esta entrada foi alterada noutro dispositivo", { exact: false })).toBeNull();
    // Writing on goes on from the newest version.
    fireEvent.change(content(), { target: { value: "Primeiras palavras, e as últimas. Voltei." } });
    await autosaved(3);
    expect(writes[2]).toMatchObject({ method: "PATCH", path: "/diary/entry-a", body: { baseUpdatedAt: "2026-03-12T11:00:00.000Z" } });
    expect(writes[2].body.baseSaveKey).toBeUndefined();
  });

  it("saves the entry with Ctrl+Enter or ⌘+Enter", async () => {
    renderDiary();
    fireEvent.change(await screen.findByLabelText("O que aconteceu, o que sentiu", { exact: false }), { target: { value: "Um dia bom" } });
    fireEvent.keyDown(content(), { key: "Enter", ctrlKey: true });
    await waitFor(() => expect(writes.some((w) => w.body.draft === false)).toBe(true));
    expect(writes.find((w) => w.body.draft === false)).toMatchObject({ method: "POST", body: { content: "Um dia bom", draft: false } });
    cleanup();
    writes.length = 0;
    renderDiary();
    fireEvent.change(await screen.findByLabelText("O que aconteceu, o que sentiu", { exact: false }), { target: { value: "Outro dia" } });
    fireEvent.keyDown(content(), { key: "Enter", metaKey: true });
    await waitFor(() => expect(writes.some((w) => w.body.draft === false)).toBe(true));
    // A plain Enter is a new line, not a save.
    writes.length = 0;
    fireEvent.keyDown(screen.getByLabelText("Título"), { key: "Enter" });
    expect(writes).toHaveLength(0);
  }, 10_000);
});

describe("the words of a page closing while a new entry's first save is on its way (docs/decisions/0108 \"Revised 3\")", () => {
  const kept = () => JSON.parse(localStorage.getItem("rumo-diary-closing-words") ?? "[]") as { key: string; userId: string; method: string; path: string; body: Record<string, unknown>; keptAt: number }[];

  it("sends them at once beside the creation, naming its key, keeps them on this device until answered, and goes on in the one entry", async () => {
    // The creation's answer is held back: the page closes while it is on its way.
    let land: (() => void) | undefined;
    answer = (write) => (write.body.content === "Primeiras palavras" ? new Promise((resolve) => (land = () => resolve(stored(write)))) : stored(write));
    renderDiary();
    fireEvent.change(await screen.findByLabelText("O que aconteceu, o que sentiu", { exact: false }), { target: { value: "Primeiras palavras" } });
    await autosaved(1);
    expect(writes[0]).toMatchObject({ method: "POST", path: "/diary", key: expect.any(String) });
    fireEvent.change(content(), { target: { value: "Primeiras palavras, e as últimas" } });
    act(() => {
      window.dispatchEvent(new Event("pagehide"));
    });
    // Started in the event itself (a keepalive request), not after the creation's answer.
    expect(writes).toHaveLength(2);
    expect(writes[1]).toMatchObject({ method: "POST", path: "/diary", body: { content: "Primeiras palavras, e as últimas", draft: true, baseSaveKey: writes[0].key } });
    // Kept on this device (the page may be gone before any answer), under the request's own key.
    expect(kept()).toEqual([expect.objectContaining({ userId: "user-1", key: writes[1].key, method: "POST", path: "/diary", body: writes[1].body })]);
    await act(async () => land?.());
    // Answered: nothing is kept any more, and writing on goes to the entry the creation made.
    await waitFor(() => expect(kept()).toEqual([]));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(writes).toHaveLength(2);
    fireEvent.change(content(), { target: { value: "Primeiras palavras, e as últimas. Voltei." } });
    await autosaved(3);
    expect(writes[2]).toMatchObject({ method: "PATCH", path: "/diary/new-entry" });
    expect(writes[2].body.baseSaveKey).toBeUndefined();
  });

  it("keeps them when the page is gone before any answer, and the next visit sends them again with their key", async () => {
    answer = () => new Promise(() => undefined);
    renderDiary();
    fireEvent.change(await screen.findByLabelText("O que aconteceu, o que sentiu", { exact: false }), { target: { value: "Primeiras palavras" } });
    await autosaved(1);
    fireEvent.change(content(), { target: { value: "Primeiras palavras, e as últimas" } });
    act(() => {
      window.dispatchEvent(new Event("pagehide"));
    });
    cleanup();
    const [closing] = kept();
    expect(closing).toMatchObject({ key: writes[1].key, body: { baseSaveKey: writes[0].key } });
    // Past the wait a closing save may still be running for on the server.
    localStorage.setItem("rumo-diary-closing-words", JSON.stringify([{ ...closing, keptAt: Date.now() - 60_000 }]));
    writes.length = 0;
    answer = stored;
    const sent: [string, unknown][] = [];
    vi.mocked(apiFetch).mockImplementation(async (path, init) => {
      sent.push([path, init]);
      return { ok: true, status: 200, data: { entry: { ...entryA, id: "new-entry", content: "Primeiras palavras, e as últimas" } } };
    });
    try {
      renderDiary();
      await waitFor(() => expect(kept()).toEqual([]));
      expect(sent[0]).toEqual(["/diary", { method: "POST", body: closing.body, headers: { "Idempotency-Key": closing.key } }]);
      // Landed (the server answers its first answer again): no copy.
      expect(writes).toEqual([]);
    } finally {
      vi.mocked(apiFetch).mockReset();
      vi.mocked(apiFetch).mockImplementation(async () => ({ ok: true, status: 204, data: null }));
    }
  });

  it("makes them a new draft on the next visit when the server refused them (their creation never landed), unless an entry already holds them", async () => {
    const closing = { userId: "user-1", key: "closing-key-1", method: "POST", path: "/diary", label: "x", keptAt: Date.now() - 60_000, body: { title: "Tarde", content: "As últimas", mood: null, emotions: [], date: "2026-03-12", draft: true, baseSaveKey: "creation-key" } };
    localStorage.setItem("rumo-diary-closing-words", JSON.stringify([closing]));
    vi.mocked(apiFetch).mockImplementation(async (path) => (String(path).startsWith("/diary?") ? { ok: true, status: 200, data: { items: [entryA], nextCursor: null } } : conflict) as never);
    try {
      renderDiary();
      await waitFor(() => expect(kept()).toEqual([]));
      expect(writes).toEqual([
        expect.objectContaining({ method: "POST", path: "/diary", key: "closing-key-1.copy", body: { title: "Tarde (cópia em conflito)", content: "As últimas", mood: null, emotions: [], date: "2026-03-12", draft: true } }),
      ]);
      await waitFor(() => expect(toasts.some((toast) => JSON.stringify(toast).includes("closingCopyText"))).toBe(true));
      // Already held by an entry of its day (landed after all, or copied by another tab): forgotten, no copy.
      cleanup();
      writes.length = 0;
      localStorage.setItem("rumo-diary-closing-words", JSON.stringify([{ ...closing, key: "closing-key-2" }]));
      vi.mocked(apiFetch).mockImplementation(async (path) =>
        (String(path).startsWith("/diary?") ? { ok: true, status: 200, data: { items: [{ ...entryA, ...closing.body, id: "x" }], nextCursor: null } } : conflict) as never,
      );
      renderDiary();
      await waitFor(() => expect(kept()).toEqual([]));
      expect(writes).toEqual([]);
    } finally {
      vi.mocked(apiFetch).mockReset();
      vi.mocked(apiFetch).mockImplementation(async () => ({ ok: true, status: 204, data: null }));
    }
  });
});

describe("deleting an entry offline (docs/decisions/0108 \"Revised\")", () => {
  it("keeps the delete in the offline queue, like the diary's other writes, instead of failing", async () => {
    answer = (write) => (write.method === "DELETE" ? { queued: true, tempId: "offline-x" } : stored(write));
    renderDiary();
    fireEvent.click(await screen.findByRole("tab", { name: "Entradas" }));
    fireEvent.click(screen.getAllByRole("button", { name: "Eliminar" })[0]);
    // The undo toast's module comes with the first "Eliminar" (decision 0115): the entry leaves the list once it is there.
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Eliminar" })).toHaveLength(1));
    flushPendingDeletes();
    await waitFor(() => expect(writes.some((w) => w.method === "DELETE")).toBe(true));
    expect(writes.find((w) => w.method === "DELETE")).toMatchObject({ kind: "diary.delete", path: "/diary/entry-a", body: {}, label: "Manhã" });
    await waitFor(() => expect(toasts.some((toast) => typeof toast.title === "object" && toast.title.key === "shell:offline.queuedTitle")).toBe(true));
    expect(toasts.some((toast) => typeof toast.title === "object" && toast.title.key === "diary:list.removeFailed")).toBe(false);
    // The entry stays off the list while its delete waits.
    expect(screen.getAllByRole("button", { name: "Eliminar" })).toHaveLength(1);
  });
});

describe("an entry deleted offline, before the queue sends the delete (docs/decisions/0108 \"Revised (2)\")", () => {
  const queuedDelete = (entryId: string, status: "pending" | "failed" = "pending"): QueuedChange => ({
    seq: 1,
    key: `delete-${entryId}`,
    userId: "user-1",
    kind: "diary.delete",
    method: "DELETE",
    path: `/diary/${entryId}`,
    body: {},
    label: "Manhã",
    createdAt: 0,
    attempts: 0,
    nextAttemptAt: 0,
    status,
    ...(status === "failed" ? { error: { status: 500, code: "unknown", message: "" } } : {}),
  });
  const titles = () => within(screen.getByTestId("diary-entries")).getAllByRole("heading").map((h) => h.textContent);

  it("stays off the list after a reload (the page's data still has it), also once the queue is read after the first paint", async () => {
    setOfflineSnapshot({ userId: "user-1", changes: [queuedDelete("entry-a")] });
    renderDiary();
    fireEvent.click(await screen.findByRole("tab", { name: "Entradas" }));
    expect(titles()).toEqual(["Tarde"]);
    cleanup();

    // A real reload: the queue is read from IndexedDB after the page shows.
    setOfflineSnapshot({ userId: "user-1", changes: [] });
    renderDiary();
    fireEvent.click(await screen.findByRole("tab", { name: "Entradas" }));
    expect(titles()).toEqual(["Manhã", "Tarde"]);
    act(() => setOfflineSnapshot({ changes: [queuedDelete("entry-a")] }));
    expect(titles()).toEqual(["Tarde"]);
    // Sent: the delete leaves the queue before the data is loaded again, and the entry does not flash back.
    act(() => setOfflineSnapshot({ changes: [] }));
    expect(titles()).toEqual(["Tarde"]);
  });

  it("shows again when the server refused the delete (its card says why)", async () => {
    setOfflineSnapshot({ userId: "user-1", changes: [queuedDelete("entry-a")] });
    renderDiary();
    fireEvent.click(await screen.findByRole("tab", { name: "Entradas" }));
    expect(titles()).toEqual(["Tarde"]);
    act(() => setOfflineSnapshot({ changes: [queuedDelete("entry-a", "failed")] }));
    expect(titles()).toEqual(["Manhã", "Tarde"]);
  });

  it("is not reopened in the writer as today's draft", async () => {
    const draftToday = { ...entryA, id: "draft-today", title: "", content: "Comecei a escrever", date: "2026-03-12", draft: true, updatedAt: "2026-03-12T08:00:00.000Z" };
    setOfflineSnapshot({ userId: "user-1", changes: [queuedDelete("draft-today")] });
    renderDiary("pt", { diary: () => ({ entries: [draftToday, entryA], nextCursor: null, focus: null, today: "2026-03-12" }) });
    expect(await screen.findByRole("heading", { name: "Nova entrada" })).toBeTruthy();
    expect(content().value).toBe("");
    cleanup();

    // The queue read after the first paint: the writer leaves the entry it resumed.
    setOfflineSnapshot({ userId: "user-1", changes: [] });
    renderDiary("pt", { diary: () => ({ entries: [draftToday, entryA], nextCursor: null, focus: null, today: "2026-03-12" }) });
    expect(await screen.findByRole("heading", { name: "Continuar rascunho" })).toBeTruthy();
    act(() => setOfflineSnapshot({ changes: [queuedDelete("draft-today")] }));
    expect(await screen.findByRole("heading", { name: "Nova entrada" })).toBeTruthy();
    expect(content().value).toBe("");
    expect(writes).toHaveLength(0);
  });
});
