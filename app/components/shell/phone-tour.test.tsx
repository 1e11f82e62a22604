// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { DesktopShell, MobileShell } from "./app-shell";
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
