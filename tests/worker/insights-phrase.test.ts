import { describe, expect, it } from "vitest";
import { phrase } from "../../worker/modules/finances/io-api";

const name = (id: string) => ({ groceries: "Alimentação/Supermercado", restaurants: "Restaurants" })[id] ?? id;

describe("phrase (Observações)", () => {
  // The screen around it says "1 234,50 €"; the observation said "1234,50 €" (Intl's pt-PT default
  // does not group four digits), so the same amount read two ways on one screen.
  it("writes amounts as the screens do, thousands grouped, in both languages", () => {
    const insight = { kind: "top_category", category: "groceries", amountCents: 123450, sharePercent: 95, month: "2026-12", rank: 1 } as const;
    expect(phrase(insight, "pt", name)).toMatch(/: 1\s234,50\s€ \(95% do total\)/);
    expect(phrase({ ...insight, category: "restaurants" }, "en", name)).toContain("€1,234.50");
  });
});
