// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { cloneElement, type ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";

// happy-dom lays nothing out, so a ResponsiveContainer measures 0×0 and draws no chart: give it a size.
vi.mock("recharts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("recharts")>()),
  ResponsiveContainer: ({ children }: { children: ReactElement<{ width?: number; height?: number }> }) => cloneElement(children, { width: 600, height: 200 }),
}));

const { CountBarChart, MoodLineChart } = await import("./diary-charts");

afterEach(cleanup);

/** The elements a Tab press stops at. */
const tabStops = (root: Element) => [...root.querySelectorAll<HTMLElement>("[tabindex], a[href], button, input, select, textarea")].filter((el) => el.tabIndex >= 0);

describe("the diary overview's charts", () => {
  it.each([
    ["mood over time", () => <MoodLineChart points={[{ label: "10/03", mood: 4 }, { label: "11/03", mood: 2.5 }]} height={200} label="Humor ao longo do tempo" moodLabel="Humor" />, "Humor ao longo do tempo"],
    [
      "mood by weekday",
      () => <CountBarChart testId="weekday-chart" bars={[{ label: "segunda-feira", value: 3.5 }]} domain={[0, 5]} height={200} label="Humor por dia da semana" valueLabel="Humor médio" />,
      "Humor por dia da semana",
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
