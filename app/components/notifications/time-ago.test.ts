import { describe, expect, it } from "vitest";
import { timeAgo } from "./time-ago";

const now = Date.parse("2026-12-06T15:00:00Z");
const ago = (ms: number, locale: string) => timeAgo(new Date(now - ms).toISOString(), now, locale, "Europe/Lisbon").text;

describe("timeAgo", () => {
  it("says how long ago in words within a week, in Portuguese and English", () => {
    const spans = [10_000, 5 * 60_000, 3 * 3_600_000, 26 * 3_600_000, 3 * 86_400_000];
    expect(spans.map((ms) => ago(ms, "pt-PT"))).toEqual(["agora", "há 5 minutos", "há 3 horas", "ontem", "há 3 dias"]);
    expect(spans.map((ms) => ago(ms, "en-US"))).toEqual(["now", "5 minutes ago", "3 hours ago", "yesterday", "3 days ago"]);
  });

  it("gives the date past a week, and the exact moment in the user's zone for the title", () => {
    expect(ago(10 * 86_400_000, "pt-PT")).toBe("26/11/2026");
    expect(ago(10 * 86_400_000, "en-US")).toBe("Nov 26, 2026");
    expect(timeAgo("2026-07-01T12:00:00Z", now, "pt-PT", "Europe/Lisbon").exact).toBe("1 de julho de 2026 às 13:00");
  });

  it("never says 'in' for a clock slightly ahead of the server's", () => {
    expect(timeAgo(new Date(now + 5_000).toISOString(), now, "en-US").text).toBe("now");
  });
});
