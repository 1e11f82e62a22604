// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { subscribeToasts, valuesIn, type Toast } from "~/components/shell/toast-store";
import { createI18n } from "~/i18n/i18n.server";
import { matchesFilter, type EntityChange, type EntityFilter } from "~/lib/entity-changes";
import { DEFAULT_WORKING_HOURS } from "@worker/modules/tasks/scheduling";
import type { TaskView } from "./model";

// The route module's server half (loader) reaches the Worker; the screen under test never calls it.
vi.mock("~/lib/auth.server", () => ({ requireUser: vi.fn() }));
// What the screen listens for: a change to those elsewhere revalidates it.
const watched = vi.hoisted(() => ({ entities: [] as EntityFilter }));
vi.mock("~/lib/use-entity-changes", () => ({
  useEntityChanges: (entities: EntityFilter) => {
    watched.entities = entities;
  },
}));
vi.mock("@worker/db/client", () => ({ database: vi.fn() }));
vi.mock("@worker/modules/tasks/api", () => ({ publicTask: vi.fn() }));
vi.mock("@worker/modules/timeline", () => ({ userTimelineRead: vi.fn(), userTimelineWithinRead: vi.fn() }));

const { default: TasksScreen } = await import("./routes/tasks");

// The draft's dialog and its parts load on first use: fetched up front, as the idle preload does.
beforeAll(() => Promise.all([import("./task-dialog"), import("~/components/ui/dialog-parts"), import("~/lib/quick-add")]));

const created: TaskView = {
  id: "t9",
  title: "Ligar ao banco",
  description: "",
  priority: "medium",
  durationMinutes: 30,
  dueDate: null,
  status: "todo",
  scheduledStart: null,
  scheduledEnd: null,
  recurrence: null,
  completedAt: null,
  createdAt: "2026-11-24T10:00:00.000Z",
  updatedAt: "2026-11-24T10:00:00.000Z",
  overdue: false,
  steps: [],
};

let posted: unknown[];
/** The pages GET /tasks answers, by the request's path and query. */
let pages: Record<string, { items: TaskView[]; nextCursor: string | null }>;
beforeEach(() => {
  posted = [];
  pages = {};
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === "POST") posted.push(JSON.parse(String(init.body)));
      const page = pages[String(input)];
      if (page) return new Response(JSON.stringify(page), { status: 200, headers: { "content-type": "application/json" } });
      return new Response(JSON.stringify({ task: created }), { status: 201, headers: { "content-type": "application/json" } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type PendingData = { pending: TaskView[]; pendingCount: number; pendingCursor: string | null };
function renderTasks(pending: PendingData | (() => PendingData) = { pending: [], pendingCount: 0, pendingCursor: null }) {
  const Stub = createRoutesStub([
    {
      path: "/app/tarefas",
      loader: () => ({ today: "2026-11-24", day: "2026-11-24", timeZone: "Europe/Lisbon", focusId: null, workingHours: DEFAULT_WORKING_HOURS, timeline: [], others: [], ...(typeof pending === "function" ? pending() : pending) }),
      Component: TasksScreen,
    },
  ]);
  renderWithI18n(<Stub initialEntries={["/app/tarefas"]} />);
}

describe("the tasks screen's quick add", () => {
  it("keeps the sentence when its draft is closed, and empties the box once the draft is saved", async () => {
    renderTasks();
    const box = (await screen.findByLabelText("Adição rápida")) as HTMLInputElement;
    fireEvent.change(box, { target: { value: "ligar ao banco" } });
    fireEvent.submit(screen.getByTestId("quick-add"));
    const title = await screen.findByLabelText("Título");
    expect(screen.getByRole("heading", { name: "Confirmar tarefa" })).toBeTruthy();
    // Escaped unchanged: the draft goes at once, the sentence stays to be read again.
    fireEvent.keyDown(title, { key: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("task-form")).toBeNull());
    expect(box.value).toBe("ligar ao banco");

    fireEvent.submit(screen.getByTestId("quick-add"));
    fireEvent.click(await screen.findByRole("button", { name: "Criar tarefa" }));
    await waitFor(() => expect(posted).toEqual([expect.objectContaining({ title: "Ligar ao banco" })]));
    await waitFor(() => expect(box.value).toBe(""));
  });
});

describe("the tasks screen's pending list", () => {
  const pendingTask = (n: number): TaskView => ({ ...created, id: `p${n}`, title: `Pendente ${n}`, priority: "low" });

  it("counts every pending task, not the page's, and loads the next page with the API's cursor", async () => {
    // The loader's first page ends at 200 (here two stand for it) with a cursor; 201 are pending.
    renderTasks({ pending: [pendingTask(1), pendingTask(2)], pendingCount: 201, pendingCursor: "after-200" });
    expect(await screen.findByText("Por fazer: 201")).toBeTruthy();
    pages["/api/v1/tasks?status=todo,in_progress&limit=200&cursor=after-200"] = { items: [pendingTask(3)], nextCursor: null };
    fireEvent.click(screen.getByRole("button", { name: "Carregar mais" }));
    expect(await screen.findByText("Pendente 3")).toBeTruthy();
    const list = screen.getByTestId("pending-list");
    expect([...list.querySelectorAll("[data-testid=task-item]")].map((li) => li.getAttribute("data-task-id"))).toEqual(["p1", "p2", "p3"]);
    // The last page: nothing more to load.
    expect(screen.queryByRole("button", { name: "Carregar mais" })).toBeNull();
    expect(screen.getByText("Por fazer: 201")).toBeTruthy();
  });

  it("reads the rows after a fresh first page again once a change reloads it (none stale or skipped)", async () => {
    let first = { pending: [pendingTask(1), pendingTask(2)], pendingCount: 202, pendingCursor: "after-200" as string | null };
    renderTasks(() => first);
    pages["/api/v1/tasks?status=todo,in_progress&limit=200&cursor=after-200"] = { items: [pendingTask(3), pendingTask(4)], nextCursor: null };
    fireEvent.click(await screen.findByRole("button", { name: "Carregar mais" }));
    expect(await screen.findByText("Pendente 4")).toBeTruthy();
    // Completing task 3 (on the second page) reloads the first page, which now ends elsewhere.
    first = { pending: [pendingTask(1), pendingTask(2)], pendingCount: 201, pendingCursor: "after-200-again" };
    pages["/api/v1/tasks?status=todo,in_progress&limit=2&cursor=after-200-again"] = { items: [pendingTask(4)], nextCursor: null };
    fireEvent.click(within(screen.getByTestId("pending-list")).getByRole("checkbox", { name: "Marcar como concluída: Pendente 3" }));
    await waitFor(() => expect(screen.queryByText("Pendente 3")).toBeNull());
    expect(screen.getByText("Pendente 4")).toBeTruthy();
    expect(screen.getByText("Por fazer: 201")).toBeTruthy();
  });

  it("names each task's checkbox after its task, so a screen reader tells them apart", async () => {
    renderTasks({ pending: [pendingTask(1), { ...pendingTask(2), status: "done" }], pendingCount: 2, pendingCursor: null });
    expect(await screen.findByRole("checkbox", { name: "Marcar como concluída: Pendente 1" })).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "Marcar como por fazer: Pendente 2" })).toBeTruthy();
  });

  it("moves focus to the first row 'Carregar mais' brought and says how many came, once the button is gone", async () => {
    renderTasks({ pending: [pendingTask(1), pendingTask(2)], pendingCount: 204, pendingCursor: "after-200" });
    pages["/api/v1/tasks?status=todo,in_progress&limit=200&cursor=after-200"] = { items: [pendingTask(3)], nextCursor: "after-201" };
    pages["/api/v1/tasks?status=todo,in_progress&limit=200&cursor=after-201"] = { items: [pendingTask(4), pendingTask(5)], nextCursor: null };
    const button = await screen.findByRole("button", { name: "Carregar mais" });
    const status = within(screen.getByTestId("pending-list")).getByRole("status");
    fireEvent.click(button);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("checkbox", { name: "Marcar como concluída: Pendente 3" })));
    expect(status.textContent).toBe("1 tarefa carregada");
    // The last page: the button goes, and focus does not go with it.
    fireEvent.click(screen.getByRole("button", { name: "Carregar mais" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("checkbox", { name: "Marcar como concluída: Pendente 4" })));
    expect(screen.queryByRole("button", { name: "Carregar mais" })).toBeNull();
    expect(status.textContent).toBe("2 tarefas carregadas");
  });

  it("offers no more when the first page holds every pending task", async () => {
    renderTasks({ pending: [pendingTask(1)], pendingCount: 1, pendingCursor: null });
    expect(await screen.findByText("Por fazer: 1")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Carregar mais" })).toBeNull();
  });
});

describe("the tasks screen kept fresh", () => {
  const change = (entity: string): EntityChange => ({ type: "entity.changed", seq: 1, entity, id: "x", action: "updated" });

  it("reloads when a task or a calendar event (shown in the day timeline) changes elsewhere", async () => {
    renderTasks();
    await screen.findByTestId("day-timeline");
    expect(matchesFilter(watched.entities, change("task"))).toBe(true);
    expect(matchesFilter(watched.entities, change("event"))).toBe(true);
    expect(matchesFilter(watched.entities, change("diary"))).toBe(false);
  });

  it("moves on to the new day when a page left open past midnight is seen again: 'Hoje' and overdue read yesterday", async () => {
    let loads = 0;
    renderTasks(() => (loads++, { pending: [], pendingCount: 0, pendingCursor: null }));
    await screen.findByTestId("day-timeline");
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

describe("completing a task", () => {
  it("offers 'Anular' on the toast, which makes the task to do again and removes the repetition it created", async () => {
    const task: TaskView = { ...created, id: "r1", title: "Regar as plantas", dueDate: "2026-11-24", recurrence: "FREQ=DAILY" };
    const next: TaskView = { ...task, id: "r1-next", dueDate: "2026-11-25" };
    const calls: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const method = init?.method ?? "GET";
        calls.push({ method, url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
        const body = method === "PATCH" && calls.filter((c) => c.method === "PATCH").length === 1 ? { task: { ...task, status: "done" }, next } : { task };
        return new Response(method === "DELETE" ? null : JSON.stringify(body), { status: method === "DELETE" ? 204 : 200, headers: { "content-type": "application/json" } });
      }),
    );
    let toasts: Toast[] = [];
    const unsubscribe = subscribeToasts((list) => (toasts = list));
    try {
      renderTasks({ pending: [task], pendingCount: 1, pendingCursor: null });
      // The toast store outlives a test: this one's toast is the one made after the click.
      const before = Math.max(0, ...toasts.map((x) => x.id));
      fireEvent.click(await screen.findByRole("checkbox", { name: "Marcar como concluída: Regar as plantas" }));
      // Given as keys, which the toaster translates as it renders ("Tarefa concluída", "Anular").
      const completed = (x: Toast) => x.id > before && typeof x.title !== "string" && x.title.key === "tasks:toast.completed";
      await waitFor(() => expect(toasts.some(completed)).toBe(true));
      const done = toasts.find(completed)!;
      expect(done.action?.label).toEqual({ key: "tasks:toast.undo" });
      // The repetition's date too, worded in the language the toast is read in.
      const next = done.description;
      if (next === undefined || typeof next === "string") throw new Error("the repetition's date is given as a key and its values");
      expect(createI18n("en").t(next.key, valuesIn("en", next.values))).toContain("Nov 25");
      expect(createI18n("pt").t(next.key, valuesIn("pt", next.values))).toContain("25/11");
      done.action!.onClick();
      await waitFor(() => expect(calls.some((c) => c.method === "DELETE")).toBe(true));
      const writes = calls.filter((c) => c.method !== "GET");
      expect(writes).toEqual([
        { method: "PATCH", url: "/api/v1/tasks/r1", body: { status: "done" } },
        { method: "PATCH", url: "/api/v1/tasks/r1", body: { status: "todo" } },
        { method: "DELETE", url: "/api/v1/tasks/r1-next", body: undefined },
      ]);
    } finally {
      unsubscribe();
    }
  });
});

describe("taking a completion back", () => {
  it("puts a task that was in progress back in progress, not to do", async () => {
    const task: TaskView = { ...created, id: "w1", title: "Escrever o relatório", status: "in_progress" };
    const writes: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const method = init?.method ?? "GET";
        if (method !== "GET") writes.push({ method, url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
        return Response.json(writes.length === 1 ? { task: { ...task, status: "done" }, next: null } : { task });
      }),
    );
    let toasts: Toast[] = [];
    const unsubscribe = subscribeToasts((list) => (toasts = list));
    try {
      renderTasks({ pending: [task], pendingCount: 1, pendingCursor: null });
      const before = Math.max(0, ...toasts.map((x) => x.id));
      fireEvent.click(await screen.findByRole("checkbox", { name: "Marcar como concluída: Escrever o relatório" }));
      const completed = (x: Toast) => x.id > before && typeof x.title !== "string" && x.title.key === "tasks:toast.completed";
      await waitFor(() => expect(toasts.some(completed)).toBe(true));
      toasts.find(completed)!.action!.onClick();
      await waitFor(() => expect(writes).toHaveLength(2));
      expect(writes[1]).toEqual({ method: "PATCH", url: "/api/v1/tasks/w1", body: { status: "in_progress" } });
    } finally {
      unsubscribe();
    }
  });
});

describe("scheduling a task", () => {
  it("says when it went in the language the toast is read in: a switch while it is up reaches its date", async () => {
    const task: TaskView = { ...created, id: "s1", title: "Pagar a renda" };
    // The day shown (24 Nov): the screen stays on it, and the toast says when.
    const scheduled: TaskView = { ...task, scheduledStart: "2026-11-24T14:30:00.000Z", scheduledEnd: "2026-11-24T15:00:00.000Z" };
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ task: scheduled })));
    let toasts: Toast[] = [];
    const unsubscribe = subscribeToasts((list) => (toasts = list));
    try {
      renderTasks({ pending: [task], pendingCount: 1, pendingCursor: null });
      const before = Math.max(0, ...toasts.map((x) => x.id));
      fireEvent.click(await screen.findByRole("button", { name: "Agendar" }));
      await waitFor(() => expect(toasts.some((x) => x.id > before)).toBe(true));
      const title = toasts.find((x) => x.id > before)!.title;
      expect(typeof title).not.toBe("string");
      if (typeof title === "string") return;
      expect(title.key).toBe("tasks:toast.scheduled");
      expect(createI18n("pt").t(title.key, valuesIn("pt", title.values))).toBe("Agendada para 24/11 14:30");
      expect(createI18n("en").t(title.key, valuesIn("en", title.values))).toBe("Scheduled for Nov 24 2:30 PM");
    } finally {
      unsubscribe();
    }
  });
});

describe("'Planear o dia' on a day off", () => {
  const dayOff = { placed: [], unplaced: [{ task: created, reason: "not_working_day" }] };
  function answerPlan(answer: unknown) {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        const page = pages[String(input)];
        if (page) return new Response(JSON.stringify(page), { status: 200, headers: { "content-type": "application/json" } });
        return new Response(JSON.stringify(String(input) === "/api/v1/tasks/plan-day" ? answer : {}), { status: 200, headers: { "content-type": "application/json" } });
      }),
    );
  }
  function renderIn(language: "pt" | "en") {
    const Stub = createRoutesStub([
      {
        path: "/app/tarefas",
        loader: () => ({ today: "2026-11-24", day: "2026-11-24", timeZone: "Europe/Lisbon", focusId: null, workingHours: DEFAULT_WORKING_HOURS, timeline: [], others: [], pending: [created], pendingCount: 1, pendingCursor: null }),
        Component: TasksScreen,
      },
    ]);
    renderWithI18n(<Stub initialEntries={["/app/tarefas"]} />, language);
  }

  it("says today is not a working day (not 'sem espaço livre'), offers the working days, and closes with 'Fechar'", async () => {
    answerPlan(dayOff);
    renderIn("pt");
    fireEvent.click(await screen.findByTestId("plan-day"));
    const notice = await screen.findByTestId("plan-notice");
    expect(notice.textContent).toContain("Hoje não é um dia de trabalho nas suas definições");
    expect(notice.textContent).not.toContain("sem espaço livre");
    expect(within(notice).queryByRole("button", { name: "Cancelar" })).toBeNull();
    fireEvent.click(within(notice).getByRole("button", { name: "Alterar dias de trabalho" }));
    expect(await screen.findByTestId("working-hours-form")).toBeTruthy();
    fireEvent.keyDown(screen.getByTestId("working-hours-form"), { key: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("working-hours-form")).toBeNull());
    fireEvent.click(within(screen.getByTestId("plan-notice")).getByRole("button", { name: "Fechar" }));
    await waitFor(() => expect(screen.queryByTestId("plan-notice")).toBeNull());
  });

  it("says it in English too, with 'Close'", async () => {
    answerPlan(dayOff);
    renderIn("en");
    fireEvent.click(await screen.findByTestId("plan-day"));
    const notice = await screen.findByTestId("plan-notice");
    expect(notice.textContent).toContain("Today is not a working day in your settings");
    expect(within(notice).getByRole("button", { name: "Change working days" })).toBeTruthy();
    expect(within(notice).getByRole("button", { name: "Close" })).toBeTruthy();
  });

  it("still names the tasks that did not fit on a working day, and its dismiss link says 'Fechar', not 'Cancelar'", async () => {
    answerPlan({ placed: [], unplaced: [{ task: created, reason: "no_slot" }] });
    renderIn("pt");
    fireEvent.click(await screen.findByTestId("plan-day"));
    const notice = await screen.findByTestId("plan-notice");
    expect(notice.textContent).toContain("Não couberam no dia: Ligar ao banco (sem espaço livre)");
    expect(within(notice).queryByRole("button", { name: "Cancelar" })).toBeNull();
    fireEvent.click(within(notice).getByRole("button", { name: "Fechar" }));
    await waitFor(() => expect(screen.queryByTestId("plan-notice")).toBeNull());
  });
});

describe("a task's steps on its row (decision 0114)", () => {
  const trip: TaskView = {
    ...created,
    id: "trip",
    title: "Preparar viagem",
    steps: [
      { id: "s1", text: "Reservar hotel", done: true },
      { id: "s2", text: "Comprar bilhetes", done: false },
      { id: "s3", text: "Fazer mala", done: false },
    ],
  };

  it("shows the count, named with the task, and opens the steps as checkboxes named by their text", async () => {
    renderTasks({ pending: [trip, { ...created, id: "plain", title: "Sem passos" }], pendingCount: 2, pendingCursor: null });
    const toggle = await screen.findByRole("button", { name: "Passos de «Preparar viagem»: 1 de 3 passos" });
    expect(toggle.textContent).toContain("1 de 3 passos");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    // A task without steps shows no count.
    expect(screen.getAllByTestId("task-steps-toggle")).toHaveLength(1);
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const list = screen.getByRole("list", { name: "Passos de «Preparar viagem»" });
    expect(within(list).getAllByRole("checkbox").map((box) => [(box as HTMLInputElement).checked, box.closest("label")!.textContent])).toEqual([
      [true, "Reservar hotel"],
      [false, "Comprar bilhetes"],
      [false, "Fazer mala"],
    ]);
  });

  it("ticks one step with its own PATCH, shows it at once, and leaves the task as it is", async () => {
    const calls: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const method = init?.method ?? "GET";
        calls.push({ method, url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
        return new Response(JSON.stringify({ task: trip }), { status: 200, headers: { "content-type": "application/json" } });
      }),
    );
    renderTasks({ pending: [trip], pendingCount: 1, pendingCursor: null });
    fireEvent.click(await screen.findByRole("button", { name: /Passos de «Preparar viagem»/ }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Comprar bilhetes" }));
    expect(await screen.findByRole("button", { name: "Passos de «Preparar viagem»: 2 de 3 passos" })).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.method !== "GET")).toEqual([{ method: "PATCH", url: "/api/v1/tasks/trip/steps/s2", body: { done: true } }]));
    expect((screen.getByRole("checkbox", { name: "Marcar como concluída: Preparar viagem" }) as HTMLInputElement).checked).toBe(false);
  });

  it("puts the box back and says so when the tick is refused", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
        init?.method === "PATCH"
          ? new Response(JSON.stringify({ error: { code: "not_found", message: "Não encontrado." } }), { status: 404, headers: { "content-type": "application/json" } })
          : new Response(JSON.stringify({ task: trip }), { status: 200, headers: { "content-type": "application/json" } }),
      ),
    );
    let toasts: Toast[] = [];
    const unsubscribe = subscribeToasts((list) => (toasts = list));
    try {
      renderTasks({ pending: [trip], pendingCount: 1, pendingCursor: null });
      fireEvent.click(await screen.findByRole("button", { name: /Passos de «Preparar viagem»/ }));
      fireEvent.click(screen.getByRole("checkbox", { name: "Reservar hotel" }));
      await waitFor(() => expect(toasts.some((x) => x.tone === "error")).toBe(true));
      await waitFor(() => expect((screen.getByRole("checkbox", { name: "Reservar hotel" }) as HTMLInputElement).checked).toBe(true));
      expect(screen.getByRole("button", { name: "Passos de «Preparar viagem»: 1 de 3 passos" })).toBeTruthy();
    } finally {
      unsubscribe();
    }
  });

  it("brings a deleted task back with its steps when the delete is undone (nothing was sent)", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push(`${init?.method ?? "GET"} ${String(input)}`);
        return new Response(JSON.stringify({ task: trip }), { status: 200, headers: { "content-type": "application/json" } });
      }),
    );
    let toasts: Toast[] = [];
    const unsubscribe = subscribeToasts((list) => (toasts = list));
    try {
      renderTasks({ pending: [trip], pendingCount: 1, pendingCursor: null });
      const before = Math.max(0, ...toasts.map((x) => x.id));
      fireEvent.click(await screen.findByRole("button", { name: "Eliminar: Preparar viagem" }));
      await waitFor(() => expect(screen.queryByText("Preparar viagem")).toBeNull());
      const deleted = (x: Toast) => x.id > before && typeof x.title !== "string" && x.title.key === "tasks:toast.deleted";
      await waitFor(() => expect(toasts.some(deleted)).toBe(true));
      toasts.find(deleted)!.action!.onClick();
      expect(await screen.findByRole("button", { name: "Passos de «Preparar viagem»: 1 de 3 passos" })).toBeTruthy();
      expect(calls.filter((c) => c.startsWith("DELETE"))).toEqual([]);
    } finally {
      unsubscribe();
    }
  });
});
