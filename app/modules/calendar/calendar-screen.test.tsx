// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";

// The route module's server half (loader) reaches the Worker; the screen under test never calls it.
vi.mock("~/lib/auth.server", () => ({ requireUser: vi.fn() }));
vi.mock("~/lib/use-entity-changes", () => ({ useEntityChanges: () => undefined }));
vi.mock("@worker/db/client", () => ({ database: vi.fn() }));
vi.mock("@worker/modules/calendar/queries", () => ({}));
vi.mock("@worker/modules/timeline", () => ({ userTimelineRead: vi.fn(), userTimelineWithinRead: vi.fn() }));

const { default: CalendarScreen } = await import("./routes/calendar");

// The draft's dialog and its parts load on first use: fetched up front, as the idle preload does.
beforeAll(() => Promise.all([import("./event-dialog"), import("~/components/ui/dialog-parts"), import("~/lib/quick-add")]));

let posted: { path: string; body: unknown }[];
beforeEach(() => {
  posted = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), "http://localhost").pathname;
      if (init?.method === "POST") posted.push({ path, body: JSON.parse(String(init.body)) });
      // The Google Calendar line: not connected.
      return new Response(JSON.stringify(path.endsWith("/events") ? { event: {} } : { connection: null }), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCalendar() {
  const Stub = createRoutesStub([
    {
      path: "/app/calendario",
      loader: () => ({ view: "agenda", date: "2026-11-24", today: "2026-11-24", from: "2026-11-24", to: "2026-12-23", timeZone: "Europe/Lisbon", events: [], others: [] }),
      Component: CalendarScreen,
    },
  ]);
  renderWithI18n(<Stub initialEntries={["/app/calendario"]} />);
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
