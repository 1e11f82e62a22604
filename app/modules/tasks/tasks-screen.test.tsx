// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { DEFAULT_WORKING_HOURS } from "@worker/modules/tasks/scheduling";
import type { TaskView } from "./model";

// The route module's server half (loader) reaches the Worker; the screen under test never calls it.
vi.mock("~/lib/auth.server", () => ({ requireUser: vi.fn() }));
vi.mock("~/lib/use-entity-changes", () => ({ useEntityChanges: () => undefined }));
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
};

let posted: unknown[];
beforeEach(() => {
  posted = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === "POST") posted.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ task: created }), { status: 201, headers: { "content-type": "application/json" } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderTasks() {
  const Stub = createRoutesStub([
    {
      path: "/app/tarefas",
      loader: () => ({ today: "2026-11-24", day: "2026-11-24", timeZone: "Europe/Lisbon", focusId: null, workingHours: DEFAULT_WORKING_HOURS, timeline: [], pending: [], others: [] }),
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
