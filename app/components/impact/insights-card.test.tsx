// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { createI18n } from "~/i18n/i18n.server";
import { fakeFirstPaint } from "~/lib/after-first-paint.test-utils";
import { InsightsCard, insightSources } from "./insights-card";

let urls: string[];
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

beforeEach(() => {
  urls = [];
  vi.stubGlobal("fetch", async (url: string) => {
    urls.push(url);
    if (url.includes("/diary/insights")) return json({ items: [1, 2, 3, 4].map((n) => ({ kind: `k${n}`, text: `Humor ${n}`, values: {} })), phrasedBy: "templates" });
    if (url.includes("/finances/insights")) return json({ items: [{ kind: "top", message: "Restaurantes: 120,00 €" }] });
    throw new Error(`unexpected fetch ${url}`);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the impact dashboard's Observações", () => {
  it("asks only for the insights the plan includes", () => {
    expect(insightSources(["aiInsights", "finances.advanced"])).toEqual(["diary", "finances"]);
    // Both are AI insights, Pro only (DECISIONS.md): a Light plan asks for neither.
    expect(insightSources(["aiInsights"])).toEqual(["diary", "finances"]);
    expect(insightSources(["finances.advanced", "diary"])).toEqual([]);
    expect(insightSources(["tasks"])).toEqual([]);
  });

  it("shows at most three of each source, each with a link to where it comes from", async () => {
    renderWithI18n(
      <MemoryRouter>
        <InsightsCard entitlements={["aiInsights", "finances.advanced"]} month="2026-11" hideValues={false} />
      </MemoryRouter>,
    );
    expect(await screen.findByText("Restaurantes: 120,00 €")).toBeTruthy();
    expect(screen.getByText("Humor 3")).toBeTruthy();
    expect(screen.queryByText("Humor 4")).toBeNull();
    expect(urls.some((u) => u.endsWith("/finances/insights?month=2026-11"))).toBe(true);
    expect(screen.getAllByRole("link", { name: "Do diário" })).toHaveLength(3);
    expect(screen.getByRole("link", { name: "Das finanças" }).getAttribute("href")).toBe("/app/financas");
  });

  it("asks after the first paint, in an idle moment, not in hydration's effects task", async () => {
    vi.useFakeTimers();
    const clock = fakeFirstPaint();
    try {
      renderWithI18n(
        <MemoryRouter>
          <InsightsCard entitlements={["aiInsights"]} month="2026-11" hideValues={false} />
        </MemoryRouter>,
      );
      expect(urls).toEqual([]);
      clock.paint();
      expect(urls).toEqual([]);
      clock.idlePeriod();
      await Promise.resolve();
      expect([...urls].sort()).toEqual(["/api/v1/diary/insights", "/api/v1/finances/insights?month=2026-11"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the skeleton at once for a new month, not the last answer while the new request waits", async () => {
    vi.useFakeTimers();
    const clock = fakeFirstPaint();
    const settle = async () => {
      await act(async () => {
        clock.idlePeriod();
        await vi.runOnlyPendingTimersAsync();
      });
    };
    const busy = () => screen.getByTestId("impact-insights").querySelector('[aria-busy="true"]');
    try {
      const card = (entitlements: string[], month: string) => (
        <MemoryRouter>
          <InsightsCard entitlements={entitlements} month={month} hideValues={false} />
        </MemoryRouter>
      );
      const i18n = createI18n("pt");
      const { rerender } = render(card(["aiInsights"], "2026-11"), { wrapper: ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider> });
      clock.paint();
      await settle();
      expect(screen.getByText("Restaurantes: 120,00 €")).toBeTruthy();

      rerender(card(["aiInsights"], "2026-12"));
      expect(screen.queryByText("Restaurantes: 120,00 €")).toBeNull();
      expect(busy()).toBeTruthy();
      await settle();
      expect(screen.getByText("Restaurantes: 120,00 €")).toBeTruthy();
      expect(screen.getByText("Humor 1")).toBeTruthy();
      expect(urls.filter((u) => u.includes("/finances/insights"))).toEqual([
        "/api/v1/finances/insights?month=2026-11",
        "/api/v1/finances/insights?month=2026-12",
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("is absent, and asks nothing, on a plan without insights", () => {
    const { container } = renderWithI18n(
      <MemoryRouter>
        <InsightsCard entitlements={["tasks"]} month="2026-11" hideValues={false} />
      </MemoryRouter>,
    );
    expect(container.textContent).toBe("");
    expect(urls).toEqual([]);
  });

  it("masks the amounts in the sentences when the user hides values, the words and links staying", async () => {
    const { container } = renderWithI18n(
      <MemoryRouter>
        <InsightsCard entitlements={["aiInsights", "finances.advanced"]} month="2026-11" hideValues />
      </MemoryRouter>,
    );
    expect(await screen.findByText("Humor 1")).toBeTruthy();
    const finances = screen.getByRole("link", { name: "Das finanças" }).closest("li")!;
    expect(finances.textContent).toContain("Restaurantes:");
    expect(container.textContent).not.toContain("120,00");
    expect(finances.querySelector('[aria-hidden="true"]')?.textContent).toBe("•••••");
  });
});
