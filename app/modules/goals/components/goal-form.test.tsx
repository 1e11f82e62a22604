// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import type { PublicGoal } from "@worker/modules/goals/queries";
import { GoalForm } from "./goal-form";

afterEach(cleanup);
// The question is the kit's ConfirmDialog, a lazily loaded chunk: fetched up front, as the idle preload does.
beforeAll(() => Promise.all([import("~/components/ui/dialog-parts"), import("~/components/ui/confirm-dialog-panel")]));

const goal: PublicGoal = {
  id: "g1",
  title: "Correr 10 km",
  description: "Três treinos por semana",
  deadline: "2026-12-31",
  progress: 40,
  status: "in_progress",
  completedAt: null,
  createdAt: "2026-06-01T09:00:00.000Z",
  updatedAt: "2026-07-10T23:30:00.000Z",
  milestones: [],
};

function open() {
  const onClose = vi.fn();
  renderWithI18n(<GoalForm editing={{ mode: "edit", goal }} onClose={onClose} onSaved={vi.fn()} />);
  return onClose;
}

describe("closing the goal form", () => {
  it("closes at once when the goal is as it opened", async () => {
    const onClose = open();
    fireEvent.keyDown(await screen.findByLabelText("Título"), { key: "Escape" });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it("asks before Escape throws away an edited description, and 'Descartar' closes", async () => {
    const onClose = open();
    const description = await screen.findByLabelText(/Descrição/);
    fireEvent.change(description, { target: { value: "Quatro treinos por semana" } });
    fireEvent.keyDown(description, { key: "Escape" });
    fireEvent.click(await screen.findByRole("button", { name: "Descartar" }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
