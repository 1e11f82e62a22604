import { describe, expect, it } from "vitest";
import { formErrorsOf, noErrors, splitApiError } from "./field-errors";

describe("splitApiError", () => {
  const known = ["email", "password"];

  it("puts each field's message next to its field and drops the general line", () => {
    expect(splitApiError({ message: "Verifique os campos", fields: { email: "Email inválido", password: "Curta demais" } }, known, "Erro")).toEqual({
      fields: { email: "Email inválido", password: "Curta demais" },
      message: null,
    });
  });

  it("shows the general message when no field is named", () => {
    expect(splitApiError({ message: "Email ou senha incorretos" }, known, "Erro")).toEqual({ fields: {}, message: "Email ou senha incorretos" });
  });

  it("falls back when the API sent no message (network failure)", () => {
    expect(splitApiError({ message: "" }, known, "Erro inesperado")).toEqual({ fields: {}, message: "Erro inesperado" });
  });

  it("never loses a message for a field the form does not show", () => {
    expect(splitApiError({ message: "Verifique os campos", fields: { referralCode: "Código inválido" } }, known, "Erro")).toEqual({
      fields: {},
      message: "Verifique os campos Código inválido",
    });
    expect(splitApiError({ message: "Verifique os campos", fields: { email: "Email inválido", referralCode: "Código inválido" } }, known, "Erro")).toEqual({
      fields: { email: "Email inválido" },
      message: "Código inválido",
    });
  });
});

describe("formErrorsOf (action and fetcher data)", () => {
  it("reads the API's error body returned by an action", () => {
    expect(formErrorsOf({ error: { code: "validation_failed", message: "Verifique os campos", fields: { title: "Obrigatório" } } }, ["title"], "Erro")).toEqual({
      fields: { title: "Obrigatório" },
      message: null,
    });
    expect(formErrorsOf({ error: { code: "not_found", message: "Não encontrado" } }, ["title"], "Erro")).toEqual({ fields: {}, message: "Não encontrado" });
  });

  it("means no errors for success data, nothing yet, or a shape it does not know", () => {
    expect(formErrorsOf(undefined, ["title"], "Erro")).toEqual(noErrors);
    expect(formErrorsOf({ ok: true, id: "t1" }, ["title"], "Erro")).toEqual(noErrors);
    expect(formErrorsOf({ error: "boom" }, ["title"], "Erro")).toEqual(noErrors);
    expect(formErrorsOf({ error: { fields: { title: 3 } } }, ["title"], "Erro")).toEqual({ fields: {}, message: "Erro" });
  });
});
