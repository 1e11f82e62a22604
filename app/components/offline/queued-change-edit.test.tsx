// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import type { QueuedChange } from "~/lib/offline/queue";
import { EditForm } from "./queued-change-edit";

const edit = vi.fn(async () => {});
vi.mock("~/lib/offline/runtime", () => ({ queue: { edit }, replayNow: async () => {} }));

afterEach(() => {
  cleanup();
  edit.mockClear();
});

const refused: QueuedChange = {
  key: "k1",
  userId: "u1",
  kind: "transaction.create",
  method: "POST",
  path: "/transactions",
  body: { type: "expense", amountCents: 1_250, description: "Café", date: "2026-12-06", category: "restaurants" },
  label: "Café",
  createdAt: 0,
  attempts: 1,
  nextAttemptAt: 0,
  status: "failed",
};

describe("correcting a refused offline change", () => {
  it("does not send the refused amount again while the box holds one it cannot read", async () => {
    const done = vi.fn();
    renderWithI18n(<EditForm change={refused} onDone={done} />);
    const box = screen.getByLabelText(/Valor/);
    fireEvent.change(box, { target: { value: "12,,5" } });
    fireEvent.blur(box);
    fireEvent.click(screen.getByRole("button", { name: "Guardar e enviar" }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(edit).not.toHaveBeenCalled();
    expect(done).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(box);

    fireEvent.change(box, { target: { value: "13,50" } });
    fireEvent.blur(box);
    fireEvent.click(screen.getByRole("button", { name: "Guardar e enviar" }));
    await vi.waitFor(() => expect(edit).toHaveBeenCalledTimes(1));
    expect((edit.mock.calls[0] as unknown[])[1]).toMatchObject({ amountCents: 1_350 });
  });
});
