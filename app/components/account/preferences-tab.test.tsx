// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import type { ProfileData } from "./profile-data";

const revalidate = vi.fn(async () => {});
vi.mock("react-router", async (original) => ({
  ...(await original<typeof import("react-router")>()),
  useRevalidator: () => ({ revalidate, state: "idle" }),
}));
const { FirstModulesSetting } = await import("./preferences-tab");

const data = {
  user: { timeZone: "Europe/Lisbon", language: "pt" },
  profile: {
    hasCompletedOnboarding: true,
    firstModules: ["tasks", "calendar"],
  },
} as unknown as ProfileData;
const bodies: unknown[] = [];
let status = 200;

beforeEach(() => {
  bodies.length = 0;
  status = 200;
  revalidate.mockClear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      return status === 200
        ? new Response(JSON.stringify({ user: {} }), {
            status,
            headers: { "content-type": "application/json" },
          })
        : new Response(
            JSON.stringify({
              error: {
                code: "validation_failed",
                message: "Valor inválido.",
                fields: { "firstModules.0": "Valor inválido." },
              },
            }),
            { status, headers: { "content-type": "application/json" } },
          );
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Preferências → 'Por onde quer começar?'", () => {
  it("shows the modules chosen at onboarding by their names, and saves a new choice with PATCH /me", async () => {
    renderWithI18n(<FirstModulesSetting data={data} />);
    expect(
      screen.getByRole("group", { name: "Por onde quer começar?" }),
    ).toBeTruthy();
    expect(
      (screen.getByRole("checkbox", { name: "Tarefas" }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect(
      (
        screen.getByRole("checkbox", {
          name: "Diário emocional",
        }) as HTMLInputElement
      ).checked,
    ).toBe(false);
    fireEvent.click(screen.getByRole("checkbox", { name: "Tarefas" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Diário emocional" }));
    fireEvent.click(screen.getByRole("button", { name: "Guardar módulos" }));
    await screen.findByText("Alterações guardadas.");
    expect(bodies).toEqual([{ firstModules: ["calendar", "diary"] }]);
    // The dashboard's start card reads the layout's data: it follows once revalidated.
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it("says the server's error and keeps the choice on screen", async () => {
    status = 400;
    renderWithI18n(<FirstModulesSetting data={data} />, "en");
    fireEvent.click(screen.getByRole("checkbox", { name: "Emotional diary" }));
    fireEvent.click(screen.getByRole("button", { name: "Save modules" }));
    await screen.findByText("Valor inválido.");
    expect(
      (
        screen.getByRole("checkbox", {
          name: "Emotional diary",
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
    expect(revalidate).not.toHaveBeenCalled();
  });
});
