// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";

// A reader far from UTC: without an explicit zone the times would follow the machine's.
const machineZone = vi.hoisted(() => {
  const zone = process.env.TZ;
  process.env.TZ = "America/New_York";
  return zone;
});
// The loader reaches the Worker; the screen under test never calls it.
vi.mock("@worker/admin/live-checks", () => ({ liveChecks: vi.fn() }));
vi.mock("@worker/db/admin", () => ({ publicIncidents: vi.fn() }));
vi.mock("@worker/db/client", () => ({ database: vi.fn() }));

const { default: Status, headers } = await import("./status");

const loaderData = {
  title: "",
  description: "",
  overall: "incident" as const,
  checkedAt: "2026-12-06T15:00:00.000Z",
  components: [],
  incidents: [
    {
      id: "i1",
      title: { pt: "Atrasos", en: "Delays" },
      body: { pt: "", en: "" },
      status: "resolved" as const,
      impact: "minor" as const,
      startedAt: "2026-12-06T09:30:00.000Z",
      resolvedAt: "2026-12-06T10:05:00.000Z",
    },
  ],
};

// The screen reads loaderData only.
const props = { loaderData } as unknown as Parameters<typeof Status>[0];

afterEach(cleanup);
afterAll(() => {
  if (machineZone === undefined) delete process.env.TZ;
  else process.env.TZ = machineZone;
});

describe("/status", () => {
  it("shows its times in UTC and says so, whatever the machine's zone (the page is public and cached)", () => {
    renderWithI18n(<Status {...props} />, "en");
    expect(screen.getByText("Checked at Dec 6, 2026, 3:00 PM UTC")).toBeTruthy();
    expect(screen.getByText("Started: Dec 6, 2026, 9:30 AM UTC · Resolved: Dec 6, 2026, 10:05 AM UTC")).toBeTruthy();
  });

  it("in Portuguese too", () => {
    renderWithI18n(<Status {...props} />, "pt");
    expect(screen.getByText("Verificado em 6/12/2026, 15:00 UTC")).toBeTruthy();
  });
});

describe("the status page's caching", () => {
  it("is cached briefly, apart for each language a reader's cookie or browser asks for", () => {
    expect(headers()).toEqual({ "Cache-Control": "public, max-age=30", Vary: "Cookie, Accept-Language" });
  });
});
