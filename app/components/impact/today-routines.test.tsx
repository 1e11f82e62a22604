// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { TodayRoutines } from "./today-routines";

afterEach(cleanup);

const routines = [
  { id: "r1", title: "Ler", frequency: "daily" as const, done: false, streakDays: 3 },
  { id: "r2", title: "Ginásio", frequency: "weekdays" as const, done: false, streakDays: 1 },
  { id: "r3", title: "Alongar", frequency: "weekdays" as const, done: false, streakDays: 0 },
  { id: "r4", title: "Caminhar", frequency: "weekdays" as const, done: true, streakDays: 4 },
];

const streakOf = (title: string) => screen.getByText(title).nextElementSibling!.textContent;

describe("the dashboard's routines due today", () => {
  it("counts a daily routine's streak in days and a weekday routine's in times, in Portuguese", () => {
    renderWithI18n(
      <MemoryRouter>
        <TodayRoutines routines={routines} />
      </MemoryRouter>,
    );
    expect(streakOf("Ler")).toBe("3 dias seguidos");
    expect(streakOf("Ginásio")).toBe("1 vez seguida");
    expect(streakOf("Alongar")).toBe("Sem sequência ainda");
    expect(streakOf("Caminhar")).toBe("Feita");
  });

  it("and in English", () => {
    renderWithI18n(
      <MemoryRouter>
        <TodayRoutines routines={[{ ...routines[0], streakDays: 1 }, { ...routines[1], streakDays: 5 }]} />
      </MemoryRouter>,
      "en",
    );
    expect(streakOf("Ler")).toBe("1 day in a row");
    expect(streakOf("Ginásio")).toBe("5 times in a row");
  });
});
