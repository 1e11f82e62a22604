// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { cloneElement, type ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";

// happy-dom lays nothing out, so a ResponsiveContainer measures 0×0 and draws no chart: give it a size.
vi.mock("recharts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("recharts")>()),
  ResponsiveContainer: ({ children }: { children: ReactElement<{ width?: number; height?: number }> }) => cloneElement(children, { width: 600, height: 200 }),
}));

const { ActivityChart, MoodChart, SpendingChart } = await import("./report-charts");

afterEach(cleanup);

/** The elements a Tab press stops at. */
const tabStops = (root: Element) => [...root.querySelectorAll<HTMLElement>("[tabindex], a[href], button, input, select, textarea")].filter((el) => el.tabIndex >= 0);

describe("the weekly report's charts", () => {
  it.each([
    ["activity", () => <ActivityChart days={[{ label: "seg", tasks: 2, events: 1 }]} height={200} label="Atividade por dia" tasksLabel="Tarefas concluídas" eventsLabel="Eventos" />, "Atividade por dia"],
    ["mood", () => <MoodChart days={[{ label: "seg", mood: 4 }, { label: "ter", mood: null }]} height={200} label="Humor por dia" moodLabel="Humor médio" format={String} />, "Humor por dia"],
    [
      "spending",
      () => <SpendingChart categories={[{ label: "Alimentação", week: 4590, previous: 3000 }]} height={200} label="Despesas por categoria" weekLabel="Esta semana" previousLabel="Semana anterior" format={(cents) => `${cents / 100} €`} />,
      "Despesas por categoria",
    ],
  ])("%s: an image with a name, not an unnamed application in the Tab order", (_, chart, name) => {
    const { container } = render(chart());
    // Drawn: the test would prove nothing about an empty box.
    expect(container.querySelector("svg.recharts-surface")).not.toBeNull();
    expect(screen.getByRole("img", { name })).toBeTruthy();
    expect(container.querySelector('[role="application"]')).toBeNull();
    expect(tabStops(container)).toEqual([]);
  });
});

describe("the spending chart's category names", () => {
  it("keeps a long one-word name whole in its tooltip, however the axis wraps or cuts it", () => {
    const name = "Restaurantesecafesdobairronosfinsdesemas";
    const { container } = render(<SpendingChart categories={[{ label: name, week: 1500, previous: 0 }]} height={200} label="Despesas por categoria" weekLabel="Esta semana" previousLabel="Semana anterior" format={(cents) => `${cents / 100} €`} />);
    const tooltips = [...container.querySelectorAll(".recharts-cartesian-axis-tick-label title")].map((title) => title.textContent);
    expect(tooltips).toEqual([name]);
  });
});

describe("the mood chart's tooltip", () => {
  it("writes the day's mood as the screen does, '3,5' in Portuguese rather than recharts' '3.5'", async () => {
    const pt = (n: number) => n.toLocaleString("pt-PT", { maximumFractionDigits: 1 });
    const { container } = render(<MoodChart days={[{ label: "seg", mood: 3.5 }, { label: "ter", mood: 3.5 }]} height={200} label="Humor por dia" moodLabel="Humor médio" format={pt} />);
    // happy-dom lays nothing out (every box at 0,0): a pointer over the chart's middle opens the tooltip.
    fireEvent.mouseMove(container.querySelector(".recharts-wrapper")!, { clientX: 300, clientY: 100 });
    const tooltip = await vi.waitFor(() => {
      const value = container.querySelector(".recharts-tooltip-item-value");
      if (!value) throw new Error("no tooltip yet");
      return value;
    });
    expect(tooltip.textContent).toBe("3,5");
  });
});
