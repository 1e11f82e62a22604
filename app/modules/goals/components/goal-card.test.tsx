// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { subscribeToasts, type Toast } from "~/components/shell/toast-store";
import { renderWithI18n } from "~/components/ui/test-utils";
import { flushPendingDeletes } from "~/components/ui/undo";
import type { PublicGoal } from "@worker/modules/goals/queries";
import { GoalCard } from "./goal-card";

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
    expect(toasts.at(-1)).toMatchObject({ title: "Marco «10 km» removido", action: { label: "Anular" } });
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
