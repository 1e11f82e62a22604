// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "~/components/ui/test-utils";
import { EventDialog } from "./event-dialog";
import { draftOf } from "./event-draft";
import { setOfflineMessage } from "~/lib/api";
import { setOfflineSnapshot } from "~/lib/offline/state";

// The offline queue's runtime (IndexedDB): what the dialog asks it to keep is recorded here.
const enqueueChange = vi.fn(async (change: { key: string; tempId?: string }) => change);
vi.mock("~/lib/offline/runtime", () => ({ enqueueChange, replayNow: vi.fn(async () => undefined), withRealId: (write: unknown) => write }));

afterEach(cleanup);
// The question is the kit's ConfirmDialog, a lazily loaded chunk: fetched up front, as the idle preload does.
beforeAll(() => Promise.all([import("~/components/ui/dialog-parts"), import("~/components/ui/confirm-dialog-panel")]));

// A weekly series: its repeat choices are filled in from the rule when the dialog opens.
const series = draftOf({
  id: "e1",
  recurring: true,
  title: "Natação",
  start: "2026-11-23T18:00:00.000Z",
  end: "2026-11-23T19:00:00.000Z",
  allDay: false,
  timeZone: "Europe/Lisbon",
  rrule: "FREQ=WEEKLY;BYDAY=MO,WE",
});

// Inside the signed-in layout, as on the calendar screen: its date fields' calendars need it.
function open() {
  const onClose = vi.fn();
  renderInApp(<EventDialog draft={series} language="pt" onClose={onClose} onSaved={vi.fn()} onQueued={vi.fn()} askScope={vi.fn()} onDelete={vi.fn()} />);
  return onClose;
}

describe("closing the event dialog", () => {
  it("closes at once when nothing changed, the repeat filled in from the rule included", async () => {
    const onClose = open();
    fireEvent.keyDown(await screen.findByLabelText("Título"), { key: "Escape" });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.queryByText("Descartar alterações?")).toBeNull();
  });

  it("asks before a tap on Cancel throws away a description", async () => {
    const onClose = open();
    fireEvent.change(await screen.findByLabelText(/Descrição/), { target: { value: "Levar a touca nova" } });
    fireEvent.click(screen.getByRole("button", { name: "Cancelar" }));
    expect(await screen.findByText("Descartar alterações?")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Continuar a editar" }));
    await waitFor(() => expect(screen.queryByText("Descartar alterações?")).toBeNull());
    expect((screen.getByLabelText(/Descrição/) as HTMLTextAreaElement).value).toBe("Levar a touca nova");
    expect(onClose).not.toHaveBeenCalled();
  });

  it("still closes once the date fields' calendars have arrived", async () => {
    const onClose = open();
    // A reach for a calendar loads it at once, as the settled page's prefetch does later.
    fireEvent.focus((await screen.findAllByRole("button", { name: /Escolher data/ }))[0]);
    await waitFor(() => expect(screen.getAllByRole("button", { name: /Escolher data/ })[0].id).toMatch(/^headlessui-popover-button/));
    fireEvent.keyDown(screen.getByLabelText("Título"), { key: "Escape" });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});

describe("saving an edited event", () => {
  let requests: { method: string; url: string; body: unknown }[];
  beforeEach(() => {
    requests = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        requests.push({ method: init?.method ?? "GET", url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
        // The series as stored: it starts the Monday before the occurrence opened.
        return Response.json({ event: { start: "2026-11-23T18:00:00+00:00", end: "2026-11-23T19:00:00+00:00", allDay: false, timeZone: "Europe/Lisbon" } });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const dentist = draftOf({ id: "e2", occurrenceStart: "2026-11-25T10:00:00+00:00", recurring: false, title: "Dentista", start: "2026-11-25T10:00:00+00:00", end: "2026-11-25T11:00:00+00:00", allDay: false, timeZone: "Europe/Lisbon", rrule: null, reminderMinutes: 30 });
  // An occurrence of the weekly series, opened from the calendar.
  const monday = { ...series, occurrenceStart: "2026-11-30T18:00:00+00:00", startDate: "2026-11-30", endDate: "2026-11-30" };
  const edit = (draft: typeof series, scope: "one" | "following" | "all" | null = null) => {
    const handlers = { onClose: vi.fn(), onSaved: vi.fn(), onQueued: vi.fn() };
    renderInApp(<EventDialog draft={draft} language="pt" askScope={vi.fn(async () => scope)} onDelete={vi.fn()} {...handlers} />);
    return handlers;
  };
  const rename = async (title: string) => fireEvent.change(await screen.findByLabelText("Título"), { target: { value: title } });
  const retime = (label: string, time: string) => {
    const box = screen.getByLabelText(label);
    fireEvent.change(box, { target: { value: time } });
    fireEvent.blur(box);
  };

  it("sends only the title changed, so the times it opened with cannot undo a move made on another device", async () => {
    const { onSaved } = edit(dentist);
    await rename("Dentista (Dr. Silva)");
    fireEvent.submit(screen.getByTestId("event-dialog"));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(requests).toEqual([{ method: "PATCH", url: "/api/v1/events/e2", body: { title: "Dentista (Dr. Silva)" } }]);
  });

  it("sends the times as one group, which the server checks together", async () => {
    const { onSaved } = edit(dentist);
    await screen.findByLabelText("Título");
    retime("Hora de fim", "11:30");
    fireEvent.submit(screen.getByTestId("event-dialog"));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(requests.map((r) => r.body)).toEqual([{ start: "2026-11-25T10:00:00+00:00", end: "2026-11-25T11:30:00+00:00", allDay: false, timeZone: "Europe/Lisbon" }]);
  });

  it("sends nothing when nothing changed, and closes", async () => {
    const { onClose } = edit(dentist);
    fireEvent.submit(await screen.findByTestId("event-dialog"));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(requests).toEqual([]);
  });

  it.each([
    ["one", "/api/v1/events/e1?occurrence=2026-11-30T18%3A00%3A00%2B00%3A00&scope=one"],
    ["following", "/api/v1/events/e1?occurrence=2026-11-30T18%3A00%3A00%2B00%3A00&scope=following"],
    ["all", "/api/v1/events/e1"],
  ] as const)("sends only the title changed on an occurrence, for %s", async (scope, url) => {
    const { onSaved } = edit(monday, scope);
    await rename("Natação livre");
    fireEvent.submit(screen.getByTestId("event-dialog"));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    // For the whole series, no need to read its start either: the times did not change.
    expect(requests).toEqual([{ method: "PATCH", url, body: { title: "Natação livre" } }]);
  });

  it("sends an occurrence's new times alone, without the series' zone or all-day flag", async () => {
    const { onSaved } = edit(monday, "one");
    await screen.findByLabelText("Título");
    retime("Hora de início", "18:30");
    fireEvent.submit(screen.getByTestId("event-dialog"));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    // The end moved with the start: the hour's swim stays an hour long.
    expect(requests.map((r) => r.body)).toEqual([{ start: "2026-11-30T18:30:00+00:00", end: "2026-11-30T19:30:00+00:00" }]);
  });

  it("keeps the event's length when its start date moves back a day (not an event from Tuesday 10:00 to Wednesday 11:00)", async () => {
    const { onSaved } = edit(dentist);
    await screen.findByLabelText("Título");
    const day = screen.getByLabelText("Data de início");
    fireEvent.change(day, { target: { value: "24/11/2026" } });
    fireEvent.blur(day);
    expect((screen.getByLabelText("Data de fim") as HTMLInputElement).value).toBe("24/11/2026");
    fireEvent.submit(screen.getByTestId("event-dialog"));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(requests.map((r) => r.body)).toEqual([{ start: "2026-11-24T10:00:00+00:00", end: "2026-11-24T11:00:00+00:00", allDay: false, timeZone: "Europe/Lisbon" }]);
  });

  it("moves the whole series' own times by what an occurrence's times changed, as one group", async () => {
    const { onSaved } = edit(monday, "all");
    await screen.findByLabelText("Título");
    retime("Hora de início", "18:30");
    fireEvent.submit(screen.getByTestId("event-dialog"));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(requests).toEqual([
      { method: "GET", url: "/api/v1/events/e1", body: undefined },
      { method: "PATCH", url: "/api/v1/events/e1", body: { start: "2026-11-23T18:30:00+00:00", end: "2026-11-23T19:30:00+00:00", allDay: false, timeZone: "Europe/Lisbon" } },
    ]);
  });
});

describe("the event dialog's errors", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("points the repeat group at the rule's error, so it is read when the group gets focus", async () => {
    const error = "A regra de repetição não é válida.";
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ error: { code: "validation", message: "Dados inválidos.", fields: { rrule: error } } }, { status: 422 })));
    renderInApp(<EventDialog draft={draftOf({ title: "Ginásio", start: "2026-11-23T18:00:00.000Z", end: "2026-11-23T19:00:00.000Z", allDay: false, timeZone: "Europe/Lisbon" })} language="pt" onClose={vi.fn()} onSaved={vi.fn()} onQueued={vi.fn()} askScope={vi.fn()} onDelete={vi.fn()} />);
    fireEvent.submit(await screen.findByTestId("event-dialog"));
    await screen.findByText(error);
    const group = screen.getByRole("group", { name: "Repetir" });
    expect(document.getElementById(group.getAttribute("aria-describedby") ?? "")?.textContent).toBe(error);
  });
});

describe("saving an event offline", () => {
  let requests: string[];
  beforeEach(() => {
    requests = [];
    enqueueChange.mockClear();
    setOfflineSnapshot({ userId: "user-1", changes: [] });
    setOfflineMessage("Sem ligação: isto só se pode fazer online.");
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        requests.push(String(input));
        throw new TypeError("Failed to fetch");
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setOfflineSnapshot({ userId: null, changes: [] });
  });

  const monday = { ...series, occurrenceStart: "2026-11-30T18:00:00+00:00", startDate: "2026-11-30", endDate: "2026-11-30" };
  const save = async (draft: typeof series, scope: "one" | "following" | "all" | null = null, title = "Natação livre") => {
    const handlers = { onClose: vi.fn(), onSaved: vi.fn(), onQueued: vi.fn() };
    renderInApp(<EventDialog draft={draft} language="pt" askScope={vi.fn(async () => scope)} onDelete={vi.fn()} {...handlers} />);
    fireEvent.change(await screen.findByLabelText("Título"), { target: { value: title } });
    fireEvent.submit(screen.getByTestId("event-dialog"));
    return handlers;
  };

  it("keeps a new event in the queue, labelled with its title, and says so instead of failing", async () => {
    const draft = draftOf({ title: "", start: "2026-12-02T09:00:00.000Z", end: "2026-12-02T10:00:00.000Z", allDay: false, timeZone: "Europe/Lisbon" });
    const { onQueued, onSaved } = await save(draft, null, "Dentista");
    await waitFor(() => expect(onQueued).toHaveBeenCalledWith(expect.objectContaining({ queued: true, tempId: expect.stringMatching(/^offline-/) })));
    expect(onSaved).not.toHaveBeenCalled();
    expect(requests).toEqual([]);
    expect(enqueueChange).toHaveBeenCalledWith(
      expect.objectContaining({ kind: "event.create", method: "POST", path: "/events", label: "Dentista", userId: "user-1", body: expect.objectContaining({ title: "Dentista", start: "2026-12-02T09:00:00+00:00", timeZone: "Europe/Lisbon" }) }),
    );
  });

  it.each([
    ["one", "/events/e1?occurrence=2026-11-30T18%3A00%3A00%2B00%3A00&scope=one"],
    ["all", "/events/e1"],
  ] as const)("keeps an edit of %s as the request it would have sent", async (scope, path) => {
    const { onQueued } = await save(monday, scope);
    await waitFor(() => expect(onQueued).toHaveBeenCalledOnce());
    expect(enqueueChange).toHaveBeenCalledWith(expect.objectContaining({ kind: "event.update", method: "PATCH", path, body: { title: "Natação livre" }, label: "Natação livre" }));
  });

  it("edits an event created offline through the queue (its temporary id never reaches the network)", async () => {
    const queued = draftOf({ id: "offline-k1", title: "Dentista", start: "2026-12-02T09:00:00.000Z", end: "2026-12-02T10:00:00.000Z", allDay: false, timeZone: "Europe/Lisbon" });
    const { onQueued } = await save(queued, null, "Dentista (Dr. Silva)");
    await waitFor(() => expect(onQueued).toHaveBeenCalledOnce());
    expect(enqueueChange).toHaveBeenCalledWith(expect.objectContaining({ kind: "event.update", path: "/events/offline-k1", body: { title: "Dentista (Dr. Silva)" } }));
  });

  it("does not keep 'this and the following' offline: it says a connection is needed and keeps the dialog open", async () => {
    const { onQueued, onSaved, onClose } = await save(monday, "following");
    expect(await screen.findByText(/Sem ligação/)).toBeTruthy();
    expect(enqueueChange).not.toHaveBeenCalled();
    expect(onQueued).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
