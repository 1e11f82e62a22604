// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { MobileShell } from "./app-shell";
import { FeedbackBox } from "./feedback-box";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The layout's part: it holds whether the box is open. */
function Box({ mobile = false }: { mobile?: boolean }) {
  const [open, setOpen] = useState(false);
  return <FeedbackBox mobile={mobile} open={open} onOpenChange={setOpen} />;
}

describe("the feedback box", () => {
  it("opening puts the focus in its first field; closing gives it back to the button", async () => {
    renderWithI18n(<Box />);
    fireEvent.click(screen.getByRole("button", { name: "Feedback" }));
    const subject = await screen.findByRole("textbox", { name: "Assunto (opcional)" });
    // The form arrives in a chunk of its own: the focus follows once it is drawn.
    await waitFor(() => expect(document.activeElement).toBe(subject));
    fireEvent.click(screen.getByRole("button", { name: "Fechar" }));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Feedback" }));
  });

  it("Escape closes it too, and a sent message gives the focus back to the button", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 201 })));
    renderWithI18n(<Box />);
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

  it("floats over nothing on a phone: opened from elsewhere (the drawer), it gives the focus back there", async () => {
    function Phone() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Menu
          </button>
          <FeedbackBox mobile open={open} onOpenChange={setOpen} />
        </>
      );
    }
    renderWithI18n(<Phone />);
    expect(screen.queryByRole("button", { name: "Feedback" })).toBeNull();
    const menu = screen.getByRole("button", { name: "Menu" });
    menu.focus();
    fireEvent.click(menu);
    const subject = await screen.findByRole("textbox", { name: "Assunto (opcional)" });
    await waitFor(() => expect(document.activeElement).toBe(subject));
    fireEvent.click(screen.getByRole("button", { name: "Fechar" }));
    expect(screen.queryByRole("form")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(menu));
  });

  it("the phone's drawer has the Feedback entry: it closes the drawer, then opens the box from the menu button", async () => {
    const onFeedback = vi.fn();
    const Stub = createRoutesStub([
      {
        path: "/app/tarefas",
        Component: () => (
          <MobileShell user={{ fullName: "Ana", email: "ana@example.com", provider: "email" }} entitlements={[]} onSearch={() => {}} onFeedback={onFeedback}>
            <h1>Tarefas</h1>
          </MobileShell>
        ),
      },
    ]);
    renderWithI18n(<Stub initialEntries={["/app/tarefas"]} />);
    const menu = await screen.findByRole("button", { name: "Menu" });
    fireEvent.click(menu);
    fireEvent.click(await screen.findByRole("button", { name: "Feedback" }));
    await waitFor(() => expect(screen.queryByTestId("drawer")).toBeNull());
    await waitFor(() => expect(onFeedback).toHaveBeenCalledTimes(1));
    // Where the box gives the focus back when it closes.
    expect(document.activeElement).toBe(menu);
  });
});
