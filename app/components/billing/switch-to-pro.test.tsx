// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { SwitchToPro } from "./switch-to-pro";

afterEach(cleanup);

describe("SwitchToPro", () => {
  it("shows Pro's price and what it adds to Light, and switches on request, in both languages", () => {
    const onSwitch = vi.fn();
    renderWithI18n(<SwitchToPro language="pt" onSwitch={onSwitch} />, "pt");
    expect(screen.getByRole("heading", { name: "Passar para o Pro" })).toBeTruthy();
    expect(screen.getByText("9,99 €")).toBeTruthy();
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Assistente IA", "Insights IA"]);
    fireEvent.click(screen.getByRole("button", { name: "Mudar para Pro" }));
    expect(onSwitch).toHaveBeenCalledOnce();
    cleanup();
    renderWithI18n(<SwitchToPro language="en" onSwitch={onSwitch} />, "en");
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["AI Assistant", "AI insights"]);
    expect(screen.getByRole("button", { name: "Switch to Pro" })).toBeTruthy();
  });
});
