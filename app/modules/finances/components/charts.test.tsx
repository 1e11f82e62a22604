// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { cloneElement, type ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";

// happy-dom lays nothing out, so a ResponsiveContainer measures 0×0 and draws no chart: give it a size.
vi.mock("recharts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("recharts")>()),
  ResponsiveContainer: ({ children }: { children: ReactElement<{ width?: number; height?: number }> }) => cloneElement(children, { width: 600, height: 240 }),
}));

const { MonthChart } = await import("./charts");

afterEach(cleanup);

/** The elements a Tab press stops at. */
const tabStops = (root: Element) => [...root.querySelectorAll<HTMLElement>("[tabindex], a[href], button, input, select, textarea")].filter((el) => el.tabIndex >= 0);

describe("the finances' month chart", () => {
  it("is an image with a name, not an unnamed application in the Tab order", () => {
    const { container } = renderWithI18n(
      <MonthChart data={[{ label: "jan", incomeCents: 120000, expenseCents: 45090 }]} height={240} label="Visão por mês (12 meses)" labels={{ income: "Receitas", expense: "Despesas" }} />,
    );
    // Drawn: the test would prove nothing about an empty box.
    expect(container.querySelector("svg.recharts-surface")).not.toBeNull();
    expect(screen.getByRole("img", { name: "Visão por mês (12 meses)" })).toBeTruthy();
    expect(container.querySelector('[role="application"]')).toBeNull();
    expect(tabStops(container)).toEqual([]);
  });
});
