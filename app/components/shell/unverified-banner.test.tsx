// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { UnverifiedBanner } from "./unverified-banner";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const answering = (response: () => Response) => vi.stubGlobal("fetch", vi.fn(async () => response()));

describe("the unconfirmed-address banner", () => {
  it("says the confirmation e-mail was sent", async () => {
    answering(() => new Response(null, { status: 204 }));
    renderWithI18n(<MemoryRouter><UnverifiedBanner email="nova@example.com" /></MemoryRouter>);
    expect(screen.getByText("Email não verificado – Verifique o seu email (nova@example.com) para ativar todas as funcionalidades.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Reenviar" }));
    expect(await screen.findByText("Email de confirmação enviado.")).toBeTruthy();
  });

  it("leads to the profile, where a mistyped address is changed", () => {
    renderWithI18n(<MemoryRouter><UnverifiedBanner email="nova@exmaple.com" /></MemoryRouter>);
    expect(screen.getByRole("link", { name: "Alterar email" }).getAttribute("href")).toBe("/app/perfil");
  });

  // It said nothing at all: the button stayed as if the click had not been heard.
  it("says why a resend was refused, and lets the person try again", async () => {
    answering(() => Response.json({ error: { code: "rate_limited", message: "Muitas tentativas. Tente novamente mais tarde" } }, { status: 429, headers: { "Retry-After": "600" } }));
    renderWithI18n(<MemoryRouter><UnverifiedBanner email="nova@example.com" /></MemoryRouter>);
    fireEvent.click(screen.getByRole("button", { name: "Reenviar" }));
    expect(await screen.findByText("Muitas tentativas. Tente novamente mais tarde")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reenviar" })).toBeTruthy();
    expect(screen.queryByText("Email de confirmação enviado.")).toBeNull();
  });
});
