// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { apiFetch } from "~/lib/api";
import FeedbackInbox from "./feedback";

vi.mock("~/lib/admin.server", () => ({ requireAdmin: vi.fn() }));
vi.mock("~/lib/api", async (original) => ({
  ...(await original<typeof import("~/lib/api")>()),
  apiFetch: vi.fn(),
}));

afterEach(() => {
  cleanup();
  vi.mocked(apiFetch).mockReset();
});

const item = (n: number) => ({
  id: `fb-${n}`,
  userId: "u1",
  email: `pessoa${n}@example.com`,
  subject: `Assunto ${n}`,
  message: `Mensagem ${n}`,
  rating: 5,
  status: "new",
  reply: null,
  repliedAt: null,
  createdAt: "2026-12-01T10:00:00.000Z",
});

describe("/app/admin/feedback", () => {
  it("pages through the inbox: the messages past the first page can be loaded", async () => {
    vi.mocked(apiFetch).mockImplementation(async (path: string) =>
      path.includes("cursor=")
        ? { ok: true, status: 200, data: { items: [item(3)], nextCursor: null } }
        : { ok: true, status: 200, data: { items: [item(1), item(2)], nextCursor: "c2" } },
    );
    renderWithI18n(
      <MemoryRouter initialEntries={["/app/admin/feedback"]}>
        <FeedbackInbox />
      </MemoryRouter>,
    );
    expect(await screen.findByText("Mensagem 2")).toBeTruthy();
    expect(screen.queryByText("Mensagem 3")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Carregar mais" }));
    expect(await screen.findByText("Mensagem 3")).toBeTruthy();
    expect(screen.getByText("Mensagem 1")).toBeTruthy();
    expect(vi.mocked(apiFetch).mock.calls.at(-1)?.[0]).toMatch(/^\/admin\/feedback\?limit=\d+&cursor=c2$/);
    // The last page: nothing more to load.
    await waitFor(() => expect(screen.queryByRole("button", { name: "Carregar mais" })).toBeNull());
  });
});
