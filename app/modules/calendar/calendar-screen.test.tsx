// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ComponentProps } from "react";
import { createRoutesStub, useNavigate } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { subscribeToasts, valuesIn, type Toast, type ToastText } from "~/components/shell/toast-store";
import { createI18n } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/language";
import { renderWithI18n } from "~/components/ui/test-utils";
import { flushPendingDeletes } from "~/components/ui/undo";

// The route module's server half (loader) reaches the Worker; the screen under test never calls it.
vi.mock("~/lib/auth.server", () => ({ requireUser: vi.fn() }));
vi.mock("~/lib/use-entity-changes", () => ({ useEntityChanges: () => undefined }));
vi.mock("@worker/db/client", () => ({ database: vi.fn() }));
vi.mock("@worker/modules/calendar/queries", () => ({}));
vi.mock("@worker/modules/timeline", () => ({ userTimelineRead: vi.fn(), userTimelineWithinRead: vi.fn() }));

const { default: CalendarScreen } = await import("./routes/calendar");

// The draft's dialog and its parts load on first use: fetched up front, as the idle preload does.
beforeAll(() => Promise.all([import("./event-dialog"), import("~/components/ui/dialog-parts"), import("~/lib/quick-add")]));

/** The loader's events, as stored: a PATCH moves one (the page revalidates and reads them again). */
type StoredEvent = { id: string; occurrenceStart: string; title: string; description: string; location: string; start: string; end: string; allDay: boolean; timeZone: string; recurring: boolean; rrule: null; reminderMinutes: null; busy: boolean; modified: boolean };
let stored: StoredEvent[];
let posted: { path: string; body: unknown }[];
let toasts: Toast[];
let unsubscribe = () => {};
/** What a DELETE answers. */
let deleteStatus: number;
beforeEach(() => {
  posted = [];
  deleteStatus = 204;
  stored = [];
  toasts = [];
  unsubscribe = subscribeToasts((shown) => (toasts = shown));
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), "http://localhost").pathname;
      if (init?.method === "POST") posted.push({ path, body: JSON.parse(String(init.body)) });
      if (init?.method === "DELETE") return deleteStatus === 204 ? new Response(null, { status: 204 }) : Response.json({ error: { code: "not_found", message: "" } }, { status: deleteStatus });
      if (init?.method === "PATCH") {
        const body = JSON.parse(String(init.body)) as { start: string; end: string };
        // A one-off event's occurrence is its start: the screen's key for it changes with the move.
        stored = stored.map((e) => (path.endsWith(`/events/${e.id}`) ? { ...e, ...body, occurrenceStart: body.start } : e));
        return new Response(JSON.stringify({ event: stored.find((e) => path.endsWith(`/events/${e.id}`)) }), { status: 200, headers: { "content-type": "application/json" } });
      }
      // The Google Calendar line: not connected.
      return new Response(JSON.stringify(path.endsWith("/events") ? { event: {} } : { connection: null }), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
});
afterEach(() => {
  flushPendingDeletes();
  unsubscribe();
  cleanup();
  vi.unstubAllGlobals();
});

const catalogues = { pt: createI18n("pt"), en: createI18n("en") };
/** A toast's words as the toaster renders them in `language`. */
const words = (text: ToastText | undefined, language: Language = "pt") =>
  text === undefined || typeof text === "string" ? text : catalogues[language].t(text.key, valuesIn(language, text.values));

const RANGES = { agenda: { from: "2026-11-24", to: "2026-12-23" }, week: { from: "2026-11-23", to: "2026-11-29" }, month: { from: "2026-10-26", to: "2026-12-06" } } as const;
function renderCalendar(view: keyof typeof RANGES = "agenda", language: "pt" | "en" = "pt") {
  const Stub = createRoutesStub([
    {
      path: "/app/calendario",
      loader: () => ({ view, date: "2026-11-24", today: "2026-11-24", ...RANGES[view], timeZone: "Europe/Lisbon", events: stored, others: [] }),
      Component: CalendarScreen,
    },
  ]);
  renderWithI18n(<Stub initialEntries={["/app/calendario"]} />, language);
}

describe("the calendar's quick add", () => {
  it("keeps the sentence when its draft is closed, and empties the box once the draft is saved", async () => {
    renderCalendar();
    const box = (await screen.findByLabelText("Adição rápida")) as HTMLInputElement;
    fireEvent.change(box, { target: { value: "amanhã às 15h reunião com a Ana" } });
    fireEvent.click(screen.getByRole("button", { name: "Preparar" }));
    const title = (await screen.findByLabelText("Título", {}, { timeout: 10_000 })) as HTMLInputElement;
    expect(title.value).toMatch(/reunião com a Ana/i);
    // Escaped unchanged: the draft goes at once, the sentence stays to be read again.
    fireEvent.keyDown(title, { key: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("event-dialog")).toBeNull());
    expect(box.value).toBe("amanhã às 15h reunião com a Ana");

    fireEvent.click(screen.getByRole("button", { name: "Preparar" }));
    fireEvent.click(await screen.findByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(posted.map((p) => p.path)).toEqual(["/api/v1/events"]));
    await waitFor(() => expect(box.value).toBe(""));
  });
});

/** A one-off event on Wednesday 25 November 2026 (Lisbon is on UTC in winter). */
const event = (id: string, title: string, start: string, end: string): StoredEvent => ({
  id,
  occurrenceStart: start,
  title,
  description: "",
  location: "",
  start,
  end,
  allDay: false,
  timeZone: "Europe/Lisbon",
  recurring: false,
  rrule: null,
  reminderMinutes: null,
  busy: true,
  modified: false,
});

describe("the calendar's events, by keyboard and screen reader", () => {
  it("keeps the focus on an event Alt+arrow moved, and says where it went", async () => {
    stored = [event("e1", "Dentista", "2026-11-25T10:00:00+00:00", "2026-11-25T11:00:00+00:00")];
    renderCalendar("week");
    const dentist = await screen.findByRole("button", { name: "Dentista, quarta-feira, 25 de novembro, 10:00–11:00" });
    dentist.focus();
    fireEvent.keyDown(dentist, { key: "ArrowDown", altKey: true });
    // Rebuilt under its new key, and focused again: Alt+arrow can be pressed again at once.
    await waitFor(() => expect(document.activeElement?.getAttribute("aria-label")).toBe("Dentista, quarta-feira, 25 de novembro, 10:15–11:15"));
    expect(words(toasts.at(-1)?.title)).toBe("Evento movido para quarta-feira, 25 de novembro, 10:15–11:15");
    fireEvent.keyDown(document.activeElement!, { key: "ArrowRight", altKey: true });
    await waitFor(() => expect(document.activeElement?.getAttribute("aria-label")).toBe("Dentista, quinta-feira, 26 de novembro, 10:15–11:15"));
    expect(words(toasts.at(-1)?.title)).toBe("Evento movido para quinta-feira, 26 de novembro, 10:15–11:15");
    // Worded as the toaster renders it: after a switch of language, its date reads in the new one.
    expect(words(toasts.at(-1)?.title, "en")).toBe("Event moved to Thursday, November 26, 10:15 AM–11:15 AM");
  });

  it("gives the focus to the next event when Delete removes one, not to the page", async () => {
    stored = [event("e1", "Dentista", "2026-11-25T10:00:00+00:00", "2026-11-25T11:00:00+00:00"), event("e2", "Ginásio", "2026-11-25T18:00:00+00:00", "2026-11-25T19:00:00+00:00")];
    renderCalendar("week");
    const dentist = await screen.findByRole("button", { name: /^Dentista/ });
    dentist.focus();
    fireEvent.keyDown(dentist, { key: "Delete" });
    await waitFor(() => expect(screen.queryByRole("button", { name: /^Dentista/ })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole("button", { name: /^Ginásio/ }));
    // The last one left: the focus goes to the previous… and with none, to the view itself.
    fireEvent.keyDown(document.activeElement!, { key: "Delete" });
    await waitFor(() => expect(screen.queryByRole("button", { name: /^Ginásio/ })).toBeNull());
    expect(document.activeElement).toBe(screen.getByTestId("calendar-view"));
  });

  it("calls an event already deleted on another device deleted: it stays gone, and no error is said", async () => {
    deleteStatus = 404;
    stored = [event("e1", "Dentista", "2026-11-25T10:00:00+00:00", "2026-11-25T11:00:00+00:00")];
    renderCalendar("week");
    const dentist = await screen.findByRole("button", { name: /^Dentista/ });
    dentist.focus();
    fireEvent.keyDown(dentist, { key: "Delete" });
    await waitFor(() => expect(screen.queryByRole("button", { name: /^Dentista/ })).toBeNull());
    const deletes = () => vi.mocked(fetch).mock.calls.filter(([, init]) => init?.method === "DELETE");
    flushPendingDeletes();
    await waitFor(() => expect(deletes()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(toasts.filter((t) => t.tone === "error").map((t) => t.title)).toEqual([]);
    expect(screen.queryByRole("button", { name: /^Dentista/ })).toBeNull();
  });

  it("writes the hours of the grid as the events' times are written: 09:00 in Portuguese, 9:00 AM in English", async () => {
    stored = [event("e1", "Dentista", "2026-11-25T10:00:00+00:00", "2026-11-25T11:00:00+00:00")];
    renderCalendar("week", "en");
    const hours = await screen.findByRole("region", { name: /hours/i });
    expect(hours.textContent?.replace(/[\u00a0\u202f]/g, " ")).toContain("9:00 AM");
    expect(hours.textContent).not.toContain("09:00");
    cleanup();
    renderCalendar("week");
    expect((await screen.findByRole("region", { name: /horas/i })).textContent).toContain("09:00");
  });

  it("names the day of each event in the week and month views, as a button described by the keyboard hint, not a toggle in a grid", async () => {
    stored = [event("e1", "Dentista", "2026-11-25T10:00:00+00:00", "2026-11-25T11:00:00+00:00")];
    for (const view of ["week", "month"] as const) {
      renderCalendar(view);
      const dentist = await screen.findByRole("button", { name: "Dentista, quarta-feira, 25 de novembro, 10:00–11:00" });
      dentist.focus();
      expect(dentist.hasAttribute("aria-pressed")).toBe(false);
      const hint = document.getElementById(dentist.getAttribute("aria-describedby") ?? "");
      expect(hint?.textContent).toBe("Com um evento em foco: Alt+setas move-o, Shift+Alt+setas altera a duração e Delete elimina-o.");
      const shown = within(screen.getByTestId("calendar-view"));
      expect([...shown.queryAllByRole("grid"), ...shown.queryAllByRole("row"), ...shown.queryAllByRole("gridcell")]).toEqual([]);
      cleanup();
    }
  });
});

describe("the calendar's views", () => {
  it("lists an event crossing midnight in the agenda under each day it covers: from its start, until its end", async () => {
    stored = [event("e1", "Viagem", "2026-11-25T09:00:00+00:00", "2026-11-26T10:00:00+00:00")];
    renderCalendar("agenda");
    await screen.findByTestId("agenda");
    const days = screen.getByTestId("agenda").querySelectorAll(":scope > li");
    expect([...days].map((day) => [day.querySelector("h3")?.textContent, within(day as HTMLElement).getByRole("button", { name: /^Viagem/ }).textContent])).toEqual([
      ["quarta-feira, 25 de novembro", "09:00Viagem"],
      ["quinta-feira, 26 de novembro", "até 10:00Viagem"],
    ]);
    cleanup();
    renderCalendar("agenda", "en");
    await screen.findByTestId("agenda");
    expect(screen.getAllByRole("button", { name: /^Viagem/ }).map((b) => b.textContent?.replace(/[\u00a0\u202f]/g, " "))).toEqual(["9:00 AMViagem", "until 10:00 AMViagem"]);
  });

  it("opens the day from the month's '+N' in one navigation: Back returns to the month at once", async () => {
    stored = ["Um", "Dois", "Três", "Quatro", "Cinco"].map((title, i) => event(`e${i}`, title, `2026-11-25T1${i}:00:00+00:00`, `2026-11-25T1${i}:30:00+00:00`));
    // The screen, and a "Back" as the browser's: one step back in the history.
    function Screen(props: ComponentProps<typeof CalendarScreen>) {
      const navigate = useNavigate();
      return (
        <>
          <CalendarScreen {...props} />
          <button type="button" onClick={() => void navigate(-1)}>
            Voltar
          </button>
        </>
      );
    }
    const Stub = createRoutesStub([
      {
        path: "/app/calendario",
        loader: ({ request }) => {
          const params = new URL(request.url).searchParams;
          const view = params.get("view") ?? "month";
          const date = params.get("date") ?? "2026-11-24";
          return { view, date, today: "2026-11-24", ...(view === "day" ? { from: date, to: date } : RANGES.month), timeZone: "Europe/Lisbon", events: stored, others: [] };
        },
        Component: Screen,
      },
    ]);
    renderWithI18n(<Stub initialEntries={["/app/calendario?view=agenda&date=2026-11-24", "/app/calendario?view=month&date=2026-11-24"]} initialIndex={1} />, "pt");
    fireEvent.click(await screen.findByRole("link", { name: "mais 2" }));
    await screen.findByTestId("time-grid");
    fireEvent.click(screen.getByRole("button", { name: "Voltar" }));
    await screen.findByTestId("month-view");
  });

  it("moves its 'today' to the new day when a page left open past midnight is seen again", async () => {
    let loads = 0;
    const Stub = createRoutesStub([
      { path: "/app/calendario", loader: () => (loads++, { view: "agenda", date: "2026-11-24", today: "2026-11-24", ...RANGES.agenda, timeZone: "Europe/Lisbon", events: stored, others: [] }), Component: CalendarScreen },
    ]);
    renderWithI18n(<Stub initialEntries={["/app/calendario"]} />, "pt");
    await screen.findByTestId("calendar-view");
    expect(loads).toBe(1);
    // 00:10 on 25 November in Lisbon (the page says 24 November), and the tab comes back into view.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-25T00:10:00Z"));
    try {
      document.dispatchEvent(new Event("visibilitychange"));
      await waitFor(() => expect(loads).toBe(2));
    } finally {
      vi.useRealTimers();
    }
  });
});
