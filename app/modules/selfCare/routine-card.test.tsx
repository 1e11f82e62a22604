// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { RoutineCard } from "./routine-card";
import type { Routine } from "./routine-form";

afterEach(cleanup);

const walk: Routine = {
  id: "r1",
  title: "Caminhada",
  category: "movement",
  description: "",
  frequency: "daily",
  weekdays: [],
  durationMinutes: 20,
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
  streakDays: 2,
  longestStreakDays: 4,
  scheduledToday: true,
  checkedInToday: false,
  recentCheckIns: ["2026-11-09"],
};

const renderCard = (canWrite: boolean) => {
  const onEdit = vi.fn();
  const onRemove = vi.fn();
  renderWithI18n(
    <ul>
      <RoutineCard routine={walk} queuedDays={new Set()} today="2026-11-10" canWrite={canWrite} onToggle={vi.fn()} onTapToday={vi.fn()} onEdit={onEdit} onRemove={onRemove} />
    </ul>,
  );
  return { onEdit, onRemove };
};

describe("a routine's card", () => {
  it("lets a user without the plan remove the routine (decision 0029), but not change it or check in", () => {
    const { onRemove } = renderCard(false);
    expect(screen.queryByRole("button", { name: "Editar" })).toBeNull();
    expect(screen.getByRole("button", { name: /Marcar como feito/ }).hasAttribute("disabled")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Eliminar" }));
    // The screen asks for confirmation before the DELETE.
    expect(onRemove).toHaveBeenCalledOnce();
  });

  it("offers editing and removing with the plan", () => {
    const { onEdit } = renderCard(true);
    fireEvent.click(screen.getByRole("button", { name: "Editar" }));
    expect(onEdit).toHaveBeenCalledOnce();
    expect(screen.getByRole("button", { name: "Eliminar" })).toBeTruthy();
  });
});
