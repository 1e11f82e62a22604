// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { ChangeEmail } from "./change-email";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A fake POST /me/email: what it answers, and the account's address the layout reads. */
let answer: (body: { email: string; password?: string }) => Response;
let accountEmail = "ana@example.com";
let sent: unknown[] = [];
beforeEach(() => {
  accountEmail = "ana@example.com";
  sent = [];
  answer = (body) => {
    accountEmail = body.email;
    return Response.json({ user: { email: body.email, emailConfirmed: false } });
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === "/api/v1/me/email" && init?.method === "POST") {
        const body = JSON.parse(String(init.body));
        sent.push(body);
        return answer(body);
      }
      return Response.json({ error: { code: "not_found", message: "Não encontrado." } }, { status: 404 });
    }),
  );
});

function renderForm(hasPassword = true) {
  const Stub = createRoutesStub([
    {
      path: "/app/perfil",
      // The layout's account, read again once the address changed.
      loader: () => ({ email: accountEmail }),
      Component: () => {
        const { email } = useLoaderData() as { email: string };
        return (
          <>
            <p data-testid="shown-email">{email}</p>
            <ChangeEmail hasPassword={hasPassword} onClose={() => undefined} />
          </>
        );
      },
    },
  ]);
  renderWithI18n(<Stub initialEntries={["/app/perfil"]} />);
}

const fill = (email: string, password?: string) => {
  fireEvent.change(screen.getByLabelText("Novo email"), { target: { value: email } });
  if (password !== undefined) fireEvent.change(screen.getByLabelText("Senha atual"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Alterar email" }));
};

describe("Alterar email", () => {
  it("sends the new address with the password, says where the link went and reads the account again", async () => {
    renderForm();
    await screen.findByLabelText("Novo email");
    fill("nova@example.com", "segredo-123");
    expect(await screen.findByText("Enviámos um link de confirmação para nova@example.com. Abra-o para confirmar o novo email; até lá, não termine esta sessão.")).toBeTruthy();
    expect(sent).toEqual([{ email: "nova@example.com", password: "segredo-123" }]);
    await vi.waitFor(() => expect(screen.getByTestId("shown-email").textContent).toBe("nova@example.com"));
  });

  it("shows each refusal next to its field, and keeps what was typed", async () => {
    answer = (body) =>
      body.password === "errada"
        ? Response.json({ error: { code: "invalid_credentials", message: "Senha incorreta", fields: { password: "Senha incorreta" } } }, { status: 400 })
        : Response.json({ error: { code: "conflict", message: "Este email já está registado. Tente fazer login.", fields: { email: "Este email já está registado. Tente fazer login." } } }, { status: 409 });
    renderForm();
    await screen.findByLabelText("Novo email");
    fill("ocupado@example.com", "errada");
    await vi.waitFor(() => expect(screen.getByLabelText("Senha atual").getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("Senha incorreta")).toBeTruthy();
    expect(screen.getByLabelText("Novo email").getAttribute("aria-invalid")).toBeNull();

    fill("ocupado@example.com", "segredo-123");
    await vi.waitFor(() => expect(screen.getByLabelText("Novo email").getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("Este email já está registado. Tente fazer login.")).toBeTruthy();
    expect(screen.queryByText("Senha incorreta")).toBeNull();
    expect((screen.getByLabelText("Novo email") as HTMLInputElement).value).toBe("ocupado@example.com");
    expect(screen.getByTestId("shown-email").textContent).toBe("ana@example.com");
  });

  it("asks an account without a password for nothing but the address, and offers a Google sign-in when the API wants one", async () => {
    answer = () => Response.json({ error: { code: "reauthentication_required", message: "Por segurança, entre novamente com o Google para confirmar a sua identidade." } }, { status: 403 });
    renderForm(false);
    await screen.findByLabelText("Novo email");
    expect(screen.queryByLabelText("Senha atual")).toBeNull();
    fill("nova@example.com");
    expect(await screen.findByText("Por segurança, entre novamente com o Google para confirmar a sua identidade.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Entrar novamente com o Google" }).getAttribute("href")).toBe(`/api/v1/auth/google?next=${encodeURIComponent("/app/perfil")}`);
    expect(sent).toEqual([{ email: "nova@example.com" }]);
  });
});
