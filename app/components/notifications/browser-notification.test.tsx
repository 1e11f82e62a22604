// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { BROWSER_NOTIFICATION_MS, showBrowserNotification } from "./browser-notification";
import { BrowserNotificationsOffer } from "./browser-notifications-offer";
import { aNotification } from "./test-notification";

/** The browser's Notification, as the test decides: its permission, the answer to a request, what was shown. */
class FakeNotification {
  static permission: NotificationPermission = "default";
  static answer: NotificationPermission = "granted";
  static requestPermission = vi.fn(async () => {
    FakeNotification.permission = FakeNotification.answer;
    return FakeNotification.answer;
  });
  static shown: FakeNotification[] = [];
  closed = false;
  onclick: (() => void) | null = null;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
  close() {
    this.closed = true;
  }
}

beforeEach(() => {
  FakeNotification.permission = "default";
  FakeNotification.answer = "granted";
  FakeNotification.requestPermission.mockClear();
  FakeNotification.shown = [];
  localStorage.clear();
  vi.stubGlobal("Notification", FakeNotification);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const urgent = aNotification("n1", { title: "Novo início de sessão", message: "Num computador novo", priority: "high" });

describe("browser notifications", () => {
  it("are never asked for as a notification arrives (no user gesture: Firefox and Safari refuse, for good)", async () => {
    await showBrowserNotification(urgent, () => {});
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    expect(FakeNotification.shown).toEqual([]);
    FakeNotification.permission = "denied";
    await showBrowserNotification(urgent, () => {});
    expect(FakeNotification.shown).toEqual([]);
  });

  it("show when allowed, closed after 5 s; a click opens it", () => {
    vi.useFakeTimers();
    FakeNotification.permission = "granted";
    const opened = vi.fn();
    showBrowserNotification(urgent, opened);
    const [shown] = FakeNotification.shown;
    expect(shown.title).toBe("Novo início de sessão");
    expect(shown.options).toMatchObject({ body: "Num computador novo", tag: "n1" });
    vi.advanceTimersByTime(BROWSER_NOTIFICATION_MS - 1);
    expect(shown.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(shown.closed).toBe(true);

    showBrowserNotification(urgent, opened);
    FakeNotification.shown[1].onclick!();
    expect(opened).toHaveBeenCalledTimes(1);
  });
});

describe("the offer in the bell's panel", () => {
  it("asks the browser from the click on 'Ativar notificações do navegador', and goes once it has answered", async () => {
    renderWithI18n(<BrowserNotificationsOffer place="panel" />);
    const enable = await screen.findByRole("button", { name: "Ativar notificações do navegador" });
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    await act(async () => void fireEvent.click(enable));
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByTestId("browser-notifications-offer")).toBeNull());
  });

  it("is not shown once the browser has answered, nor where there are no browser notifications", async () => {
    for (const permission of ["granted", "denied"] as const) {
      FakeNotification.permission = permission;
      const view = renderWithI18n(<BrowserNotificationsOffer place="panel" />);
      await act(async () => {});
      expect(screen.queryByTestId("browser-notifications-offer")).toBeNull();
      view.unmount();
    }
    vi.stubGlobal("Notification", undefined);
    delete (window as { Notification?: unknown }).Notification;
    renderWithI18n(<BrowserNotificationsOffer place="panel" />);
    await act(async () => {});
    expect(screen.queryByTestId("browser-notifications-offer")).toBeNull();
  });

  it("remembers 'Agora não' in this browser; Settings still offers it", async () => {
    const view = renderWithI18n(<BrowserNotificationsOffer place="panel" />);
    fireEvent.click(await screen.findByRole("button", { name: "Agora não" }));
    expect(screen.queryByTestId("browser-notifications-offer")).toBeNull();
    view.unmount();
    renderWithI18n(<BrowserNotificationsOffer place="panel" />);
    await act(async () => {});
    expect(screen.queryByTestId("browser-notifications-offer")).toBeNull();
    cleanup();

    renderWithI18n(<BrowserNotificationsOffer place="settings" />);
    fireEvent.click(await screen.findByRole("button", { name: "Ativar notificações do navegador" }));
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(/^Ativadas neste navegador/)).toBeTruthy();
  });

  it("in Settings, says where to allow them when the browser blocks them (in English too)", async () => {
    FakeNotification.permission = "denied";
    renderWithI18n(<BrowserNotificationsOffer place="settings" />, "en");
    expect(await screen.findByText(/^Blocked in this browser/)).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });
});
