// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { FeedbackBox } from "./feedback-box";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the feedback box", () => {
  it("opening puts the focus in its first field; closing gives it back to the button", async () => {
    renderWithI18n(<FeedbackBox />);
    fireEvent.click(screen.getByRole("button", { name: "Feedback" }));
    const subject = await screen.findByRole("textbox", { name: "Assunto (opcional)" });
    // The form arrives in a chunk of its own: the focus follows once it is drawn.
    await waitFor(() => expect(document.activeElement).toBe(subject));
    fireEvent.click(screen.getByRole("button", { name: "Fechar" }));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Feedback" }));
  });

  it("Escape closes it too, and a sent message gives the focus back to the button", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 201 })));
    renderWithI18n(<FeedbackBox />);
    fireEvent.click(screen.getByRole("button", { name: "Feedback" }));
    const subject = await screen.findByRole("textbox", { name: "Assunto (opcional)" });
    fireEvent.keyDown(subject, { key: "Escape" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Feedback" }));

    fireEvent.click(screen.getByRole("button", { name: "Feedback" }));
    fireEvent.change(await screen.findByRole("textbox", { name: "Mensagem" }), { target: { value: "Gosto muito." } });
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Enviar" })));
    expect(screen.queryByRole("textbox", { name: "Mensagem" })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Feedback" }));
  });
});
