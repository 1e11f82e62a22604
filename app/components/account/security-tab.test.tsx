// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { SecurityTab } from "./security-tab";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A Google-only account (no password yet) whose API sets the first password it is sent. */
let hasPassword = false;
beforeEach(() => {
  hasPassword = false;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === "/api/v1/me/password" && init?.method === "POST") {
        hasPassword = true;
        return new Response(null, { status: 204 });
      }
      if (url === "/api/v1/me/sessions") return Response.json({ items: [], nextCursor: null });
      return Response.json({ error: { code: "not_found", message: "" } }, { status: 404 });
    }),
  );
});

function renderTab() {
  const Stub = createRoutesStub([
    {
      path: "/app/perfil",
      // The signed-in layout's loader, which the profile's tabs read.
      loader: () => ({ hasPassword }),
      Component: () => {
        const data = useLoaderData() as { hasPassword: boolean };
        return <SecurityTab hasPassword={data.hasPassword} twoFactorEnabled={false} />;
      },
    },
  ]);
  renderWithI18n(<Stub initialEntries={["/app/perfil"]} />);
}

describe("the security tab", () => {
  it("asks for the new password, where it is needed, once a Google-only account has set its first one", async () => {
    renderTab();
    const newPassword = await screen.findByLabelText("Nova senha");
    expect(screen.queryByLabelText("Senha atual")).toBeNull();
    fireEvent.change(newPassword, { target: { value: "primeira-senha-1" } });
    fireEvent.click(screen.getByRole("button", { name: "Alterar senha" }));
    expect(await screen.findByText("Senha alterada. As outras sessões foram terminadas.")).toBeTruthy();
    // Changing it again asks for the current one, and deleting the account asks for it too.
    expect(await screen.findByLabelText("Senha atual")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Eliminar a minha conta" }));
    expect(await screen.findByLabelText("Senha")).toBeTruthy();
  });
});
