// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { apiFetch } from "~/lib/api";
import AuditLog from "./audit";

vi.mock("~/lib/admin.server", () => ({ requireAdmin: vi.fn() }));
vi.mock("~/lib/api", async (original) => ({
  ...(await original<typeof import("~/lib/api")>()),
  apiFetch: vi.fn(),
}));

afterEach(() => {
  cleanup();
  vi.mocked(apiFetch).mockReset();
});

describe("/app/admin/audit", () => {
  it("'Até' includes the chosen day: the API (exclusive `to`) is asked up to the next day's start", async () => {
    vi.mocked(apiFetch).mockResolvedValue({ ok: true, status: 200, data: { items: [], nextCursor: null } } as never);
    renderWithI18n(
      <MemoryRouter initialEntries={["/app/admin/audit"]}>
        <AuditLog />
      </MemoryRouter>,
    );
    await waitFor(() => expect(apiFetch).toHaveBeenCalledWith("/admin/audit?limit=50"));
    fireEvent.change(screen.getByLabelText("De"), { target: { value: "2026-12-31" } });
    fireEvent.change(screen.getByLabelText("Até"), { target: { value: "2026-12-31" } });
    fireEvent.click(screen.getByRole("button", { name: "Filtrar" }));
    await waitFor(() => expect(vi.mocked(apiFetch).mock.calls.at(-1)?.[0]).toBe("/admin/audit?limit=50&from=2026-12-31&to=2027-01-01"));
  });
});
