// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MoneyInput, useUnreadableAmounts } from "./money-input";
import { renderWithI18n } from "./test-utils";

afterEach(cleanup);

/** A form with one amount that sends it with `send`, as the finance forms do. */
function AmountForm({ send, start = 100 }: { send: (cents: number | null) => void; start?: number | null }) {
  const [cents, setCents] = useState<number | null>(start);
  const amounts = useUnreadableAmounts();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (amounts.refused()) return;
        send(cents);
      }}
    >
      <input aria-label="Nota" />
      <MoneyInput label="Valor" valueCents={cents} onChangeCents={setCents} onUnreadable={amounts.watch("amountCents")} />
      <button type="submit">Guardar</button>
    </form>
  );
}

/** Types into the box and leaves it, as a click on "Guardar" does just before the submit. */
function typeAndLeave(text: string) {
  const input = screen.getByLabelText("Valor") as HTMLInputElement;
  input.focus();
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
  screen.getByLabelText("Nota").focus();
  return input;
}

describe("MoneyInput in a form", () => {
  it.each(["2500,,5", "-5", "0,125"])("keeps the form from sending the previous amount while the box holds %s, with its message and the focus", (typed) => {
    const send = vi.fn();
    renderWithI18n(<AmountForm send={send} />);
    const input = typeAndLeave(typed);
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(send).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe(typed);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(/^(Valor inválido|Use no máximo duas casas decimais|O valor não pode ser negativo)/)).toBeTruthy();
  });

  it("sends again once the amount reads, and an emptied box is not 'unreadable'", () => {
    const send = vi.fn();
    renderWithI18n(<AmountForm send={send} />);
    typeAndLeave("2500,,5");
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    typeAndLeave("2500,5");
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(send).toHaveBeenLastCalledWith(250050);
    typeAndLeave("abc");
    typeAndLeave("");
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(send).toHaveBeenLastCalledWith(null);
  });

  it("forgets an unreadable box that goes away", () => {
    const send = vi.fn();
    function Optional() {
      const [shown, setShown] = useState(true);
      const amounts = useUnreadableAmounts();
      return (
        <form onSubmit={(event) => (event.preventDefault(), amounts.refused() || send())}>
          {shown && <MoneyInput label="Valor" valueCents={null} onChangeCents={() => {}} onUnreadable={amounts.watch("amountCents")} />}
          <button type="button" onClick={() => setShown(false)}>
            Fechar
          </button>
          <button type="submit">Guardar</button>
        </form>
      );
    }
    renderWithI18n(<Optional />);
    const input = screen.getByLabelText("Valor");
    fireEvent.change(input, { target: { value: "abc" } });
    fireEvent.blur(input);
    fireEvent.click(screen.getByRole("button", { name: "Fechar" }));
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(send).toHaveBeenCalledOnce();
  });
});
