// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openReports, weekOf } from "./screen.test-utils";

// The route module's loader reaches the Worker; the screen under test never calls it.
vi.mock("~/lib/auth.server", () => import("./screen.test-mocks"));
vi.mock("@worker/db/client", () => import("./screen.test-mocks"));
vi.mock("@worker/modules/reports/queries", () => import("./screen.test-mocks"));
vi.mock("~/lib/use-entity-changes", () => import("./screen.test-mocks"));

const reportOf = (weekStart: string) => weekOf({ weekStart });

let requested: string[];
beforeEach(() => {
  requested = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      requested.push(String(input));
      // The page after the year: two older weeks, the last of them.
      const items = ["2025-11-17", "2025-11-10"].map((weekStart) => ({ id: weekStart, weekStart, createdAt: "2025-11-24T07:00:00.000Z", data: reportOf(weekStart) }));
      return new Response(JSON.stringify({ items, nextCursor: null }), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the weekly reports' list of weeks", () => {
  it("loads older weeks than the year with 'Carregar mais', from the API's cursor", async () => {
    openReports({ report: reportOf("2026-11-23"), nextCursor: "after-a-year" });
    fireEvent.click(await screen.findByRole("button", { name: "Carregar mais" }));
    const weeks = screen.getByRole("navigation", { name: "Semanas" });
    await within(weeks).findByRole("link", { name: /17 de novembro de 2025/ });
    expect(requested).toEqual(["/api/v1/reports/weekly?limit=52&cursor=after-a-year"]);
    expect(within(weeks).getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual([
      "/app/relatorios-semanais?semana=2026-11-23",
      "/app/relatorios-semanais?semana=2025-11-17",
      "/app/relatorios-semanais?semana=2025-11-10",
    ]);
    // The end of the reports: nothing more to load.
    expect(screen.queryByRole("button", { name: "Carregar mais" })).toBeNull();
  });
});
