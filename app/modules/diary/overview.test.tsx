// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { Outlet, createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";

// The route module's server half (loader) reaches the Worker; the screen under test never calls it.
vi.mock("~/lib/auth.server", () => ({ requireUser: vi.fn() }));
vi.mock("@worker/db/client", () => ({ database: vi.fn() }));
vi.mock("@worker/modules/diary/queries", () => ({ entryOr404: vi.fn(), listEntries: vi.fn(), publicEntry: vi.fn() }));
vi.mock("~/lib/use-entity-changes", () => ({ useEntityChanges: () => undefined }));
vi.mock("~/components/offline/queued-changes", () => ({ QueuedChanges: () => null }));

// Two days with a mood (one of them the mean of two entries), read on Tuesday and Wednesday; no entry on the other days.
const overview = {
  entries: 3,
  averageMood: 3.7,
  moodSeries: [
    { date: "2026-03-10", mood: 4.5 },
    { date: "2026-03-11", mood: 2 },
  ],
  emotions: [{ emotion: "calm", count: 2 }],
  analysis: {
    moodByWeekday: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, averageMood: weekday === 2 ? 4.5 : weekday === 3 ? 2 : null, entries: weekday === 2 ? 2 : weekday === 3 ? 1 : 0 })),
    emotionPairs: [],
    writingStreak: { current: 0, longest: 2 },
  },
};
vi.mock("~/lib/api", async (original) => ({
  ...(await original<typeof import("~/lib/api")>()),
  apiFetch: vi.fn(async (path: string) => (path.startsWith("/diary/overview") ? { ok: true, status: 200, data: overview } : { ok: true, status: 204, data: null })),
}));

const { default: DiaryScreen } = await import("./routes/diary");

afterEach(cleanup);

function renderDiary(language: "pt" | "en" = "pt") {
  const Stub = createRoutesStub([
    {
      id: "routes/app/layout",
      path: "/app",
      loader: () => ({ entitlements: ["diary"], user: { timeZone: "Europe/Lisbon" } }),
      Component: Outlet,
      children: [{ path: "diario", loader: () => ({ entries: [], nextCursor: null, focus: null, today: "2026-03-12" }), Component: DiaryScreen }],
    },
  ]);
  renderWithI18n(<Stub initialEntries={["/app/diario"]} />, language);
}

/** A table's rows as text, one array of cells per row (the header row first). */
const rowsOf = (table: HTMLElement) => within(table).getAllByRole("row").map((row) => [...row.children].map((cell) => cell.textContent));

describe("the diary overview's charts as text", () => {
  it("gives the mood charts' figures as tables named like the charts, before the charts' code has loaded", async () => {
    renderDiary();
    fireEvent.click(await screen.findByRole("tab", { name: "Visão geral" }));
    expect(rowsOf(await screen.findByRole("table", { name: "Humor ao longo do tempo" }))).toEqual([
      ["Data", "Humor"],
      ["10 de março de 2026", "4,5"],
      ["11 de março de 2026", "2"],
    ]);
    // A weekday without entries said in words, not drawn as a mood of 0.
    expect(rowsOf(screen.getByRole("table", { name: "Humor por dia da semana" })).slice(0, 4)).toEqual([
      ["Dia da semana", "Humor médio", "Entradas"],
      ["segunda-feira", "sem registo", "0"],
      ["terça-feira", "4,5", "2"],
      ["quarta-feira", "2", "1"],
    ]);
  });

  it("says them in English too", async () => {
    renderDiary("en");
    fireEvent.click(await screen.findByRole("tab", { name: "Overview" }));
    expect(rowsOf(await screen.findByRole("table", { name: "Mood over time" }))[1]).toEqual(["March 10, 2026", "4.5"]);
    expect(rowsOf(screen.getByRole("table", { name: "Mood by weekday" }))[1]).toEqual(["Monday", "not logged", "0"]);
  });

  it("keeps the chosen range after a look at another tab", async () => {
    renderDiary();
    fireEvent.click(await screen.findByRole("tab", { name: "Visão geral" }));
    fireEvent.change(await screen.findByLabelText("Período"), { target: { value: "365" } });
    fireEvent.click(screen.getByRole("tab", { name: "Entradas" }));
    fireEvent.click(screen.getByRole("tab", { name: "Visão geral" }));
    expect(((await screen.findByLabelText("Período")) as unknown as HTMLSelectElement).value).toBe("365");
  });
});
