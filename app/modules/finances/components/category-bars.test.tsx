// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { HiddenValues } from "../money";
import { CategoryBars, categoryBars, wholePercents } from "./category-bars";

afterEach(cleanup);

const inRouter = (ui: ReactElement) => <MemoryRouter initialEntries={["/app/financas"]}>{ui}</MemoryRouter>;
const hrefOf = (id: string) => `?tab=transactions&category=${id}`;

const rows = [
  { id: "groceries", label: "Supermercado", totalCents: 4590 },
  { id: "pets", label: "Animais", totalCents: 1200 },
  { id: "cafe", label: "Café", totalCents: 1 },
];

describe("categoryBars", () => {
  it("measures each bar against the largest row and each share against the total", () => {
    const bars = categoryBars(rows);
    expect(bars.map((bar) => bar.widthPercent)).toEqual([100, 26.1, 1]);
    expect(bars.map((bar) => bar.share)).toEqual([0.79, 0.21, 0]);
    expect(bars.map((bar) => bar.underOnePercent)).toEqual([false, false, true]);
  });

  it("gives shares in whole percents that always add up to 100 %", () => {
    // Rounded one by one these would be 33 + 33 + 33 = 99 and 17 × 6 = 102.
    expect(wholePercents([1, 1, 1])).toEqual([34, 33, 33]);
    expect(wholePercents([1, 1, 1, 1, 1, 1])).toEqual([17, 17, 17, 17, 16, 16]);
    expect(wholePercents([4590, 1200, 1])).toEqual([79, 21, 0]);
    expect(wholePercents([1, 2, 997])).toEqual([0, 0, 100]);
    expect(wholePercents([0, 0])).toEqual([0, 0]);
    for (const values of [[3, 3, 3, 1], [125, 250, 375, 250], [7, 11, 13, 17, 19, 23], [1, 100_000]]) {
      expect(wholePercents(values).reduce((sum, p) => sum + p, 0)).toBe(100);
    }
  });

  it("keeps a sliver for a tiny row and draws nothing for an empty month", () => {
    expect(categoryBars([{ id: "a", label: "A", totalCents: 100_000 }, { id: "b", label: "B", totalCents: 1 }])[1].widthPercent).toBe(1);
    expect(categoryBars([{ id: "a", label: "A", totalCents: 0 }])).toEqual([{ id: "a", label: "A", totalCents: 0, widthPercent: 0, share: 0, underOnePercent: false }]);
    expect(categoryBars([])).toEqual([]);
  });
});

describe("CategoryBars", () => {
  it("lists every category with its amount and share, in Portuguese and English", () => {
    renderWithI18n(inRouter(<CategoryBars rows={rows} hrefOf={hrefOf} />));
    const items = within(screen.getByTestId("category-bars")).getAllByTestId("category-bar");
    expect(items.map((item) => item.textContent?.replace(/\s/g, " "))).toEqual(["Supermercado45,90 €79%", "Animais12,00 €21%", "Café0,01 €<1%"]);
    cleanup();
    renderWithI18n(inRouter(<CategoryBars rows={rows} hrefOf={hrefOf} />), "en");
    expect(screen.getAllByTestId("category-bar").map((item) => item.textContent)).toEqual(["Supermercado€45.9079%", "Animais€12.0021%", "Café€0.01<1%"]);
  });

  it("opens each category's transactions", () => {
    renderWithI18n(inRouter(<CategoryBars rows={rows} hrefOf={hrefOf} />));
    const links = screen.getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["/app/financas?tab=transactions&category=groceries", "/app/financas?tab=transactions&category=pets", "/app/financas?tab=transactions&category=cafe"]);
    expect(links[1].textContent?.replace(/\s/g, " ")).toBe("Animais12,00 €21%");
  });

  it("masks amounts and shares when values are hidden, and keeps the bars' lengths", () => {
    renderWithI18n(
      inRouter(
        <HiddenValues.Provider value={true}>
          <CategoryBars rows={rows} hrefOf={hrefOf} />
        </HiddenValues.Provider>,
      ),
    );
    const list = screen.getByTestId("category-bars");
    expect(list.textContent).not.toMatch(/45|79|%/);
    // Said once per row (the amount), as text rather than an aria-label on a span.
    expect(within(list).getAllByText("Valor oculto")).toHaveLength(3);
    expect(list.querySelector("[aria-label]")).toBeNull();
    const widths = [...list.querySelectorAll<HTMLElement>("[aria-hidden] > div")].map((bar) => bar.style.width);
    expect(widths).toEqual(["100%", "26.1%", "1%"]);
  });
});
