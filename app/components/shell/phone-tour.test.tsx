// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { DesktopShell, MobileShell } from "./app-shell";
import { Tour } from "./tour";
import { forPhone, guideFor } from "./tours";

afterEach(cleanup);

const user = { fullName: "Ana", email: "ana@example.com", provider: "password" };

function renderShell(layout: "mobile" | "desktop", onGuide = () => {}) {
  const props = { user, entitlements: [], onSearch: () => {}, onGuide, notifications: <button type="button">Bell</button>, children: <h1>Painel</h1> };
  const Stub = createRoutesStub([{ path: "/app/*", Component: () => (layout === "mobile" ? <MobileShell {...props} /> : <DesktopShell {...props} sidebarOpen />) }]);
  return renderWithI18n(<Stub initialEntries={["/app/meu-impacto"]} />);
}

const targetsOf = (guide: ReturnType<typeof guideFor>) => guide!.steps.flatMap((step) => (step.target ? [step.target] : []));

describe("the tours on a phone (docs/decisions/0111)", () => {
  it("point at what the phone's shell shows, as many steps as on a desktop, without the desktop's keys", async () => {
    renderShell("mobile");
    await screen.findByRole("heading", { name: "Painel" });
    const dashboard = guideFor("/app/meu-impacto", (key) => key)!;
    const phone = forPhone(dashboard);
    expect(phone.steps).toHaveLength(dashboard.steps.length);
    expect(phone.steps.filter((step) => step.target)).toHaveLength(dashboard.steps.filter((step) => step.target).length);
    // The sidebar and the settings button are a desktop's: on a phone both steps pointed at nothing.
    for (const target of targetsOf(phone)) expect(document.querySelector(target), target).not.toBeNull();
    expect(phone.steps.map((step) => step.key)).not.toContain("tour.dashboard.sidebar");
    // A module's last step: the feedback button is in the phone's menu.
    for (const target of targetsOf(forPhone(guideFor("/app/tarefas", (key) => key)!))) if (!target.includes("tasks-")) expect(document.querySelector(target), target).not.toBeNull();
  });

  it("can be played again from the phone's header, as from the desktop's, after 'Pular'", async () => {
    const onGuide = vi.fn();
    renderShell("mobile", onGuide);
    fireEvent.click(await screen.findByRole("button", { name: "Guia" }));
    expect(onGuide).toHaveBeenCalledOnce();
  });

  it("leaves the desktop's steps as they are", async () => {
    renderShell("desktop");
    await screen.findByRole("heading", { name: "Painel" });
    for (const target of targetsOf(guideFor("/app/meu-impacto", (key) => key))) if (!target.includes("feedback")) expect(document.querySelector(target), target).not.toBeNull();
  });
});

/** A finger's swipe from `a` to `b` on `element` (the listeners are the shell's, on the document). */
function swipe(element: Element, a: { x: number; y: number }, b: { x: number; y: number }) {
  const touch = (p: { x: number; y: number }) => ({ identifier: 1, target: element, clientX: p.x, clientY: p.y }) as unknown as Touch;
  element.dispatchEvent(new TouchEvent("touchstart", { touches: [touch(a)], changedTouches: [touch(a)], bubbles: true }));
  element.dispatchEvent(new TouchEvent("touchend", { touches: [], changedTouches: [touch(b)], bubbles: true }));
}

describe("a swipe during a phone's tour", () => {
  const Address = () => <p data-testid="address">{useLocation().pathname}</p>;

  function renderTour(onDone: (guideId: string) => void) {
    const guide = forPhone(guideFor("/app/meu-impacto", (key) => key)!);
    const props = { user, entitlements: [], onSearch: () => {}, notifications: <button type="button">Bell</button>, children: <Address /> };
    const Stub = createRoutesStub([
      {
        path: "/app/*",
        Component: () => (
          <>
            <MobileShell {...props} />
            <Tour guide={guide} onDone={onDone} />
          </>
        ),
      },
    ]);
    return renderWithI18n(<Stub initialEntries={["/app/meu-impacto"]} />);
  }

  // The tour is modal: a swipe over it went to the next screen (or opened the drawer), and the
  // layout closed the tour without saving it as seen, at whatever step it was.
  it("neither changes the screen nor opens the drawer: the tour stays at its step", async () => {
    const onDone = vi.fn();
    renderTour(onDone);
    fireEvent.click(await screen.findByRole("button", { name: "Seguinte" }));
    expect(screen.getByTestId("tour").textContent).toContain("Passo 2 de 5");
    const backdrop = screen.getByTestId("tour-backdrop");
    // The shell reads the screen a swipe leads from in the browser's address.
    window.history.replaceState(null, "", "/app/meu-impacto");

    // To the next screen, to the one before, and from the edge, the drawer.
    await act(async () => swipe(backdrop, { x: 300, y: 400 }, { x: 100, y: 405 }));
    await act(async () => swipe(backdrop, { x: 100, y: 400 }, { x: 300, y: 405 }));
    await act(async () => swipe(backdrop, { x: 10, y: 400 }, { x: 90, y: 405 }));

    expect(screen.getByTestId("address").textContent).toBe("/app/meu-impacto");
    expect(document.querySelector('[data-tour="menu"]')!.getAttribute("aria-expanded")).toBe("false");
    expect(screen.getByTestId("tour").textContent).toContain("Passo 2 de 5");
    expect(onDone).not.toHaveBeenCalled();
  });
});
