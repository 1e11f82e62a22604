// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Outlet, createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { undos } from "~/components/ui/undo.test-utils";
import type { QueuedChange } from "~/lib/offline/queue";
import { setOfflineSnapshot } from "~/lib/offline/state";
import type { Routine } from "./routine-form";

// The route module's loader reaches the Worker; the screen under test never calls it.
vi.mock("~/lib/auth.server", () => ({ requireUser: vi.fn() }));
vi.mock("@worker/db/client", () => ({ database: vi.fn() }));
vi.mock("@worker/modules/selfCare/queries", () => ({ listRoutinesRead: vi.fn(), historyRead: vi.fn() }));
vi.mock("~/lib/use-entity-changes", () => ({ useEntityChanges: () => undefined }));
// The offline queue's store: what undoing a day takes out of it.
const { discard } = vi.hoisted(() => ({ discard: vi.fn(async () => undefined) }));
vi.mock("~/lib/offline/runtime", () => ({ queue: { discard }, enqueueChange: vi.fn(), replayNow: vi.fn(async () => undefined), withRealId: (write: unknown) => write }));
// The undo toast's delete, kept to send it at once (the real one waits for the undo window).
vi.mock("~/components/ui/undo", () => import("~/components/ui/undo.test-utils"));

const { default: SelfCareScreen } = await import("./routes/self-care");

const routine = (id: string, title: string): Routine => ({
  id,
  title,
  category: "movement",
  description: "",
  frequency: "daily",
  weekdays: [],
  durationMinutes: 20,
  reminderTime: null,
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
  streakDays: 0,
  longestStreakDays: 0,
  scheduledToday: true,
  checkedInToday: false,
  recentCheckIns: [],
  steps: [],
  stepsTickedToday: [],
  timesPerDay: 1,
  countToday: 0,
});

beforeEach(() => {
  undos.length = 0;
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

function renderSelfCare(routines: Routine[] | (() => Routine[]), history: { routineId: string; date: string }[] = []) {
  const Stub = createRoutesStub([
    {
      id: "routes/app/layout",
      path: "/app",
      loader: () => ({ entitlements: ["selfCare"] }),
      Component: Outlet,
      children: [
        {
          path: "autocuidado",
          loader: () => ({ routines: typeof routines === "function" ? routines() : routines, history, today: "2026-11-10", timeZone: "Europe/Lisbon" }),
          Component: SelfCareScreen,
        },
      ],
    },
  ]);
  renderWithI18n(<Stub initialEntries={["/app/autocuidado"]} />);
}

/** The form is loaded on demand (a dynamic import): its first load in a test run, transformed on the spot, can take over findBy's default second. */
const FORM_LOAD = { timeout: 5000 };

describe("the routine form's focus", () => {
  it("goes back to the routine's 'Editar' when its form is cancelled", async () => {
    renderSelfCare([routine("r1", "Caminhada"), routine("r2", "Alongar")]);
    fireEvent.click(await screen.findByRole("button", { name: "Editar «Alongar»" }));
    fireEvent.click(await screen.findByRole("button", { name: "Cancelar" }, FORM_LOAD));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Cancelar" })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Editar «Alongar»" }));
  });

  it("goes back to the routine's 'Editar' when its changes are saved", async () => {
    renderSelfCare([routine("r1", "Caminhada")]);
    fireEvent.click(await screen.findByRole("button", { name: "Editar «Caminhada»" }));
    fireEvent.change(await screen.findByLabelText("Título", {}, FORM_LOAD), { target: { value: "Caminhada longa" } });
    fireEvent.submit(screen.getByRole("form"));
    await waitFor(() => expect(screen.queryByRole("form")).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Editar «Caminhada longa»" }));
  });

  it("goes back to 'Nova rotina' after a new routine is saved, and after the first one is cancelled", async () => {
    renderSelfCare([routine("r1", "Caminhada")]);
    fireEvent.click(await screen.findByRole("button", { name: "Nova rotina" }));
    fireEvent.change(await screen.findByLabelText("Título", {}, FORM_LOAD), { target: { value: "Beber água" } });
    fireEvent.submit(screen.getByRole("form"));
    await screen.findByRole("button", { name: "Editar «Beber água»" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Nova rotina" }));
    cleanup();

    renderSelfCare([]);
    fireEvent.click(await screen.findByRole("button", { name: "Nova rotina" }));
    fireEvent.click(await screen.findByRole("button", { name: "Cancelar" }, FORM_LOAD));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Cancelar" })).toBeNull());
    // The empty state's button, the one that opened the form.
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Nova rotina" }));
  });
});

describe("removing a routine", () => {
  it("takes it away at once with 'Anular', which brings it back with its history; the DELETE waits for the toast", async () => {
    const history = [
      { routineId: "r1", date: "2026-11-08" },
      { routineId: "r1", date: "2026-11-09" },
    ];
    renderSelfCare([{ ...routine("r1", "Caminhada"), streakDays: 2, longestStreakDays: 5, recentCheckIns: ["2026-11-08", "2026-11-09"] }, routine("r2", "Alongar")], history);
    fireEvent.click(await screen.findByRole("button", { name: "Eliminar «Caminhada»" }));

    // No dialog in the way: the routine leaves the screen (its card and its history), nothing sent yet.
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Editar «Caminhada»" })).toBeNull());
    expect(screen.queryByRole("table", { name: "Caminhada" })).toBeNull();
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
    expect(undos).toHaveLength(1);
    expect(undos[0].title).toEqual({ key: "selfCare:removed" });
    expect(undos[0].undoLabel).toEqual({ key: "ui:undo" });

    // "Anular": the same routine is back, streak and history as they were (nothing was deleted).
    act(() => undos[0].restore());
    expect(await screen.findByRole("button", { name: "Editar «Caminhada»" })).toBeTruthy();
    expect(screen.getByRole("table", { name: "Caminhada" })).toBeTruthy();
    expect(screen.getAllByTestId("streak")[0].textContent).toMatch(/2 dias seguidos/);
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();

    // Without it, the DELETE goes once the toast has gone.
    fireEvent.click(screen.getByRole("button", { name: "Eliminar «Caminhada»" }));
    await expect(undos[1].commit()).resolves.toBe(true);
    expect(vi.mocked(fetch)).toHaveBeenCalledOnce();
    const [url, init] = vi.mocked(fetch).mock.calls[0];
    expect(String(url)).toMatch(/\/routines\/r1$/);
    expect(init?.method).toBe("DELETE");
    expect(screen.queryByRole("button", { name: "Editar «Caminhada»" })).toBeNull();
    expect(screen.getByRole("button", { name: "Editar «Alongar»" })).toBeTruthy();
  });
});

describe("a past day's checklist (decision 0112, revised)", () => {
  it("ticks a step of that day with its date, and the day shows done when the answer says the last tick did it", async () => {
    const morning: Routine = {
      ...routine("r1", "Rotina da manhã"),
      steps: [
        { id: "s1", text: "Beber água" },
        { id: "s2", text: "Alongar" },
      ],
      stepsTickedByDate: { "2026-11-08": ["s2"] },
    };
    const sent: { url: string; method?: string; body: unknown }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        sent.push({ url: String(input), method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        const answer = { ...morning, recentCheckIns: ["2026-11-08"], stepsTickedByDate: {} };
        return new Response(JSON.stringify({ date: "2026-11-08", routine: answer }), { status: 201, headers: { "content-type": "application/json" } });
      }),
    );
    renderSelfCare([morning]);
    const day = await screen.findByRole("button", { name: "08/11/2026: 1 de 2 passos (Rotina da manhã)" });
    fireEvent.click(day);
    // The dialog's checkbox, not today's on the card.
    const dialog = await screen.findByRole("dialog", {}, FORM_LOAD);
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Beber água" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: "POST", body: { date: "2026-11-08" } });
    expect(sent[0].url).toMatch(/\/routines\/r1\/steps\/s1\/ticks$/);
    await waitFor(() => expect(screen.getByRole("button", { name: "08/11/2026: feito (Rotina da manhã)", hidden: true }).getAttribute("aria-pressed")).toBe("true"));
  });

  describe("undone while its last tick waits in the offline queue", () => {
    afterEach(() => {
      setOfflineSnapshot({ userId: null, changes: [] });
      discard.mockClear();
    });
    const queuedTick = (stepId: string, date: string): QueuedChange => ({
      seq: 1,
      key: `k-${stepId}`,
      userId: "u1",
      kind: "routine.stepTick",
      method: "POST",
      path: `/routines/r1/steps/${stepId}/ticks`,
      body: { date },
      label: "",
      createdAt: 0,
      attempts: 0,
      nextAttemptAt: 0,
      status: "pending",
    });
    const morning = (ticked: string[]): Routine => ({
      ...routine("r1", "Rotina da manhã"),
      steps: [
        { id: "s1", text: "Beber água" },
        { id: "s2", text: "Alongar" },
      ],
      stepsTickedByDate: ticked.length ? { "2026-11-08": ticked } : {},
    });
    const undoDay = async () => {
      fireEvent.click(await screen.findByRole("button", { name: "08/11/2026: feito, por enviar (Rotina da manhã)" }));
      const dialog = await screen.findByRole("dialog", {}, FORM_LOAD);
      fireEvent.click(within(dialog).getByRole("button", { name: "Desmarcar" }));
    };

    it("takes the tick out of the queue, so it cannot do the day again when sent, and clears the day's ticks on the server", async () => {
      const sent: { url: string; method?: string }[] = [];
      vi.stubGlobal(
        "fetch",
        vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
          sent.push({ url: String(input), method: init?.method });
          return new Response(JSON.stringify({ routine: morning([]) }), { status: 200, headers: { "content-type": "application/json" } });
        }),
      );
      // "Beber água" ticked on the server, "Alongar" (the last step) still in the queue.
      setOfflineSnapshot({ userId: "u1", changes: [queuedTick("s2", "2026-11-08")] });
      renderSelfCare([morning(["s1"])]);
      await undoDay();
      await waitFor(() => expect(discard).toHaveBeenCalledWith(expect.objectContaining({ key: "k-s2" })));
      await waitFor(() => expect(sent).toEqual([expect.objectContaining({ method: "DELETE" })]));
      expect(sent[0].url).toMatch(/\/routines\/r1\/check-ins\/2026-11-08$/);
    });

    it("with every tick of the day only in the queue, takes them out and asks the server nothing", async () => {
      const fetch = vi.fn();
      vi.stubGlobal("fetch", fetch);
      setOfflineSnapshot({ userId: "u1", changes: [queuedTick("s1", "2026-11-08"), { ...queuedTick("s2", "2026-11-08"), seq: 2 }] });
      renderSelfCare([morning([])]);
      await undoDay();
      await waitFor(() => expect(discard).toHaveBeenCalledTimes(2));
      expect(fetch).not.toHaveBeenCalled();
    });
  });
});

describe("a routine counted in a day (decision 0117)", () => {
  const water = (count: number): Routine => ({ ...routine("w1", "Beber água"), timesPerDay: 8, countToday: count });
  const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const puts = () => vi.mocked(fetch).mock.calls.filter(([, init]) => init?.method === "PUT").map(([url, init]) => [String(url).replace(/^.*\/api\/v1/, ""), JSON.parse(String(init!.body))]);

  beforeEach(() => {
    // The tap writes the user's date at that moment: the page's day.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-10T12:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("shows a tap at once and puts the count back, with the reason, when the server refuses it", async () => {
    const shown: string[] = [];
    const { subscribeToasts } = await import("~/components/shell/toast-store");
    subscribeToasts((toasts) => shown.push(...toasts.map((t) => String(t.title))));
    let refuse!: (response: Response) => void;
    vi.mocked(fetch).mockImplementation(() => new Promise<Response>((resolve) => (refuse = resolve)));
    renderSelfCare([water(3)]);
    fireEvent.click(await screen.findByRole("button", { name: "Mais uma vez: Beber água" }));
    expect(screen.getByRole("group", { name: "Beber água: 4 de 8 vezes hoje" })).toBeTruthy();
    expect(puts()).toEqual([["/routines/w1/counts/2026-11-10", { count: 4 }]]);
    await act(async () => refuse(answer(400, { error: { code: "validation_failed", message: "A contagem não pode passar das vezes por dia da rotina.", fields: {} } })));
    await screen.findByRole("group", { name: "Beber água: 3 de 8 vezes hoje" });
    expect(shown).toContain("A contagem não pode passar das vezes por dia da rotina.");
  });

  it("keeps a count's answer over a reload that read the routine before that write (quick taps outrun the page's reloads)", async () => {
    let loads = 0;
    // Every reload answers what was read before the write: 3, at 10:00.
    const stale = () => {
      loads++;
      return [{ ...water(3), updatedAt: "2026-11-10T10:00:00.000Z" }];
    };
    vi.mocked(fetch).mockImplementation(async () => answer(200, { date: "2026-11-10", routine: { ...water(4), updatedAt: "2026-11-10T10:00:05.000Z" } }));
    renderSelfCare(stale);
    const plusOne = await screen.findByRole("button", { name: "Mais uma vez: Beber água" });
    const before = loads;
    fireEvent.click(plusOne);
    // The answer asks for a reload; it lands after the answer and must not take the count back.
    await waitFor(() => expect(loads).toBeGreaterThan(before));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole("group", { name: "Beber água: 4 de 8 vezes hoje" })).toBeTruthy();
    // The next tap counts from 4.
    fireEvent.click(plusOne);
    await waitFor(() => expect(puts().at(-1)).toEqual(["/routines/w1/counts/2026-11-10", { count: 5 }]));
  });

  it("sends one count at a time: taps made while one is on the way go as the latest count, which the screen then shows", async () => {
    const pending: ((response: Response) => void)[] = [];
    vi.mocked(fetch).mockImplementation(() => new Promise<Response>((resolve) => pending.push(resolve)));
    renderSelfCare([water(3)]);
    const plusOne = await screen.findByRole("button", { name: "Mais uma vez: Beber água" });
    fireEvent.click(plusOne);
    fireEvent.click(plusOne);
    fireEvent.click(plusOne);
    expect(screen.getByRole("group", { name: "Beber água: 6 de 8 vezes hoje" })).toBeTruthy();
    expect(puts()).toEqual([["/routines/w1/counts/2026-11-10", { count: 4 }]]);
    await act(async () => pending[0](answer(200, { date: "2026-11-10", routine: water(4) })));
    await waitFor(() => expect(puts()).toEqual([["/routines/w1/counts/2026-11-10", { count: 4 }], ["/routines/w1/counts/2026-11-10", { count: 6 }]]));
    // The first answer (4) is not shown over the taps that followed it.
    expect(screen.getByRole("group", { name: "Beber água: 6 de 8 vezes hoje" })).toBeTruthy();
    await act(async () => pending[1](answer(200, { date: "2026-11-10", routine: water(6) })));
    await screen.findByRole("group", { name: "Beber água: 6 de 8 vezes hoje" });
    expect(puts()).toHaveLength(2);
  });

  it("sets a past day's count from its dialog with that day's date, shown at once in the strip (decision 0117, revised)", async () => {
    let answer200!: (response: Response) => void;
    vi.mocked(fetch).mockImplementation(() => new Promise<Response>((resolve) => (answer200 = resolve)));
    renderSelfCare([{ ...water(3), countsByDate: { "2026-11-08": 5 } }]);
    const day = () => document.querySelector<HTMLElement>('[data-testid="routine"] [data-date="2026-11-08"]')!;
    await waitFor(() => expect(day().getAttribute("aria-label")).toBe("08/11/2026: 5 de 8 vezes (Beber água)"));
    fireEvent.click(day());
    const dialog = await screen.findByRole("dialog", { name: "Beber água: 8 de novembro de 2026" }, FORM_LOAD);
    fireEvent.click(within(dialog).getByRole("button", { name: "Mais uma vez: Beber água" }));
    expect(puts()).toEqual([["/routines/w1/counts/2026-11-08", { count: 6 }]]);
    // At once, in the dialog and the strip; today's counter is left alone.
    expect(within(dialog).getByRole("group", { name: "Beber água, 8 de novembro de 2026: 6 de 8 vezes" })).toBeTruthy();
    expect(day().getAttribute("aria-label")).toBe("08/11/2026: 6 de 8 vezes (Beber água)");
    // (Behind the modal dialog, out of the accessibility tree.)
    expect(document.querySelector('[data-testid="routine"] [data-testid="routine-count"]')!.getAttribute("aria-label")).toBe("Beber água: 3 de 8 vezes hoje");
    // The answer (its write moved `updatedAt`) stays over the reload it asks for, which the stub answers from before.
    await act(async () => answer200(answer(200, { date: "2026-11-08", routine: { ...water(3), countsByDate: { "2026-11-08": 6 }, updatedAt: "2026-11-10T12:00:00.000Z" } })));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(day().getAttribute("aria-label")).toBe("08/11/2026: 6 de 8 vezes (Beber água)");
    expect(puts()).toHaveLength(1);
  });
});
