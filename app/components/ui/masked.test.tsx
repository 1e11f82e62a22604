// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Masked, MaskedSentence } from "./masked";
import { renderWithI18n } from "./test-utils";

afterEach(cleanup);

const euros = (cents: number) => `${(cents / 100).toFixed(2)} €`;
const sentence = ([spent, budget]: string[]) => `${spent} de ${budget}`;

describe("Masked", () => {
  it("shows bullets to the eye and says 'hidden value' in the page's language", () => {
    const { container } = renderWithI18n(<Masked />);
    expect(container.querySelector('[aria-hidden="true"]')?.textContent).toBe("•••••");
    expect(screen.getByText("Valor oculto").className).toContain("sr-only");
    cleanup();
    renderWithI18n(<Masked shown="•••••" />, "en");
    expect(screen.getByText("Hidden value").className).toContain("sr-only");
    expect(screen.getByText("•••••").getAttribute("aria-hidden")).toBe("true");
  });
});

describe("MaskedSentence", () => {
  it("is the plain sentence when nothing is hidden", () => {
    const { container } = renderWithI18n(<MaskedSentence hidden={false} amounts={[1250, 5000]} format={euros} sentence={sentence} />);
    expect(container.innerHTML).toBe("12.50 € de 50.00 €");
  });

  it("masks every amount, and says each as 'hidden value', without an aria-label", () => {
    const { container } = renderWithI18n(<MaskedSentence hidden amounts={[1250, 5000]} format={euros} sentence={sentence} />);
    expect(container.textContent).not.toMatch(/12|50/);
    expect(container.querySelector('[aria-hidden="true"]')?.textContent).toBe("••••• de •••••");
    expect(screen.getByText("Valor oculto de Valor oculto").className).toContain("sr-only");
    expect(container.querySelector("[aria-label]")).toBeNull();
  });
});
