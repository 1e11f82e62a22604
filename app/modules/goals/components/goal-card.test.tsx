// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { subscribeToasts, type Toast } from "~/components/shell/toast-store";
import { renderWithI18n } from "~/components/ui/test-utils";
import { flushPendingDeletes } from "~/components/ui/undo";
import type { PublicGoal } from "@worker/modules/goals/queries";
import { GoalCard } from "./goal-card";
import { setOfflineMessage } from "~/lib/api";
import { setOfflineSnapshot } from "~/lib/offline/state";

// The offline queue's runtime (IndexedDB): what the card asks it to keep is recorded here.
const enqueueChange = vi.fn(async (change: { key: string; tempId?: string }) => change);
vi.mock("~/lib/offline/runtime", () => ({ enqueueChange, replayNow: vi.fn(async () => undefined), withRealId: (write: unknown) => write }));

afterEach(cleanup);

// Completed at 00:30 in Lisbon on 11 July (summer, UTC+1): still 10 July in UTC, the Worker's zone.
const goal: PublicGoal = {
  id: "g1",
  title: "Correr 10 km",
  description: "",
  deadline: null,
  progress: 100,
  status: "completed",
  completedAt: "2026-07-10T23:30:00.000Z",
  createdAt: "2026-06-01T09:00:00.000Z",
  updatedAt: "2026-07-10T23:30:00.000Z",
  milestones: [],
};
const card = (timeZone: string, language: "pt" | "en" = "pt") =>
  renderWithI18n(<GoalCard goal={goal} today="2026-07-11" timeZone={timeZone} focused={false} onChange={() => {}} onEdit={() => {}} onDelete={() => {}} />, language);

describe("GoalCard", () => {
  it("says the day the goal was completed on in the user's zone, whatever the runtime's (the server renders in UTC)", () => {
    // This run's own zone is the Worker's: the bug showed 10 July here and 11 July after hydration in Lisbon.
    card("Europe/Lisbon");
    expect(screen.getByText("Concluído a 11 de julho de 2026")).toBeTruthy();
    cleanup();
    card("America/New_York", "en");
    expect(screen.getByText("Completed on July 10, 2026")).toBeTruthy();
  });
});

describe("GoalCard's pace to the deadline", () => {
  // Made on 1 June, due 1 July; on 16 June an even pace is at 50 %.
  const running = (progress: number, deadline: string | null = "2026-07-01"): PublicGoal => ({ ...goal, progress, status: "in_progress", completedAt: null, deadline });
  const render = (progress: number, language: "pt" | "en" = "pt", deadline?: string | null) =>
    renderWithI18n(<GoalCard goal={running(progress, deadline)} today="2026-06-16" timeZone="Europe/Lisbon" focused={false} onChange={() => {}} onEdit={() => {}} onDelete={() => {}} />, language);

  it("says whether the goal keeps pace with its deadline and how many days are left, with the even pace marked on the bar", () => {
    render(50);
    expect(screen.getByTestId("goal-pace").textContent).toBe("No ritmo para o prazo · faltam 15 dias");
    expect(screen.getByTestId("goal-pace-mark").style.left).toBe("calc(50% - 1px)");
    cleanup();
    render(20);
    expect(screen.getByTestId("goal-pace").textContent).toBe("Abaixo do ritmo: a esta altura iria em 50% · faltam 15 dias");
    cleanup();
    render(70, "en");
    expect(screen.getByTestId("goal-pace").textContent).toBe("Ahead of pace · 15 days left");
  });

  it("says nothing of pace without a deadline or once completed", () => {
    render(50, "pt", null);
    expect(screen.queryByTestId("goal-pace")).toBeNull();
    cleanup();
    card("Europe/Lisbon");
    expect(screen.queryByTestId("goal-pace")).toBeNull();
  });
});

describe("GoalCard's milestones", () => {
  const withMilestones: PublicGoal = {
    ...goal,
    progress: 50,
    status: "in_progress",
    completedAt: null,
    milestones: [
      { id: "m1", title: "5 km", done: true, position: 0, doneAt: "2026-06-02T09:00:00.000Z" },
      { id: "m2", title: "10 km", done: false, position: 1, doneAt: null },
    ],
  };
  let toasts: Toast[] = [];
  let unsubscribe = () => {};
  let requests: { method: string; url: string }[] = [];
  beforeEach(() => {
    requests = [];
    unsubscribe = subscribeToasts((shown) => (toasts = shown));
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        requests.push({ method: init?.method ?? "GET", url });
        return new Response(JSON.stringify({ ...withMilestones, progress: 100, milestones: [withMilestones.milestones[0]] }), { status: 200, headers: { "content-type": "application/json" } });
      }),
    );
  });
  afterEach(() => {
    flushPendingDeletes();
    unsubscribe();
    vi.unstubAllGlobals();
  });

  const names = () => screen.queryAllByTestId("goal-milestone").map((row) => row.textContent);

  it("the ✕ hides a milestone with 'Anular', and undoing it keeps it without asking the server", async () => {
    const onChange = vi.fn();
    renderWithI18n(<GoalCard goal={withMilestones} today="2026-07-11" timeZone="Europe/Lisbon" focused={false} onChange={onChange} onEdit={() => {}} onDelete={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Remover marco 10 km" }));
    expect(names()).toEqual(["5 km"]);
    expect(screen.getByTestId("goal-progress").textContent).toBe("100%");
    // Keys the toaster translates as it renders: "Marco «10 km» removido", "Anular".
    expect(toasts.at(-1)).toMatchObject({ title: { key: "goals:toast.milestoneRemoved", values: { title: "10 km" } }, action: { label: { key: "goals:toast.undo" } } });
    toasts.at(-1)!.action!.onClick();
    await waitFor(() => expect(names()).toEqual(["5 km", "10 km"]));
    flushPendingDeletes();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests).toEqual([]);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("the DELETE goes once the undo window ends, and the card shows the goal the server answers", async () => {
    const onChange = vi.fn();
    renderWithI18n(<GoalCard goal={withMilestones} today="2026-07-11" timeZone="Europe/Lisbon" focused={false} onChange={onChange} onEdit={() => {}} onDelete={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Remover marco 10 km" }));
    expect(requests).toEqual([]);
    flushPendingDeletes();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ progress: 100, milestones: [withMilestones.milestones[0]] })));
    expect(requests).toEqual([{ method: "DELETE", url: "/api/v1/goals/g1/milestones/m2" }]);
  });
});

describe("GoalCard, by keyboard and screen reader", () => {
  const milestone = (id: string, title: string, position: number) => ({ id, title, done: false, position, doneAt: null });
  const inProgress: PublicGoal = { ...goal, progress: 30, status: "in_progress", completedAt: null, milestones: [] };
  /** The card as its screen holds it: the goal the API answers replaces the one shown. */
  function Screen({ first }: { first: PublicGoal }) {
    const [shown, setShown] = useState(first);
    return <GoalCard goal={shown} today="2026-07-11" timeZone="Europe/Lisbon" focused={false} onChange={setShown} onEdit={() => {}} onDelete={() => {}} />;
  }
  let answer: (body: Record<string, unknown>, url: string) => PublicGoal;
  beforeEach(() => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => new Response(JSON.stringify(answer(JSON.parse(String(init?.body ?? "{}")), url)), { status: 200, headers: { "content-type": "application/json" } })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the focus on a milestone moved down (its <li> is put back elsewhere), on 'Subir' once it is last", async () => {
    const milestones = [milestone("m1", "5 km", 0), milestone("m2", "10 km", 1), milestone("m3", "21 km", 2)];
    // The server places the milestone at the position asked.
    answer = (body, url) => {
      const id = url.split("/").at(-1)!;
      const order = milestones.filter((m) => m.id !== id);
      order.splice(body.position as number, 0, milestones.find((m) => m.id === id)!);
      milestones.splice(0, 3, ...order);
      return { ...inProgress, milestones: order.map((m, position) => ({ ...m, position })) };
    };
    renderWithI18n(<Screen first={{ ...inProgress, milestones: [...milestones] }} />);
    const titles = () => screen.getAllByTestId("goal-milestone").map((row) => row.textContent);
    const down = screen.getByRole("button", { name: "Descer o marco 5 km" });
    down.focus();
    fireEvent.click(down);
    await waitFor(() => expect(titles()).toEqual(["10 km", "5 km", "21 km"]));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Descer o marco 5 km" })));
    fireEvent.click(document.activeElement!);
    await waitFor(() => expect(titles()).toEqual(["10 km", "21 km", "5 km"]));
    // Last: 'Descer' is disabled, so 'Subir' of the same milestone takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Subir o marco 5 km" })));
  });

  it("says the new progress politely after ±10%", async () => {
    answer = (body) => ({ ...inProgress, progress: body.progress as number });
    renderWithI18n(<Screen first={inProgress} />);
    const status = within(screen.getByTestId("goal-card")).getByRole("status");
    expect(status.textContent).toBe("");
    const increase = screen.getByRole("button", { name: "Aumentar progresso 10%" });
    increase.focus();
    fireEvent.click(increase);
    await waitFor(() => expect(status.textContent).toBe("Progresso: 40%"));
    // Disabled while the change is sent (browsers then drop the focus; happy-dom keeps it), and focused after.
    expect(document.activeElement).toBe(increase);
    fireEvent.click(screen.getByRole("button", { name: "Diminuir progresso 10%" }));
    await waitFor(() => expect(status.textContent).toBe("Progresso: 30%"));
  });
});

describe("GoalCard offline", () => {
  const inProgress: PublicGoal = {
    ...goal,
    progress: 30,
    status: "in_progress",
    completedAt: null,
    milestones: [],
  };
  let toasts: Toast[] = [];
  let unsubscribe = () => {};
  beforeEach(() => {
    enqueueChange.mockClear();
    unsubscribe = subscribeToasts((shown) => (toasts = shown));
    setOfflineSnapshot({ userId: "user-1", changes: [] });
    setOfflineMessage("Sem ligação: isto só se pode fazer online.");
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
  });
  afterEach(() => {
    unsubscribe();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setOfflineSnapshot({ userId: null, changes: [] });
  });

  it("keeps a step made offline, shows it, and says it will be sent (not 'could not update')", async () => {
    renderWithI18n(<GoalCard goal={inProgress} today="2026-07-11" timeZone="Europe/Lisbon" focused={false} onChange={() => {}} onEdit={() => {}} onDelete={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Aumentar progresso 10%" }));
    await waitFor(() => expect(enqueueChange).toHaveBeenCalledWith(expect.objectContaining({ kind: "goal.update", method: "PATCH", path: "/goals/g1", body: { progress: 40 }, label: "Correr 10 km", userId: "user-1" })));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: { key: "shell:offline.queuedTitle" } }));
    expect(toasts.some((toast) => (toast.title as { key?: string }).key === "goals:toast.updateFailed")).toBe(false);
    // The queue's snapshot holds it now: the card shows it until it is sent.
    setOfflineSnapshot({ changes: [{ seq: 1, key: "k", userId: "user-1", kind: "goal.update", method: "PATCH", path: "/goals/g1", body: { progress: 40 }, label: "Correr 10 km", createdAt: 0, attempts: 0, nextAttemptAt: 0, status: "pending" }] });
    await waitFor(() => expect(screen.getByTestId("goal-progress").textContent).toBe("40%"));
  });

  it("keeps a milestone ticked offline ticked", async () => {
    const withMilestone: PublicGoal = { ...inProgress, progress: 0, status: "pending", milestones: [{ id: "m1", title: "5 km", done: false, position: 0, doneAt: null }] };
    function Screen() {
      const [shown, setShown] = useState(withMilestone);
      return <GoalCard goal={shown} today="2026-07-11" timeZone="Europe/Lisbon" focused={false} onChange={setShown} onEdit={() => {}} onDelete={() => {}} />;
    }
    renderWithI18n(<Screen />);
    fireEvent.click(screen.getByRole("checkbox", { name: /5 km/ }));
    await waitFor(() => expect(enqueueChange).toHaveBeenCalledWith(expect.objectContaining({ kind: "goal.update", path: "/goals/g1/milestones/m1", body: { done: true } })));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((screen.getByRole("checkbox", { name: /5 km/ }) as HTMLInputElement).checked).toBe(true);
  });
});
