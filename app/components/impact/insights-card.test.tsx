// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
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
    expect(insightSources(["finances.advanced"])).toEqual(["finances"]);
    expect(insightSources(["tasks"])).toEqual([]);
  });

  it("shows at most three of each source, each with a link to where it comes from", async () => {
    renderWithI18n(
      <MemoryRouter>
        <InsightsCard entitlements={["aiInsights", "finances.advanced"]} month="2026-11" />
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
          <InsightsCard entitlements={["finances.advanced"]} month="2026-11" />
        </MemoryRouter>,
      );
      expect(urls).toEqual([]);
      clock.paint();
      expect(urls).toEqual([]);
      clock.idlePeriod();
      expect(urls).toEqual(["/api/v1/finances/insights?month=2026-11"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("is absent, and asks nothing, on a plan without insights", () => {
    const { container } = renderWithI18n(
      <MemoryRouter>
        <InsightsCard entitlements={["tasks"]} month="2026-11" />
      </MemoryRouter>,
    );
    expect(container.textContent).toBe("");
    expect(urls).toEqual([]);
  });
});
