// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MaskedAmounts, splitAmounts } from "./masked-amounts";
import { renderWithI18n } from "./test-utils";

afterEach(cleanup);

describe("MaskedAmounts", () => {
  const amounts = (text: string) => splitAmounts(text).filter((_, i) => i % 2 === 1);

  it("finds amounts of euros as Intl writes them and as people write them", () => {
    expect(amounts("Gastou 45,90 € em Supermercado este mês.")).toEqual(["45,90 €"]);
    expect(amounts("Total: 1\u00a0234,56\u00a0€ de 2.000,00 €")).toEqual(["1\u00a0234,56\u00a0€", "2.000,00 €"]);
    expect(amounts("You spent €1,234.56 and -€3.20, then 20 euros and 12 EUR.")).toEqual(["€1,234.56", "-€3.20", "20 euros", "12 EUR"]);
  });

  it("leaves numbers that are not money alone", () => {
    expect(amounts("Tem 3 tarefas para dia 15, às 10:30, e 2 eventos em 2026.")).toEqual([]);
    // A day before an amount is not part of it.
    expect(amounts("No dia 15, 20 € em Transportes")).toEqual(["20 €"]);
  });

  it("is the plain text when nothing is hidden, and masks only the amounts when hidden", () => {
    const text = "Gastou 45,90 € esta semana (3 compras).";
    const { container } = renderWithI18n(<MaskedAmounts text={text} hidden={false} />);
    expect(container.textContent).toBe(text);
    cleanup();
    const masked = renderWithI18n(<MaskedAmounts text={text} hidden />).container;
    expect(masked.textContent).not.toContain("45,90");
    expect(masked.textContent).toContain("(3 compras)");
    expect(masked.querySelector('[aria-hidden="true"]')?.textContent).toBe("•••••");
    expect(screen.getByText("Valor oculto").className).toContain("sr-only");
  });
});
