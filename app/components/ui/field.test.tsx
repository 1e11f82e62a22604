// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { ApiResult } from "~/lib/api";
import { Button } from "./button";
import { Select, TextArea, TextField } from "./field";
import { Notice } from "./form";
import { renderWithI18n } from "./test-utils";
import { useApiForm } from "./use-api-form";

afterEach(cleanup);

describe("TextField / TextArea / Select", () => {
  it("links the label, the hint and the error to the control", () => {
    renderWithI18n(<TextField label="Email" hint="O seu email de trabalho" error="Email inválido" defaultValue="x" />);
    const input = screen.getByLabelText("Email");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const described = (input.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(["O seu email de trabalho", "Email inválido"]);
  });

  it("is not invalid and describes nothing without hint or error", () => {
    renderWithI18n(<TextArea label="Mensagem" />);
    const area = screen.getByLabelText("Mensagem");
    expect(area.tagName).toBe("TEXTAREA");
    expect(area.hasAttribute("aria-invalid")).toBe(false);
    expect(area.hasAttribute("aria-describedby")).toBe(false);
  });

  it("marks optional fields in the label and lists select options", () => {
    renderWithI18n(<Select label="Idioma" optional options={[{ value: "pt", label: "Português" }, { value: "en", label: "English" }]} defaultValue="en" />);
    const select = screen.getByLabelText(/Idioma/) as unknown as HTMLSelectElement;
    expect(screen.getByText("(opcional)")).toBeTruthy();
    expect(select.value).toBe("en");
    expect([...select.options].map((o) => o.textContent)).toEqual(["Português", "English"]);
  });
});

/** A sign-up-like form on the hook, with the API call replaced by a promise the test resolves. */
function SignUp({ call }: { call: () => Promise<ApiResult<{ id: string }>> }) {
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [done, setDone] = useState(false);
  const form = useApiForm<{ id: string }>({ fields: ["email", "fullName"], fallback: "Erro inesperado", onSuccess: () => setDone(true) });
  return (
    <form onSubmit={form.submit(() => (name.trim() ? call() : form.fail("Preencha o nome")))}>
      <TextField label="Nome" value={name} onChange={(e) => setName(e.target.value)} error={form.errors.fullName} />
      <TextField label="Email" value={email} onChange={(e) => setEmail(e.target.value)} error={form.errors.email} />
      {form.message && <Notice tone="error">{form.message}</Notice>}
      {done && <p>Conta criada</p>}
      <Button type="submit" loading={form.pending}>
        Criar conta
      </Button>
    </form>
  );
}

describe("useApiForm", () => {
  function deferred() {
    let resolve!: (result: ApiResult<{ id: string }>) => void;
    const promise = new Promise<ApiResult<{ id: string }>>((r) => (resolve = r));
    return { promise, resolve };
  }

  it("shows the API's field errors next to their fields, keeps what was typed, and disables submit while pending", async () => {
    const pending = deferred();
    let calls = 0;
    renderWithI18n(
      <SignUp
        call={() => {
          calls++;
          return pending.promise;
        }}
      />,
    );
    fireEvent.change(screen.getByLabelText("Nome"), { target: { value: "Ana" } });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ana@exemplo" } });
    const submit = screen.getByRole("button", { name: /Criar conta/ }) as HTMLButtonElement;
    fireEvent.submit(submit.closest("form")!);
    await waitFor(() => expect(submit.getAttribute("aria-disabled")).toBe("true"));
    expect(submit.getAttribute("aria-busy")).toBe("true");
    // A second submit while the first is pending does not call the API again.
    fireEvent.submit(submit.closest("form")!);
    expect(calls).toBe(1);

    pending.resolve({ ok: false, status: 400, error: { code: "validation_failed", message: "Verifique os campos", fields: { email: "Email inválido" } } });
    await waitFor(() => expect(submit.getAttribute("aria-disabled")).toBeNull());
    const email = screen.getByLabelText("Email") as HTMLInputElement;
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(email.getAttribute("aria-describedby")!)?.textContent).toBe("Email inválido");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(email.value).toBe("ana@exemplo");
    expect((screen.getByLabelText("Nome") as HTMLInputElement).value).toBe("Ana");
  });

  it("shows the general message when no field is named, and the fallback when there is none", async () => {
    let answer: ApiResult<{ id: string }> = { ok: false, status: 401, error: { code: "invalid_credentials", message: "Email ou senha incorretos" } };
    renderWithI18n(<SignUp call={async () => answer} />);
    fireEvent.change(screen.getByLabelText("Nome"), { target: { value: "Ana" } });
    const form = screen.getByRole("button", { name: /Criar conta/ }).closest("form")!;
    fireEvent.submit(form);
    expect((await screen.findByRole("alert")).textContent).toBe("Email ou senha incorretos");

    answer = { ok: false, status: 0, error: { code: "network", message: "" } };
    fireEvent.submit(form);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Erro inesperado"));

    answer = { ok: true, status: 201, data: { id: "u1" } };
    fireEvent.submit(form);
    expect(await screen.findByText("Conta criada")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the browser's own check without calling the API", async () => {
    let calls = 0;
    renderWithI18n(
      <SignUp
        call={async () => {
          calls++;
          return { ok: true, status: 201, data: { id: "u1" } };
        }}
      />,
    );
    fireEvent.submit(screen.getByRole("button", { name: /Criar conta/ }).closest("form")!);
    expect((await screen.findByRole("alert")).textContent).toBe("Preencha o nome");
    expect(calls).toBe(0);
  });
});
