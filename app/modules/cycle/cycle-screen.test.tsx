// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { flushPendingDeletes } from "~/components/ui/undo";
import { subscribeToasts } from "~/components/shell/toast-store";
import { setOfflineSnapshot } from "~/lib/offline/state";
import type { QueuedChange } from "~/lib/offline/queue";
import { predictCycle } from "@worker/modules/cycle/predictions";
import type { ScreenDay } from "./cycle.server";

// The route module's server half (loader) reaches the Worker; the screen under test never calls it.
vi.mock("~/lib/auth.server", () => ({ requireUser: vi.fn() }));
vi.mock("./cycle.server", () => ({ cycleScreen: vi.fn() }));
vi.mock("~/lib/use-entity-changes", () => ({ useEntityChanges: () => undefined }));

const { default: CycleScreen } = await import("./routes/cycle");

const logged: ScreenDay = { id: "d12", date: "2026-11-12", flow: "light", symptoms: ["cramps"], mood: 2, notes: "Dor" };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

let requests: { method: string; path: string; body?: unknown }[];
/** The days the API holds, for the day dialog's lookup. */
let stored: ScreenDay[];
/** What a DELETE answers. */
let deleteStatus: number;
// The screen loads its day dialog on demand. Its first import (the module's transform) took over
// findBy's second on a loaded machine and failed whichever test opened the dialog first.
beforeAll(() => import("./day-dialog"), 30_000);

beforeEach(() => {
  requests = [];
  stored = [logged];
  deleteStatus = 204;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      const method = init?.method ?? "GET";
      requests.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (method === "DELETE") return deleteStatus === 204 ? new Response(null, { status: 204 }) : json({ error: { code: "not_found", message: "" } }, deleteStatus);
      if (method === "POST" && url.pathname.endsWith("/range")) return json({ days: [{ ...logged, id: "t1", date: "2026-11-24" }], created: ["t1"], previous: [] }, 201);
      if (method === "POST") return json({ day: logged });
      const [from, to] = [url.searchParams.get("from"), url.searchParams.get("to")];
      if (from && to) return json({ items: stored.filter((d) => d.date >= from && d.date <= to), nextCursor: null });
      return json({ items: [logged], nextCursor: null });
    }),
  );
});
afterEach(() => {
  flushPendingDeletes();
  cleanup();
  vi.unstubAllGlobals();
});

function renderCycle(
  prediction = predictCycle([]),
  { today = "2026-11-24", language = "pt" as "pt" | "en", days = [logged], ongoing = null as { flow: "heavy" | "light"; days: number } | null } = {},
) {
  const loader = vi.fn(() => ({ today, month: "2026-11", days, prediction, periodDays: 5, hasAny: days.length > 0, timeZone: "Europe/Lisbon", grid: { from: "2026-10-26", to: "2026-12-06" }, ongoing }));
  const Stub = createRoutesStub([{ path: "/app/ciclo-menstrual", loader, Component: CycleScreen }]);
  renderWithI18n(<Stub initialEntries={["/app/ciclo-menstrual"]} />, language);
  return loader;
}

const dayCell = () => screen.getByRole("button", { name: /12 de novembro/ });

describe("the cycle screen", () => {
  it("logging a day again while its delete waits for 'Anular' takes the log back instead of losing the new one", async () => {
    renderCycle();
    fireEvent.click(await screen.findByRole("button", { name: /12 de novembro.*Período registado/ }));
    fireEvent.click(await screen.findByRole("button", { name: "Eliminar registo" }));
    await waitFor(() => expect(dayCell().getAttribute("aria-label")).not.toMatch(/Período registado/));

    // Within the undo window: the same day opened and saved again.
    fireEvent.click(dayCell());
    expect(await screen.findByRole("heading", { name: /^Editar/ })).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: /^Humor 4 de 5/ }));
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(requests.some((r) => r.method === "POST")).toBe(true));

    // The page closing (or the window ending) sends what still waits: no DELETE of that day.
    flushPendingDeletes();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests.filter((r) => r.method !== "GET")).toEqual([{ method: "POST", path: "/api/v1/cycle/days", body: { date: "2026-11-12", mood: 4 } }]);
    expect(dayCell().getAttribute("aria-label")).toMatch(/Período registado/);
  });

  it("a deleted day no one logs again is deleted once the undo window ends", async () => {
    renderCycle();
    fireEvent.click(await screen.findByRole("button", { name: /12 de novembro.*Período registado/ }));
    fireEvent.click(await screen.findByRole("button", { name: "Eliminar registo" }));
    flushPendingDeletes();
    await waitFor(() => expect(requests.filter((r) => r.method === "DELETE")).toEqual([{ method: "DELETE", path: "/api/v1/cycle/days/d12", body: undefined }]));
  });

  it("a day already deleted on another device stays deleted, and no error is said", async () => {
    deleteStatus = 404;
    const errors: unknown[] = [];
    const stop = subscribeToasts((toasts) => errors.push(...toasts.filter((t) => t.tone === "error").map((t) => t.title)));
    renderCycle();
    fireEvent.click(await screen.findByRole("button", { name: /12 de novembro.*Período registado/ }));
    fireEvent.click(await screen.findByRole("button", { name: "Eliminar registo" }));
    flushPendingDeletes();
    await waitFor(() => expect(requests.filter((r) => r.method === "DELETE")).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    stop();
    expect(errors).toEqual([]);
    expect(dayCell().getAttribute("aria-label")).not.toMatch(/Período registado/);
  });

  it("moves on to the new day when a page left open overnight is seen again: 'Registar hoje' had logged yesterday", async () => {
    const loader = renderCycle();
    await screen.findByTestId("log-today");
    expect(loader).toHaveBeenCalledTimes(1);
    // 00:10 on 25 November in Lisbon (the page says 24 November), and the tab comes back into view.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-25T00:10:00Z"));
    try {
      document.dispatchEvent(new Event("visibilitychange"));
      await waitFor(() => expect(loader).toHaveBeenCalledTimes(2));
    } finally {
      vi.useRealTimers();
    }
  });

  it("says when the cycles are irregular, rather than show the fertile window as certain", async () => {
    renderCycle(predictCycle(["2026-08-01", "2026-08-26", "2026-10-10", "2026-11-09"].map((date) => ({ date, flow: "medium" as const }))));
    expect((await screen.findByTestId("cycle-irregular")).textContent).toMatch(/variam entre 25 dias e 45 dias/);
  });

  describe("'O período continua hoje?'", () => {
    const yesterday: ScreenDay = { id: "d23", date: "2026-11-23", flow: "heavy", symptoms: [], mood: null, notes: "" };
    it("is asked after a day with flow, and 'Continua' logs today with that flow in one write", async () => {
      renderCycle(predictCycle([]), { days: [logged, yesterday], ongoing: { flow: "heavy", days: 1 } });
      const question = await screen.findByRole("group", { name: "O período continua hoje?" });
      expect(question.textContent).toContain("Seria o 2.º dia, com o fluxo de ontem (intenso).");
      fireEvent.click(within(question).getByRole("button", { name: "Continua" }));
      await waitFor(() => expect(requests.filter((r) => r.method === "POST")).toEqual([{ method: "POST", path: "/api/v1/cycle/days/range", body: { start: "2026-11-24", end: "2026-11-24", flow: "heavy" } }]));
      expect(screen.queryByRole("group", { name: "O período continua hoje?" })).toBeNull();
    });

    it("'Já terminou' logs today without flow (which is what stops the asking)", async () => {
      renderCycle(predictCycle([]), { days: [logged, yesterday], ongoing: { flow: "heavy", days: 1 } });
      fireEvent.click(within(await screen.findByRole("group", { name: "O período continua hoje?" })).getByRole("button", { name: "Já terminou" }));
      await waitFor(() => expect(requests.filter((r) => r.method === "POST")).toEqual([{ method: "POST", path: "/api/v1/cycle/days", body: { date: "2026-11-24", flow: "none" } }]));
      expect(screen.queryByRole("group", { name: "O período continua hoje?" })).toBeNull();
    });

    it("is not asked without an ongoing period, and in English says so in English", async () => {
      renderCycle();
      await screen.findByTestId("cycle-prediction");
      expect(screen.queryByTestId("ongoing-period")).toBeNull();
      cleanup();
      renderCycle(predictCycle([]), { language: "en", ongoing: { flow: "light", days: 3 } });
      const question = await screen.findByRole("group", { name: "Is your period still going today?" });
      expect(question.textContent).toContain("It would be day 4, with yesterday's flow (light).");
      expect(within(question).getByRole("button", { name: "Still going" })).toBeTruthy();
      expect(within(question).getByRole("button", { name: "It has ended" })).toBeTruthy();
    });
  });

  it("says a cycle about twice the usual one probably hides an unlogged period, and logs it with its likely days filled in", async () => {
    // 28-day cycles, then 56 days from 4 August to 29 September (a period about 1 September not logged).
    const gap = predictCycle(["2026-06-09", "2026-07-07", "2026-08-04", "2026-09-29", "2026-10-27"].map((date) => ({ date, flow: "medium" as const })));
    expect(gap.averageCycleLength).toBe(28);
    renderCycle(gap, { today: "2026-11-24" });
    const note = await screen.findByTestId("cycle-likely-missed");
    expect(note.textContent).toBe("Cerca do dobro do seu ciclo habitual: provavelmente falta registar um período, por volta de 1 de setembro.");
    const log = screen.getByRole("button", { name: "Registar esse período" });
    expect(log.getAttribute("aria-describedby")).toBe(note.id);
    fireEvent.click(log);
    // The usual five days from the likely first day, not "still going on" from today.
    const dialog = await screen.findByTestId("period-dialog");
    expect((within(dialog).getByLabelText("Primeiro dia", { exact: true }) as HTMLInputElement).value).toBe("01/09/2026");
    expect((within(dialog).getByLabelText("Último dia", { exact: true }) as HTMLInputElement).value).toBe("05/09/2026");
    expect(within(dialog).getByText("5 dias")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === "POST")).toEqual([{ method: "POST", path: "/api/v1/cycle/days/range", body: { start: "2026-09-01", end: "2026-09-05", flow: "medium" } }]),
    );
  });

  describe("a long cycle the person says was real (0113 \"Revised\")", () => {
    // 28-day cycles, then 56 days from 4 August to 29 September.
    const starts = ["2026-06-09", "2026-07-07", "2026-08-04", "2026-09-29", "2026-10-27"];
    const days = starts.map((date) => ({ date, flow: "medium" as const }));
    afterEach(() => setOfflineSnapshot({ userId: null, changes: [] }));

    it("counts it with 'Foi mesmo um ciclo longo', reloads the prediction, and the toast's 'Anular' takes it back", async () => {
      const toasts: { title: unknown; action?: { onClick: () => void } }[] = [];
      const stop = subscribeToasts((shown) => toasts.push(...shown));
      const loader = renderCycle(predictCycle(days));
      await screen.findByTestId("cycle-likely-missed");
      const confirm = screen.getByRole("button", { name: "Foi mesmo um ciclo longo" });
      expect(confirm.getAttribute("aria-describedby")).toBe(screen.getByTestId("cycle-likely-missed").id);
      fireEvent.click(confirm);
      await waitFor(() => expect(requests.filter((r) => r.method !== "GET")).toEqual([{ method: "POST", path: "/api/v1/cycle/long-cycles", body: { start: "2026-08-04" } }]));
      await waitFor(() => expect(loader).toHaveBeenCalledTimes(2));
      const saved = toasts.find((t) => JSON.stringify(t.title).includes("cycle:cycles.confirmedSaved"));
      expect(saved?.action).toBeTruthy();
      saved!.action!.onClick();
      await waitFor(() => expect(requests.filter((r) => r.method === "DELETE")).toEqual([{ method: "DELETE", path: "/api/v1/cycle/long-cycles/2026-08-04", body: undefined }]));
      await waitFor(() => expect(loader).toHaveBeenCalledTimes(3));
      stop();
    });

    it("lists a cycle so counted among the others, says why, and offers to take it back", async () => {
      renderCycle(predictCycle(days, ["2026-08-04"]));
      const note = await screen.findByTestId("cycle-confirmed-long");
      expect(note.textContent).toBe("Contado na média: disse que este ciclo foi mesmo longo.");
      expect(screen.queryByTestId("cycle-likely-missed")).toBeNull();
      expect(screen.queryByRole("button", { name: "Foi mesmo um ciclo longo" })).toBeNull();
      fireEvent.click(screen.getByRole("button", { name: "Afinal não foi" }));
      await waitFor(() => expect(requests.filter((r) => r.method !== "GET")).toEqual([{ method: "DELETE", path: "/api/v1/cycle/long-cycles/2026-08-04", body: undefined }]));
    });

    it("says a count given offline waits to be sent, instead of asking again", async () => {
      setOfflineSnapshot({
        userId: "u1",
        changes: [{ seq: 1, key: "k1", userId: "u1", kind: "cycle.markLong", method: "POST", path: "/cycle/long-cycles", body: { start: "2026-08-04" }, label: "", createdAt: 0, attempts: 0, nextAttemptAt: 0, status: "pending" }],
      });
      renderCycle(predictCycle(days));
      expect((await screen.findByTestId("cycle-long-pending")).textContent).toMatch(/por enviar/);
      expect(screen.queryByRole("button", { name: "Foi mesmo um ciclo longo" })).toBeNull();
    });
  });

  it("says nothing of irregularity for regular cycles", async () => {
    renderCycle(predictCycle(["2026-09-01", "2026-09-29", "2026-10-28"].map((date) => ({ date, flow: "medium" as const }))));
    await screen.findByTestId("cycle-prediction");
    expect(screen.queryByTestId("cycle-irregular")).toBeNull();
  });

  // Periods on 1 Sep, 29 Sep and 27 Oct: 28-day cycles, the next due 24 Nov, ovulation 10 Nov, fertile 5–11 Nov.
  const regular = () => predictCycle(["2026-09-01", "2026-09-29", "2026-10-27"].map((date) => ({ date, flow: "medium" as const })));

  it("says how many days late a period is, and no longer shows that cycle's ovulation and fertile window as current", async () => {
    expect(regular()).toMatchObject({ nextPeriodStart: "2026-11-24", ovulation: "2026-11-10" });
    renderCycle(regular(), { today: "2026-12-04" });
    const summary = await screen.findByTestId("cycle-prediction");
    expect(screen.getByTestId("period-late").textContent).toBe("Atrasado há 10 dias");
    expect(summary.textContent).toMatch(/A data prevista já passou/);
    expect(summary.textContent).not.toMatch(/Ovulação estimada|Janela fértil/);
    expect(screen.queryByTestId("fertile-window")).toBeNull();
    cleanup();

    renderCycle(regular(), { today: "2026-11-25", language: "en" });
    expect((await screen.findByTestId("period-late")).textContent).toBe("1 day late");
  });

  it("shows the ovulation and fertile window, and no lateness, while the predicted date is still ahead", async () => {
    renderCycle(regular(), { today: "2026-11-08" });
    const summary = await screen.findByTestId("cycle-prediction");
    expect(screen.queryByTestId("period-late")).toBeNull();
    expect(summary.textContent).toMatch(/Ovulação estimada/);
    expect(screen.getByTestId("fertile-window")).toBeTruthy();
  });

  it("names the year of a cycle that began in another year, so a year of history has no two alike", async () => {
    renderCycle(predictCycle(["2025-11-02", "2025-11-30", "2025-12-28", "2026-01-25", "2026-10-05", "2026-11-02"].map((date) => ({ date, flow: "medium" as const }))), { today: "2026-11-24" });
    const items = [...(await screen.findByTestId("cycle-list")).querySelectorAll("li")].map((li) => li.textContent);
    expect(items).toContain("Início a 5 de outubro28 dias");
    expect(items).toContain("Início a 2 de novembro de 202528 dias");
    expect(items).toContain("Início a 28 de dezembro de 202528 dias");
  });

  it("suggests a period's flow for the day after a flow day outside the month shown", async () => {
    // November on screen (its grid from 26 October); the user logs 1 October, the day after the
    // 29 September period's second day, which only the API knows.
    stored = [logged, { id: "d30", date: "2026-09-30", flow: "heavy", symptoms: [], mood: null, notes: "" }];
    renderCycle(regular(), { today: "2026-11-08" });
    fireEvent.click(await screen.findByRole("button", { name: "Registar outro dia" }));
    const dialog = await screen.findByRole("dialog");
    const field = within(dialog).getByLabelText("Dia", { exact: true });
    expect(within(dialog).getByRole("radio", { name: "Sem fluxo" }).getAttribute("aria-checked")).toBe("true"); // today, mid-cycle
    fireEvent.change(field, { target: { value: "01/10/2026" } });
    fireEvent.blur(field);
    await waitFor(() => expect(within(dialog).getByRole("radio", { name: "Médio" }).getAttribute("aria-checked")).toBe("true"));
  });

  describe("logging a period", () => {
    afterEach(() => setOfflineSnapshot({ userId: null, changes: [] }));
    const queued = (kind: QueuedChange["kind"], method: QueuedChange["method"], path: string, body: Record<string, unknown>, seq: number): QueuedChange => ({
      seq,
      key: `k${seq}`,
      userId: "u1",
      kind,
      method,
      path,
      body,
      label: "",
      createdAt: 0,
      attempts: 0,
      nextAttemptAt: 0,
      status: "pending",
    });

    it("opens the period dialog from 'Registar período'", async () => {
      renderCycle();
      fireEvent.click(await screen.findByRole("button", { name: "Registar período" }));
      expect(await screen.findByRole("dialog", { name: "Registar período" })).toBeTruthy();
      expect(screen.getByLabelText("Ainda a decorrer")).toBeTruthy();
    });

    it("draws days logged or deleted offline at once, marked as waiting to be sent", async () => {
      setOfflineSnapshot({
        userId: "u1",
        changes: [
          queued("cycle.period", "POST", "/cycle/days/range", { start: "2026-11-02", end: "2026-11-06", flow: "heavy" }, 1),
          queued("cycle.delete", "DELETE", "/cycle/days/d12", {}, 2),
        ],
      });
      renderCycle();
      for (const date of ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06"]) {
        const cell = (await screen.findAllByRole("button")).find((b) => b.getAttribute("data-date") === date)!;
        expect(cell.getAttribute("data-pending"), date).toBe("true");
        expect(cell.getAttribute("data-marks")).toMatch(/logged/);
        expect(cell.getAttribute("aria-label")).toMatch(/Intenso.*por enviar/);
      }
      // The day deleted offline is no longer drawn as logged.
      expect(dayCell().getAttribute("aria-label")).not.toMatch(/Período registado/);
      expect(dayCell().getAttribute("data-pending")).toBe("true");
      // And the waiting changes are listed, as on the other screens.
      expect(await screen.findByTestId("queued-changes")).toBeTruthy();
    });

    it("a first period logged offline shows the calendar instead of the empty state", async () => {
      setOfflineSnapshot({ userId: "u1", changes: [queued("cycle.period", "POST", "/cycle/days/range", { start: "2026-11-22", flow: "medium" }, 1)] });
      renderCycle(predictCycle([]), { days: [] });
      const cell = await screen.findByRole("button", { name: /24 de novembro.*por enviar/ });
      expect(cell.getAttribute("data-pending")).toBe("true");
      expect(screen.queryByRole("heading", { name: "Ainda não registou nenhum dia" })).toBeNull();
    });
  });
});
