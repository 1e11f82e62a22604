// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
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
