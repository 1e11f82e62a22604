// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "~/components/ui/test-utils";
import Onboarding from "./onboarding";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The browser says it is in `zone`. */
function browserIn(zone: string) {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolved.call(this), timeZone: zone };
  });
}

const zoneSelect = () => screen.getByLabelText("Fuso horário") as HTMLInputElement;

describe("onboarding's time zone", () => {
  it("is the browser's, not sign-up's default, unless the person picks another", async () => {
    browserIn("America/Sao_Paulo");
    renderInApp(<Onboarding />);
    // Offered but left on Europe/Lisbon, a press of 'Começar' kept a zone three hours off.
    await waitFor(() => expect(zoneSelect().value).toBe("America/Sao_Paulo"));
    fireEvent.change(zoneSelect(), { target: { value: "Europe/Madrid" } });
    expect(zoneSelect().value).toBe("Europe/Madrid");
  });
});
