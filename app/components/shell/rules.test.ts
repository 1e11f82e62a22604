import { describe, expect, it } from "vitest";
import {
  addRecentSearch,
  backTarget,
  breadcrumbs,
  CRUMB_LABELS,
  clampPercent,
  closesDrawer,
  isMobileUserAgent,
  opensDrawer,
  showBackButton,
  swipeDirection,
  swipeTarget,
  tourProgress,
} from "./rules";

describe("breadcrumbs", () => {
  it("is hidden for one segment or fewer", () => {
    expect(breadcrumbs("/")).toEqual([]);
    expect(breadcrumbs("/app")).toEqual([]);
  });

  it("labels known segments, capitalises unknown ones, and does not link the last", () => {
    const crumbs = breadcrumbs("/app/financas");
    expect(crumbs.map((c) => [c.href, c.labelKey, c.current])).toEqual([
      ["/app", "shell:crumbs.app", false],
      ["/app/financas", "shell:crumbs.financas", true],
    ]);
    const deep = breadcrumbs("/app/premium/reports/semana-42");
    expect(deep.map((c) => c.labelKey)).toEqual(["shell:crumbs.app", "shell:crumbs.premium", "shell:crumbs.reports", null]);
    expect(deep[3].fallback).toBe("Semana 42");
    expect(breadcrumbs("/app/%E0%A4%A").at(-1)!.fallback).toBe("%E0%A4%A");
  });
});

describe("back button", () => {
  it("is hidden on /app and /app/meu-impacto only", () => {
    expect(showBackButton("/app")).toBe(false);
    expect(showBackButton("/app/")).toBe(false);
    expect(showBackButton("/app/meu-impacto")).toBe(false);
    expect(showBackButton("/app/financas")).toBe(true);
  });

  it("goes back in history, or to the impact dashboard without history", () => {
    expect(backTarget(true)).toBe("history");
    expect(backTarget(false)).toBe("/app/meu-impacto");
  });
});

describe("gestures", () => {
  it("counts a page swipe from 80 px when horizontal beats vertical", () => {
    expect(swipeDirection({ x: 200, y: 100 }, { x: 120, y: 110 })).toBe("left");
    expect(swipeDirection({ x: 100, y: 100 }, { x: 180, y: 100 })).toBe("right");
    expect(swipeDirection({ x: 200, y: 100 }, { x: 121, y: 100 })).toBeNull();
    expect(swipeDirection({ x: 200, y: 100 }, { x: 100, y: 220 })).toBeNull();
  });

  it("opens the drawer only from the left edge with little drift", () => {
    expect(opensDrawer({ x: 10, y: 300 }, { x: 70, y: 310 })).toBe(true);
    expect(opensDrawer({ x: 25, y: 300 }, { x: 100, y: 300 })).toBe(false);
    expect(opensDrawer({ x: 10, y: 300 }, { x: 60, y: 300 })).toBe(false);
    expect(opensDrawer({ x: 10, y: 300 }, { x: 100, y: 320 })).toBe(false);
    expect(closesDrawer({ x: 200, y: 300 }, { x: 140, y: 305 })).toBe(true);
    expect(closesDrawer({ x: 200, y: 300 }, { x: 160, y: 305 })).toBe(false);
  });

  it("follows the swipe order and stops at the ends", () => {
    expect(swipeTarget("/app/meu-impacto", "left")).toBe("/app/objetivos");
    expect(swipeTarget("/app/objetivos", "right")).toBe("/app/meu-impacto");
    expect(swipeTarget("/app/meu-impacto", "right")).toBeNull();
    expect(swipeTarget("/app/chat", "left")).toBeNull();
    expect(swipeTarget("/app/perfil", "left")).toBeNull();
  });

  it("detects mobile user agents", () => {
    expect(isMobileUserAgent("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)")).toBe(true);
    expect(isMobileUserAgent("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130")).toBe(false);
  });
});

describe("recent searches", () => {
  it("adds new queries longer than one character at the front, five at most", () => {
    expect(addRecentSearch(["a1", "b2"], "novo")).toEqual(["novo", "a1", "b2"]);
    expect(addRecentSearch(["a1"], "a1")).toEqual(["a1"]);
    expect(addRecentSearch(["a1"], "x")).toEqual(["a1"]);
    expect(addRecentSearch(["1a", "2a", "3a", "4a", "5a"], "6a")).toEqual(["6a", "1a", "2a", "3a", "4a"]);
  });
});

describe("tour progress", () => {
  it("shows step X of N with a percentage clamped to 0–100", () => {
    expect(tourProgress(0, 4)).toEqual({ current: 1, total: 4, percent: 25 });
    expect(tourProgress(3, 4)).toEqual({ current: 4, total: 4, percent: 100 });
    expect(tourProgress(9, 4)).toEqual({ current: 4, total: 4, percent: 100 });
    expect(tourProgress(-2, 4)).toEqual({ current: 1, total: 4, percent: 25 });
    expect(tourProgress(0, 0)).toEqual({ current: 0, total: 0, percent: 0 });
    expect(clampPercent(150)).toBe(100);
    expect(clampPercent(-5)).toBe(0);
    expect(clampPercent(Number.NaN)).toBe(0);
  });
});

describe("search results grouped by kind", () => {
  it("orders groups by their best result and keeps the API's order inside each", async () => {
    const { groupResults } = await import("./rules");
    const r = (id: string, type: string) => ({ id, type });
    const groups = groupResults([r("t1", "task"), r("e1", "event"), r("t2", "task"), r("g1", "goal"), r("e2", "event")]);
    expect(groups.map((g) => [g.type, g.items.map((i) => i.id)])).toEqual([
      ["task", ["t1", "t2"]],
      ["event", ["e1", "e2"]],
      ["goal", ["g1"]],
    ]);
    expect(groupResults([])).toEqual([]);
  });
});

describe("breadcrumb labels", () => {
  it("label every segment of the signed-in area's own screens (no capitalised path left in either language)", async () => {
    const { default: routes } = await import("~/routes");
    const app = routes.find((r) => r.path === "app")!;
    const segments = (app.children ?? []).flatMap((r) => (r.path ?? "").split("/")).filter((s) => s && !s.startsWith(":"));
    expect(segments).toContain("notificacoes");
    expect(segments.filter((s) => !Object.hasOwn(CRUMB_LABELS, s))).toEqual([]);
  });
});
