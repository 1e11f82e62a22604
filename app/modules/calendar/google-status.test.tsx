// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { Outlet, createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import type { Language } from "~/i18n/language";
import { GoogleCalendarSettings } from "./google-settings";
import type { GoogleCalendarStatus } from "./google-status";
import { GoogleSyncStatus } from "./google-sync-status";

vi.mock("~/lib/use-entity-changes", () => ({ useEntityChanges: () => undefined }));

const connection = (overrides: Partial<NonNullable<GoogleCalendarStatus["connection"]>> = {}): GoogleCalendarStatus => ({
  connection: {
    status: "connected",
    paused: false,
    // 23:30 in Lisbon (and UTC), 20:30 in São Paulo.
    lastSyncAt: "2026-12-01T23:30:00.000Z",
    lastError: null,
    pendingChanges: 0,
    calendars: [{ id: "c1", summary: "Ana", color: null, primary: true, selected: true }],
    ...overrides,
  },
});

let status: GoogleCalendarStatus;
beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => (url === "/api/v1/calendar/google" ? Response.json(status) : Response.json({ error: { code: "not_found", message: "" } }, { status: 404 }))),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The component inside the signed-in layout, whose loader carries the account's time zone. */
function renderIn(ui: React.ReactElement, timeZone = "Europe/Lisbon", language: Language = "pt") {
  const Stub = createRoutesStub([
    { id: "routes/app/layout", path: "/app", loader: () => ({ user: { timeZone } }), Component: Outlet, children: [{ path: "calendario", Component: () => ui }] },
  ]);
  renderWithI18n(<Stub initialEntries={["/app/calendario"]} />, language);
}

describe("the calendar's Google sync line", () => {
  it("says when it last synced, in the account's time zone rather than the browser's", async () => {
    status = connection();
    renderIn(<GoogleSyncStatus />, "America/Sao_Paulo");
    const line = await screen.findByTestId("google-sync-status");
    expect(line.textContent).toContain("Google Calendar sincronizado");
    expect(line.textContent).toContain("20:30");
    expect(line.textContent).not.toContain("23:30");
  });

  it("says sync is paused when the plan no longer includes it, with the upgrade link", async () => {
    status = connection({ paused: true });
    renderIn(<GoogleSyncStatus />, "Europe/Lisbon", "en");
    const line = await screen.findByTestId("google-sync-status");
    expect(line.textContent).toContain("Google Calendar: sync is paused, your plan no longer includes it");
    expect(line.textContent).not.toContain("synced");
    expect(screen.getByRole("link", { name: "Upgrade" }).getAttribute("href")).toBe("/app/premium");
  });
});

describe("Preferências → Google Calendar", () => {
  it("shows a paused connection as paused, with the premium notice, not as connected", async () => {
    status = connection({ paused: true });
    renderIn(<GoogleCalendarSettings />);
    expect(await screen.findByText("Em pausa")).toBeTruthy();
    expect(screen.getByText(/A sincronização está em pausa porque o seu plano já não a inclui/)).toBeTruthy();
    expect(screen.getByTestId("premium-notice")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Upgrade" }).getAttribute("href")).toBe("/app/premium");
    expect(screen.queryByText("Ligado")).toBeNull();
    // Choosing calendars and syncing are paid writes: not offered while paused.
    expect(screen.queryByRole("button", { name: "Sincronizar agora" })).toBeNull();
    expect(screen.getByRole("button", { name: "Desligar" })).toBeTruthy();
  });

  it("shows an active connection as connected, its last sync in the account's time zone", async () => {
    status = connection();
    renderIn(<GoogleCalendarSettings />, "America/Sao_Paulo");
    expect(await screen.findByText("Ligado")).toBeTruthy();
    expect(screen.queryByTestId("premium-notice")).toBeNull();
    expect(screen.getByTestId("google-last-sync").textContent).toContain("20:30");
  });
});
