// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { dismissToast, subscribeToasts } from "~/components/shell/toast-store";
import { Toaster } from "~/components/shell/toaster";
import { renderInApp } from "~/components/ui/test-utils";
import { createI18n } from "~/i18n/i18n.server";
import type { PublicGoal } from "@worker/modules/goals/queries";
import { GoalForm } from "./goal-form";

afterEach(cleanup);
// The question is the kit's ConfirmDialog, a lazily loaded chunk: fetched up front, as the idle preload does.
beforeAll(() => Promise.all([import("~/components/ui/dialog-parts"), import("~/components/ui/confirm-dialog-panel")]));

const goal: PublicGoal = {
  id: "g1",
  title: "Correr 10 km",
  description: "Três treinos por semana",
  deadline: "2026-12-31",
  progress: 40,
  status: "in_progress",
  completedAt: null,
  createdAt: "2026-06-01T09:00:00.000Z",
  updatedAt: "2026-07-10T23:30:00.000Z",
  milestones: [],
};

function open() {
  const onClose = vi.fn();
  renderInApp(<GoalForm editing={{ mode: "edit", goal }} onClose={onClose} onSaved={vi.fn()} />);
  return onClose;
}

describe("closing the goal form", () => {
  it("closes at once when the goal is as it opened", async () => {
    const onClose = open();
    fireEvent.keyDown(await screen.findByLabelText("Título"), { key: "Escape" });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it("asks before Escape throws away an edited description, and 'Descartar' closes", async () => {
    const onClose = open();
    const description = await screen.findByLabelText(/Descrição/);
    fireEvent.change(description, { target: { value: "Quatro treinos por semana" } });
    fireEvent.keyDown(description, { key: "Escape" });
    fireEvent.click(await screen.findByRole("button", { name: "Descartar" }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});

describe("saving an edited goal", () => {
  let bodies: unknown[];
  beforeEach(() => {
    bodies = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ ...goal, title: "Correr 12 km", status: "completed", progress: 100 }), { status: 200, headers: { "content-type": "application/json" } });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends only the title changed, so the progress it opened with cannot reopen a goal completed on another device", async () => {
    const onSaved = vi.fn();
    renderInApp(<GoalForm editing={{ mode: "edit", goal }} onClose={vi.fn()} onSaved={onSaved} />);
    fireEvent.change(await screen.findByLabelText("Título"), { target: { value: "Correr 12 km" } });
    fireEvent.submit(screen.getByTestId("goal-form"));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(bodies).toEqual([{ title: "Correr 12 km" }]);
  });

  it("says 'Objetivo guardado' in a toast that changes language with the page ('Goal saved')", async () => {
    // The toast store outlives a test: the earlier tests' toasts go first.
    subscribeToasts((shown) => shown.forEach((item) => dismissToast(item.id)))();
    const i18n = createI18n("pt");
    // Its own catalogues, whose language the test changes, inside the layout's.
    renderInApp(
      <I18nextProvider i18n={i18n}>
        <GoalForm editing={{ mode: "edit", goal }} onClose={vi.fn()} onSaved={vi.fn()} />
        <Toaster />
      </I18nextProvider>,
    );
    fireEvent.change(await screen.findByLabelText("Título"), { target: { value: "Correr 12 km" } });
    fireEvent.submit(screen.getByTestId("goal-form"));
    const saved = await screen.findByRole("status");
    expect(saved.textContent).toBe("Objetivo guardado");
    await act(async () => void (await i18n.changeLanguage("en")));
    expect(saved.textContent).toBe("Goal saved");
  });

  it("sends nothing when nothing changed, and closes", async () => {
    const onClose = vi.fn();
    renderInApp(<GoalForm editing={{ mode: "edit", goal }} onClose={onClose} onSaved={vi.fn()} />);
    fireEvent.submit(await screen.findByTestId("goal-form"));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(bodies).toEqual([]);
  });
});
