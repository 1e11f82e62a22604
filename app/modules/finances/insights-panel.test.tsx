// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { createI18n } from "~/i18n/i18n.server";
import { fakeFirstPaint } from "~/lib/after-first-paint.test-utils";
import { InsightsPanel } from "./insights-panel";
import { HiddenValues } from "./money";

let urls: string[];
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

beforeEach(() => {
  urls = [];
  vi.useFakeTimers();
  vi.stubGlobal("fetch", async (url: string) => {
    urls.push(url);
    return json({ items: [{ kind: "top", message: `Restaurantes em ${new URL(url, "http://x").searchParams.get("month")}` }] });
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets the queued request go and its answer arrive. */
async function answer(clock: ReturnType<typeof fakeFirstPaint>) {
  await act(async () => {
    clock.idlePeriod();
    await vi.runOnlyPendingTimersAsync();
  });
}

describe("the finances insights panel", () => {
  it("asks after the first paint, in an idle moment, not in hydration's effects task", async () => {
    const clock = fakeFirstPaint();
    renderWithI18n(<InsightsPanel month="2026-11" />);
    expect(urls).toEqual([]);
    clock.paint();
    expect(urls).toEqual([]);
    await answer(clock);
    expect(urls).toEqual(["/api/v1/finances/insights?month=2026-11"]);
    expect(screen.getByText("Restaurantes em 2026-11")).toBeTruthy();
  });

  it("shows the new month's skeleton at once, not the last month's insights while its request waits", async () => {
    const clock = fakeFirstPaint();
    const i18n = createI18n("pt");
    const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
    const { rerender } = render(<InsightsPanel month="2026-11" />, { wrapper });
    clock.paint();
    await answer(clock);
    expect(screen.getByText("Restaurantes em 2026-11")).toBeTruthy();

    rerender(<InsightsPanel month="2026-10" />);
    expect(screen.queryByText("Restaurantes em 2026-11")).toBeNull();
    expect(screen.getByTestId("finance-insights").querySelector('[aria-busy="true"]')).toBeTruthy();
    await answer(clock);
    expect(screen.getByText("Restaurantes em 2026-10")).toBeTruthy();
    expect(urls).toEqual(["/api/v1/finances/insights?month=2026-11", "/api/v1/finances/insights?month=2026-10"]);
  });

  it("masks the amounts in its sentences under 'Ocultar valores', keeping the words", async () => {
    vi.stubGlobal("fetch", async () => json({ items: [{ kind: "top_category", message: "Restaurantes foi a maior categoria de novembro de 2026: 1\u00a0234,56\u00a0€ (45 % das despesas)." }] }));
    const clock = fakeFirstPaint();
    const { container } = renderWithI18n(
      <HiddenValues.Provider value>
        <InsightsPanel month="2026-11" />
      </HiddenValues.Provider>,
    );
    clock.paint();
    await answer(clock);
    const item = container.querySelector("li")!;
    expect(item.textContent).toContain("Restaurantes foi a maior categoria de novembro de 2026:");
    expect(item.textContent).toContain("(45 % das despesas)");
    expect(item.textContent).not.toContain("1\u00a0234,56");
    expect(item.querySelector('[aria-hidden="true"]')?.textContent).toBe("•••••");
  });
});
