// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "~/components/ui/test-utils";
import { useAccountLanguage } from "~/i18n/use-language";
import Onboarding from "./onboarding";

// The language list saves the account's language (PATCH /me): answered here, not sent anywhere.
beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify({ user: {} }), { status: 200, headers: { "content-type": "application/json" } })),
  );
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
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

/** Onboarding in the signed-in shell, whose effect keeps the page in the account's language (pt). */
function InShell() {
  useAccountLanguage("pt");
  return <Onboarding />;
}

describe("onboarding's answers", () => {
  it("are kept across a reload (the tab's storage), the language too, though the account's is another", async () => {
    browserIn("America/Sao_Paulo");
    renderInApp(<InShell />);
    await waitFor(() => expect(zoneSelect().value).toBe("America/Sao_Paulo"));
    fireEvent.click(screen.getByLabelText("Finanças"));
    fireEvent.click(screen.getByLabelText("Calendário"));
    fireEvent.change(zoneSelect(), { target: { value: "Europe/Madrid" } });
    fireEvent.change(screen.getByLabelText("Idioma"), { target: { value: "en" } });
    // The shell's language effect used to undo the choice at once.
    await waitFor(() => expect((screen.getByLabelText("Language") as HTMLInputElement).value).toBe("en"));
    cleanup();

    renderInApp(<InShell />);
    await waitFor(() => expect((screen.getByLabelText("Language") as HTMLInputElement).value).toBe("en"));
    expect((screen.getByLabelText("Finances") as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText("Calendar") as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText("Tasks") as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText("Time zone") as HTMLInputElement).value).toBe("Europe/Madrid");
  });
});

describe("onboarding's language", () => {
  it("is saved as the account's as soon as it is chosen, so a reload's server render is in it", async () => {
    const sent: { url: string; method?: string; body: unknown }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push({ url: String(url), method: init.method, body: JSON.parse(String(init.body)) });
        return new Response(JSON.stringify({ user: {} }), { status: 200, headers: { "content-type": "application/json" } });
      }),
    );
    renderInApp(<InShell />);
    fireEvent.change(screen.getByLabelText("Idioma"), { target: { value: "en" } });
    // Kept in the tab alone, the server (which renders the account's language) showed Portuguese
    // after a reload until the draft was read back after hydration.
    await waitFor(() => expect(sent).toEqual([{ url: expect.stringMatching(/\/api\/v1\/me$/), method: "PATCH", body: { language: "en" } }]));
    expect((screen.getByLabelText("Language") as HTMLInputElement).value).toBe("en");
  });
});
