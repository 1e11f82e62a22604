// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { ApiResult } from "~/lib/api";
import { TextField } from "./field";
import { Notice } from "./form";
import { renderWithI18n } from "./test-utils";
import { useApiForm } from "./use-api-form";

afterEach(cleanup);

const refused = (fields: Record<string, string>, message = "Verifique os campos"): ApiResult<unknown> => ({ ok: false, status: 422, error: { code: "validation_failed", message, fields } });

/** A form of the kit: name and e-mail, the API's answer given by the test. */
function Profile({ answer, check }: { answer: () => ApiResult<unknown>; check?: (fail: (message: string | null, fields: Record<string, string>) => null) => null | undefined }) {
  const [name, setName] = useState("Ana");
  const form = useApiForm({ fields: ["name", "email"], fallback: "Erro inesperado" });
  return (
    <form onSubmit={form.submit(async () => check?.(form.fail) ?? answer())}>
      <TextField label="Nome" value={name} onChange={(e) => setName(e.target.value)} error={form.errors.name} />
      <TextField label="Email" defaultValue="ana@" error={form.errors.email} />
      {form.message && <Notice tone="error">{form.message}</Notice>}
      <button type="submit">Guardar</button>
    </form>
  );
}

const submit = async () => {
  const button = screen.getByRole("button", { name: "Guardar" });
  button.focus();
  await act(async () => void fireEvent.click(button));
};

describe("useApiForm", () => {
  it("after a submit the API refused with field errors, the focus goes to the first invalid field", async () => {
    renderWithI18n(<Profile answer={() => refused({ email: "Email inválido" })} />);
    await submit();
    const email = screen.getByRole("textbox", { name: "Email" });
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(email);
  });

  it("the browser's own field checks (fail) move the focus too, to the first of the form's order", async () => {
    renderWithI18n(<Profile answer={() => ({ ok: true, status: 200, data: {} })} check={(fail) => fail(null, { email: "Obrigatório", name: "Obrigatório" })} />);
    await submit();
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Nome" }));
  });

  it("a general message is an alert and leaves the focus where it was", async () => {
    renderWithI18n(<Profile answer={() => refused({}, "Sem ligação")} />);
    await submit();
    expect(screen.getByRole("alert").textContent).toBe("Sem ligação");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Guardar" }));
  });
});
