// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
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
  reminderTime: null,
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
  streakDays: 2,
  longestStreakDays: 4,
  scheduledToday: true,
  checkedInToday: false,
  recentCheckIns: ["2026-11-09"],
  steps: [],
  stepsTickedToday: [],
  timesPerDay: 1,
  countToday: 0,
};

const renderCard = (
  canWrite: boolean,
  {
    routine = walk,
    queuedDays = new Set<string>(),
    queuedSteps = new Set<string>(),
    queuedPast = new Map<string, Set<string>>(),
    language = "pt" as const,
  }: { routine?: Routine; queuedDays?: Set<string>; queuedSteps?: Set<string>; queuedPast?: Map<string, Set<string>>; language?: "pt" | "en" } = {},
) => {
  const onEdit = vi.fn();
  const onRemove = vi.fn();
  const onTick = vi.fn(async () => {});
  const onToggle = vi.fn(async () => {});
  renderWithI18n(
    <ul>
      <RoutineCard
        routine={routine}
        queuedDays={queuedDays}
        queuedStepsOn={(date) => (date === "2026-11-10" ? queuedSteps : (queuedPast.get(date) ?? new Set()))}
        today="2026-11-10"
        canWrite={canWrite}
        onToggle={onToggle}
        onTapToday={vi.fn()}
        onTick={onTick}
        onEdit={onEdit}
        onRemove={onRemove}
      />
    </ul>,
    language,
  );
  return { onEdit, onRemove, onTick, onToggle };
};

describe("a routine's card", () => {
  it("lets a user without the plan remove the routine (decision 0029), but not change it or check in", () => {
    const { onRemove } = renderCard(false);
    expect(screen.queryByRole("button", { name: /Editar/ })).toBeNull();
    expect(screen.getByRole("button", { name: /Marcar como feito/ }).hasAttribute("disabled")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Eliminar «Caminhada»" }));
    // The screen removes it with "Anular" before the DELETE (screen.test.tsx).
    expect(onRemove).toHaveBeenCalledOnce();
  });

  it("offers editing and removing with the plan", () => {
    const { onEdit } = renderCard(true);
    fireEvent.click(screen.getByRole("button", { name: "Editar «Caminhada»" }));
    expect(onEdit).toHaveBeenCalledOnce();
    expect(screen.getByRole("button", { name: "Eliminar «Caminhada»" })).toBeTruthy();
  });
});

describe("a routine's reminder on its card (decision 0099)", () => {
  it("shows a bell with the time in the reader's clock, and words for a screen reader", () => {
    renderCard(true, { routine: { ...walk, reminderTime: "07:45" } });
    expect(screen.getByTestId("reminder").textContent).toBe("🔔 07:45Lembrete às 07:45");
    cleanup();
    renderCard(true, { routine: { ...walk, reminderTime: "19:05" }, language: "en" });
    expect(screen.getByTestId("reminder").textContent).toBe("🔔 7:05 PMReminder at 7:05 PM");
  });

  it("shows no bell without a reminder", () => {
    renderCard(true);
    expect(screen.queryByTestId("reminder")).toBeNull();
  });
});

describe("a routine's card, heard without seeing it", () => {
  it("names the routine in every button, keeping the visible words", () => {
    renderCard(true);
    const today = screen.getByRole("button", { name: "Marcar como feito: Caminhada" });
    expect(today.textContent).toContain("Marcar como feito");
    expect(screen.getByRole("button", { name: "Editar «Caminhada»" }).textContent).toBe("Editar");
    expect(screen.getByRole("button", { name: "Eliminar «Caminhada»" }).textContent).toBe("Eliminar");
    // The eight days, each with its date, its state and the routine.
    const days = screen.getAllByRole("button", { name: /\(Caminhada\)$/ });
    expect(days).toHaveLength(8);
    expect(days[6].getAttribute("aria-label")).toBe("09/11/2026: feito (Caminhada)");
  });

  it("keeps the today button's name when it is pressed: aria-pressed says it is done", () => {
    renderCard(true, { routine: { ...walk, checkedInToday: true, recentCheckIns: ["2026-11-09", "2026-11-10"] } });
    const today = screen.getByRole("button", { name: "Marcar como feito: Caminhada" });
    expect(today.getAttribute("aria-pressed")).toBe("true");
    // The eye still reads "Feito".
    expect(today.textContent).toContain("Feito");
  });

  it("says a check-in made offline is still waiting to be sent", () => {
    renderCard(true, { queuedDays: new Set(["2026-11-10"]) });
    expect(screen.getByRole("button", { name: "Marcar como feito: Caminhada (feito, por enviar)" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("says them in English too", () => {
    renderCard(true, { language: "en" });
    expect(screen.getByRole("button", { name: "Mark as done: Caminhada" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Edit “Caminhada”" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Delete “Caminhada”" })).toBeTruthy();
  });

  it("counts a weekday routine's streak in times, not days in a row (Mon, Wed, Fri are not three days in a row)", () => {
    renderCard(true, { routine: { ...walk, frequency: "weekdays", weekdays: [1, 3, 5], streakDays: 3 } });
    expect(screen.getByTestId("streak").textContent).toMatch(/3 vezes seguidas/);
    expect(screen.getByTestId("streak").textContent).not.toMatch(/dias/);
    cleanup();
    renderCard(true, { routine: { ...walk, frequency: "weekdays", weekdays: [1, 3, 5], streakDays: 3 }, language: "en" });
    expect(screen.getByTestId("streak").textContent).toMatch(/3 times in a row/);
  });

  it("keeps counting a daily routine's streak in days", () => {
    renderCard(true);
    expect(screen.getByTestId("streak").textContent).toMatch(/2 dias seguidos/);
  });

  it("says a streak that ended is broken, not that there is none yet, when the best is above 0", () => {
    renderCard(true, { routine: { ...walk, streakDays: 0, longestStreakDays: 10, recentCheckIns: [] } });
    expect(screen.getByTestId("streak").textContent).toMatch(/Sequência interrompida/);
    expect(screen.getByTestId("streak").textContent).not.toMatch(/Sem sequência ainda/);
    expect(screen.getByTestId("streak").textContent).toMatch(/Melhor: 10/);
    cleanup();
    renderCard(true, { routine: { ...walk, frequency: "weekdays", weekdays: [1, 3, 5], streakDays: 0, longestStreakDays: 10, recentCheckIns: [] }, language: "en" });
    expect(screen.getByTestId("streak").textContent).toMatch(/Streak broken/);
    expect(screen.getByTestId("streak").textContent).not.toMatch(/No streak yet/);
  });

  it("keeps 'no streak yet' for a routine never done", () => {
    renderCard(true, { routine: { ...walk, streakDays: 0, longestStreakDays: 0, recentCheckIns: [] } });
    expect(screen.getByTestId("streak").textContent).toMatch(/Sem sequência ainda/);
  });
});

describe("today's checklist of a routine with steps (decision 0112)", () => {
  const morning: Routine = { ...walk, title: "Rotina da manhã", steps: [{ id: "s1", text: "Beber água" }, { id: "s2", text: "Alongar 5 min" }], stepsTickedToday: ["s1"] };

  it("shows the steps as checkboxes named by the step, in a group that says the routine, and ticks or unticks one", async () => {
    const { onTick } = renderCard(true, { routine: morning });
    const group = screen.getByRole("group", { name: /Passos de «Rotina da manhã»/ });
    expect(group.textContent).toContain("1 de 2 passos");
    const water = screen.getByRole("checkbox", { name: "Beber água" }) as HTMLInputElement;
    const stretch = screen.getByRole("checkbox", { name: "Alongar 5 min" }) as HTMLInputElement;
    expect([water.checked, stretch.checked]).toEqual([true, false]);
    fireEvent.click(stretch);
    expect(onTick).toHaveBeenCalledWith(morning, "s2", false);
    // Busy while the tick is written: one write at a time.
    expect(water.disabled).toBe(true);
    await waitFor(() => expect(water.disabled).toBe(false));
    fireEvent.click(water);
    expect(onTick).toHaveBeenLastCalledWith(morning, "s1", true);
  });

  it("shows every step ticked on a day done in one go", () => {
    renderCard(true, { routine: { ...morning, checkedInToday: true, stepsTickedToday: ["s1", "s2"] } });
    expect(screen.getAllByRole("checkbox").map((box) => (box as HTMLInputElement).checked)).toEqual([true, true]);
    expect(screen.getByRole("button", { name: /Marcar como feito/ }).getAttribute("aria-pressed")).toBe("true");
  });

  it("shows the routine done, not yet sent, when the last tick waits in the offline queue", () => {
    renderCard(true, { routine: morning, queuedSteps: new Set(["s2"]) });
    expect((screen.getByRole("checkbox", { name: /Alongar 5 min/ }) as HTMLInputElement).checked).toBe(true);
    const today = screen.getByRole("button", { name: /Marcar como feito/ });
    expect(today.getAttribute("aria-pressed")).toBe("true");
    expect(today.getAttribute("aria-label")).toContain("por enviar");
  });

  it("has no checklist without steps, nor without the plan a usable one", () => {
    renderCard(true);
    expect(screen.queryByRole("checkbox")).toBeNull();
    cleanup();
    renderCard(false, { routine: morning });
    expect(screen.getAllByRole("checkbox").every((box) => (box as HTMLInputElement).disabled)).toBe(true);
  });
});

describe("a past day's checklist of a routine with steps (decision 0112, revised)", () => {
  const morning: Routine = {
    ...walk,
    title: "Rotina da manhã",
    steps: [
      { id: "s1", text: "Beber água" },
      { id: "s2", text: "Alongar 5 min" },
    ],
    stepsTickedToday: [],
    recentCheckIns: ["2026-11-09"],
    stepsTickedByDate: { "2026-11-08": ["s2"] },
  };
  const dayButton = (date: string) => screen.getAllByRole("button").find((b) => b.getAttribute("data-date") === date)!;

  it("opens from the day in a dialog with that day's ticks, and ticks a step of that day", async () => {
    const { onTick, onToggle } = renderCard(true, { routine: morning });
    expect(screen.getByText("Últimos 8 dias (toque num dia para ver e marcar os seus passos)")).toBeTruthy();
    // The day in progress says so, and that it opens a dialog.
    const day = dayButton("2026-11-08");
    expect(day.getAttribute("aria-label")).toBe("08/11/2026: 1 de 2 passos (Rotina da manhã)");
    expect(day.getAttribute("aria-haspopup")).toBe("dialog");
    // And for the eye: a bar half filled (1 of 2 steps); a day done or untouched has none.
    expect((within(day).getByTestId("day-progress").firstElementChild as HTMLElement).style.width).toBe("50%");
    expect(within(dayButton("2026-11-09")).queryByTestId("day-progress")).toBeNull();
    expect(within(dayButton("2026-11-07")).queryByTestId("day-progress")).toBeNull();
    fireEvent.click(day);
    const dialog = await screen.findByRole("dialog", { name: /Rotina da manhã: 8 de novembro de 2026/ });
    expect(onToggle).not.toHaveBeenCalled();
    const group = within(dialog).getByRole("group", { name: /Passos de «Rotina da manhã»/ });
    expect(group.textContent).toContain("1 de 2 passos");
    const water = within(dialog).getByRole("checkbox", { name: "Beber água" }) as HTMLInputElement;
    expect([water.checked, (within(dialog).getByRole("checkbox", { name: "Alongar 5 min" }) as HTMLInputElement).checked]).toEqual([false, true]);
    fireEvent.click(water);
    expect(onTick).toHaveBeenCalledWith(morning, "s1", false, "2026-11-08");
    await waitFor(() => expect(water.disabled).toBe(false));
    // "Marcar como feito" does the whole day in one go, as the strip did.
    fireEvent.click(within(dialog).getByRole("button", { name: "Marcar como feito" }));
    expect(onToggle).toHaveBeenCalledWith(morning, "2026-11-08", false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Fechar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows every step ticked on a day done, and unticks one of that day (which undoes it on the server)", async () => {
    const { onTick, onToggle } = renderCard(true, { routine: morning });
    fireEvent.click(dayButton("2026-11-09"));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getAllByRole("checkbox").map((box) => (box as HTMLInputElement).checked)).toEqual([true, true]);
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Beber água" }));
    expect(onTick).toHaveBeenCalledWith(morning, "s1", true, "2026-11-09");
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Desmarcar" }).hasAttribute("disabled")).toBe(false));
    fireEvent.click(within(dialog).getByRole("button", { name: "Desmarcar" }));
    expect(onToggle).toHaveBeenCalledWith(morning, "2026-11-09", true);
  });

  it("shows a past day done, not yet sent, when its last tick waits in the offline queue", async () => {
    renderCard(true, { routine: morning, queuedPast: new Map([["2026-11-08", new Set(["s1"])]]) });
    const day = dayButton("2026-11-08");
    expect(day.getAttribute("aria-pressed")).toBe("true");
    expect(day.getAttribute("aria-label")).toBe("08/11/2026: feito, por enviar (Rotina da manhã)");
    fireEvent.click(day);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("checkbox", { name: /Beber água/ }).closest("label")!.textContent).toContain("por enviar");
  });

  it("says it in English too", async () => {
    renderCard(true, { routine: morning, language: "en" });
    expect(screen.getByText("Last 8 days (tap a day to see and tick its steps)")).toBeTruthy();
    fireEvent.click(dayButton("2026-11-08"));
    const dialog = await screen.findByRole("dialog", { name: /Rotina da manhã: November 8, 2026/ });
    expect(within(dialog).getByRole("group", { name: /Steps of “Rotina da manhã”/ }).textContent).toContain("1 of 2 steps");
    expect(within(dialog).getByRole("button", { name: "Close" })).toBeTruthy();
  });

  it("keeps today's cell, and every day of a routine without steps, a one-tap check-in", () => {
    const { onToggle } = renderCard(true, { routine: morning });
    expect(dayButton("2026-11-10").getAttribute("aria-haspopup")).toBeNull();
    fireEvent.click(dayButton("2026-11-10"));
    expect(onToggle).toHaveBeenCalledWith(morning, "2026-11-10", false);
    cleanup();
    const plain = renderCard(true);
    fireEvent.click(dayButton("2026-11-08"));
    expect(plain.onToggle).toHaveBeenCalledWith(walk, "2026-11-08", false);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("is read-only without the plan: the days cannot be opened", () => {
    renderCard(false, { routine: morning });
    expect(dayButton("2026-11-08").hasAttribute("disabled")).toBe(true);
  });
});

describe("a routine done several times a day (decision 0117)", () => {
  const water: Routine = { ...walk, id: "w1", title: "Beber água", timesPerDay: 8, countToday: 3, recentCheckIns: [] };
  const renderCounter = (routine: Routine, count?: { value: number; pending: boolean }, language: "pt" | "en" = "pt", canWrite = true) => {
    const onCount = vi.fn();
    renderWithI18n(
      <ul>
        <RoutineCard routine={routine} queuedDays={new Set()} today="2026-11-10" canWrite={canWrite} onToggle={vi.fn()} onTapToday={vi.fn()} count={count} onCount={onCount} onEdit={vi.fn()} onRemove={vi.fn()} />
      </ul>,
      language,
    );
    return { onCount };
  };

  it("shows today's count with +1 and −1, named by the routine, instead of the check-in button", () => {
    const { onCount } = renderCounter(water);
    const group = screen.getByRole("group", { name: "Beber água: 3 de 8 vezes hoje" });
    expect(within(group).getByText("3 de 8")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Marcar como feito/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Mais uma vez: Beber água" }));
    expect(onCount).toHaveBeenLastCalledWith(water, 4);
    fireEvent.click(screen.getByRole("button", { name: "Menos uma vez: Beber água" }));
    expect(onCount).toHaveBeenLastCalledWith(water, 2);
    expect(screen.getByText(/8 vezes por dia/)).toBeTruthy();
  });

  it("shows a tap not answered yet at once, the day done at the target, and 'por enviar' while queued", () => {
    renderCounter(water, { value: 8, pending: true });
    expect(screen.getByRole("group", { name: "Beber água: 8 de 8 vezes hoje" }).getAttribute("data-pending")).toBe("true");
    expect(screen.getByText("(por enviar)")).toBeTruthy();
    // Done: +1 can go no further, and today's day in the strip shows done, waiting to be sent.
    expect((screen.getByRole("button", { name: "Mais uma vez: Beber água" }) as HTMLButtonElement).disabled).toBe(true);
    const todayCell = document.querySelector('[data-date="2026-11-10"]')!;
    expect([todayCell.getAttribute("aria-pressed"), todayCell.getAttribute("aria-label")]).toEqual(["true", expect.stringMatching(/feito, por enviar \(Beber água\)/)]);
  });

  it("shows a day checked in as the target, and a −1 answered not yet takes the day's mark away", () => {
    const done: Routine = { ...water, countToday: 8, checkedInToday: true, recentCheckIns: ["2026-11-10"] };
    renderCounter(done, { value: 7, pending: false });
    expect(screen.getByRole("group", { name: "Beber água: 7 de 8 vezes hoje" })).toBeTruthy();
    expect(document.querySelector('[data-date="2026-11-10"]')!.getAttribute("aria-pressed")).toBe("false");
  });

  it("shows today done at once when a tap on the way reaches the target", () => {
    renderCounter(water, { value: 8, pending: false });
    const todayCell = document.querySelector('[data-date="2026-11-10"]')!;
    expect([todayCell.getAttribute("aria-pressed"), todayCell.getAttribute("aria-label")]).toEqual(["true", expect.stringMatching(/feito \(Beber água\)/)]);
  });

  it("is read-only without the plan, and in English", () => {
    renderCounter(water, undefined, "en", false);
    expect(screen.getByRole("group", { name: "Beber água: 3 of 8 times today" })).toBeTruthy();
    expect((screen.getByRole("button", { name: "One more time: Beber água" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "One time less: Beber água" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("a past day's count of a routine done several times a day (decision 0117, revised)", () => {
  // The 8th counted 5 of 8, the 9th done, the 7th untouched.
  const water: Routine = { ...walk, id: "w1", title: "Beber água", timesPerDay: 8, countToday: 3, recentCheckIns: ["2026-11-09"], countsByDate: { "2026-11-08": 5 } };
  const dayButton = (date: string) => screen.getAllByRole("button").find((b) => b.getAttribute("data-date") === date)!;
  const renderStrip = (routine: Routine, { countOn = () => undefined, language = "pt", canWrite = true }: { countOn?: (date: string) => { value: number; pending: boolean } | undefined; language?: "pt" | "en"; canWrite?: boolean } = {}) => {
    const onCount = vi.fn();
    const onToggle = vi.fn(async () => {});
    renderWithI18n(
      <ul>
        <RoutineCard routine={routine} queuedDays={new Set()} today="2026-11-10" canWrite={canWrite} onToggle={onToggle} onTapToday={vi.fn()} countOn={countOn} onCount={onCount} onEdit={vi.fn()} onRemove={vi.fn()} />
      </ul>,
      language,
    );
    return { onCount, onToggle };
  };

  it("shows a day counted part of the way as its count, apart from a day done and a day untouched", () => {
    renderStrip(water);
    expect(screen.getByText("Últimos 8 dias (toque num dia passado para ver e mudar as vezes desse dia)")).toBeTruthy();
    const partly = dayButton("2026-11-08");
    expect(partly.getAttribute("aria-label")).toBe("08/11/2026: 5 de 8 vezes (Beber água)");
    expect([partly.getAttribute("aria-pressed"), partly.getAttribute("aria-haspopup")]).toEqual(["false", "dialog"]);
    expect(within(partly).getByTestId("day-count").textContent).toBe("5/8");
    expect(dayButton("2026-11-09").getAttribute("aria-label")).toBe("09/11/2026: feito (Beber água)");
    expect(within(dayButton("2026-11-09")).queryByTestId("day-count")).toBeNull();
    expect(dayButton("2026-11-07").getAttribute("aria-label")).toBe("07/11/2026: por fazer (Beber água)");
    expect(within(dayButton("2026-11-07")).queryByTestId("day-count")).toBeNull();
    // Today's count is the card's counter; its cell says it too and stays a one-tap check-in.
    expect(dayButton("2026-11-10").getAttribute("aria-label")).toBe("10/11/2026: 3 de 8 vezes (Beber água)");
    expect(dayButton("2026-11-10").getAttribute("aria-haspopup")).toBeNull();
  });

  it("opens the day's counter in a dialog, and each tap sets that day's whole count", async () => {
    const { onCount, onToggle } = renderStrip(water);
    fireEvent.click(dayButton("2026-11-08"));
    const dialog = await screen.findByRole("dialog", { name: "Beber água: 8 de novembro de 2026" });
    expect(onToggle).not.toHaveBeenCalled();
    const group = within(dialog).getByRole("group", { name: "Beber água, 8 de novembro de 2026: 5 de 8 vezes" });
    expect(within(group).getByText("5 de 8")).toBeTruthy();
    expect(dialog.textContent).toContain("Com 8 o dia fica feito.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Mais uma vez: Beber água" }));
    expect(onCount).toHaveBeenLastCalledWith(water, 6, "2026-11-08");
    fireEvent.click(within(dialog).getByRole("button", { name: "Menos uma vez: Beber água" }));
    expect(onCount).toHaveBeenLastCalledWith(water, 4, "2026-11-08");
    fireEvent.click(within(dialog).getByRole("button", { name: "Fechar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows a day done as the target, which −1 takes under it; an untouched day starts at 0", async () => {
    const { onCount } = renderStrip(water);
    fireEvent.click(dayButton("2026-11-09"));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("group", { name: /: 8 de 8 vezes$/ })).toBeTruthy();
    expect((within(dialog).getByRole("button", { name: "Mais uma vez: Beber água" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole("button", { name: "Menos uma vez: Beber água" }));
    expect(onCount).toHaveBeenLastCalledWith(water, 7, "2026-11-09");
    fireEvent.click(within(dialog).getByRole("button", { name: "Fechar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.click(dayButton("2026-11-07"));
    expect((await screen.findByRole("dialog")).textContent).toContain("0 de 8");
  });

  it("shows a past day's count not answered yet at once: 'por enviar' while queued, done at the target", async () => {
    const asked = new Map([
      ["2026-11-08", { value: 6, pending: true }],
      ["2026-11-07", { value: 8, pending: true }],
      ["2026-11-09", { value: 2, pending: false }],
    ]);
    renderStrip(water, { countOn: (date) => asked.get(date) });
    expect(dayButton("2026-11-08").getAttribute("aria-label")).toBe("08/11/2026: 6 de 8 vezes (por enviar) (Beber água)");
    expect(within(dayButton("2026-11-08")).getByTestId("day-count").textContent).toBe("6/8");
    expect([dayButton("2026-11-07").getAttribute("aria-pressed"), dayButton("2026-11-07").getAttribute("aria-label")]).toEqual(["true", "07/11/2026: feito, por enviar (Beber água)"]);
    // A −1 on the way from a day done: no longer done.
    expect([dayButton("2026-11-09").getAttribute("aria-pressed"), dayButton("2026-11-09").getAttribute("aria-label")]).toEqual(["false", "09/11/2026: 2 de 8 vezes (Beber água)"]);
    fireEvent.click(dayButton("2026-11-08"));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("group", { name: /: 6 de 8 vezes$/ }).getAttribute("data-pending")).toBe("true");
  });

  it("keeps a routine done once a day a one-tap check-in: no count, no dialog", () => {
    const once: Routine = { ...water, timesPerDay: 1, countToday: 0 };
    const { onToggle } = renderStrip(once);
    expect(screen.getByText("Últimos 8 dias (toque num dia para o marcar ou desmarcar)")).toBeTruthy();
    const day = dayButton("2026-11-08");
    expect([day.getAttribute("aria-label"), day.getAttribute("aria-haspopup")]).toEqual(["08/11/2026: por fazer (Beber água)", null]);
    expect(within(day).queryByTestId("day-count")).toBeNull();
    fireEvent.click(day);
    expect(onToggle).toHaveBeenCalledWith(once, "2026-11-08", false);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("is read-only without the plan, and says it in English", async () => {
    renderStrip(water, { canWrite: false });
    expect(dayButton("2026-11-08").hasAttribute("disabled")).toBe(true);
    cleanup();
    renderStrip(water, { language: "en" });
    expect(dayButton("2026-11-08").getAttribute("aria-label")).toBe("11/08/2026: 5 of 8 times (Beber água)");
    fireEvent.click(dayButton("2026-11-08"));
    const dialog = await screen.findByRole("dialog", { name: "Beber água: November 8, 2026" });
    expect(within(dialog).getByRole("group", { name: "Beber água, November 8, 2026: 5 of 8 times" })).toBeTruthy();
    expect(dialog.textContent).toContain("At 8 the day is done.");
  });
});
