// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FormActions } from "./form-actions";
import { renderWithI18n } from "./test-utils";

afterEach(cleanup);

describe("FormActions", () => {
  it("puts Cancel before Submit; Cancel calls back, Submit submits the form", () => {
    const onCancel = vi.fn();
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    const { container } = renderWithI18n(
      <form onSubmit={(e) => onSubmit(e.nativeEvent)}>
        <FormActions className="pt-2" cancelLabel="Cancelar" submitLabel="Guardar" onCancel={onCancel} pending={false} />
      </form>,
    );
    const row = container.querySelector("form > div")!;
    expect(row.className).toBe("flex justify-end gap-2 pt-2");
    expect([...row.querySelectorAll("button")].map((b) => [b.textContent, b.getAttribute("type")])).toEqual([
      ["Cancelar", "button"],
      ["Guardar", "submit"],
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Cancelar" }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("while pending: Cancel is disabled and Submit takes no clicks (keeping its focus), busy and shows a spinner", () => {
    renderWithI18n(<FormActions cancelVariant="ghost" cancelLabel="Descartar" submitLabel="A guardar..." onCancel={() => {}} pending />);
    const [cancel, submit] = screen.getAllByRole("button") as HTMLButtonElement[];
    expect(cancel.disabled).toBe(true);
    expect(cancel.className).toContain("hover:bg-slate-100");
    expect(submit.getAttribute("aria-disabled")).toBe("true");
    expect(submit.getAttribute("aria-busy")).toBe("true");
    expect(submit.textContent).toBe("A carregar...A guardar...");
    expect(cancel.parentElement!.className).toBe("flex justify-end gap-2");
  });
});
