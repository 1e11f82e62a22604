// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { entitlementsFor } from "~/lib/plans";
import { ShellNavLink } from "./nav-link";
import { drawerSections, missingPlan, sidebarGroups, type NavItem } from "./navigation";

afterEach(cleanup);

const free = entitlementsFor({ tier: "free" });
const light = entitlementsFor({ tier: "light" });
// The sidebar's and the drawer's entries, once per screen.
const everyItem = [...new Map([...sidebarGroups, ...drawerSections].flatMap((group) => group.items).map((item) => [item.to, item])).values()];
const itemTo = (to: string): NavItem => everyItem.find((item) => item.to === to)!;

const renderItems = (items: NavItem[], entitlements: readonly string[], language: "pt" | "en" = "pt") =>
  renderWithI18n(
    <MemoryRouter>
      <nav>
        {items.map((item) => (
          <ShellNavLink key={item.to} item={item} entitlements={entitlements} />
        ))}
      </nav>
    </MemoryRouter>,
    language,
  );

describe("navigation items a plan lacks", () => {
  it("badge the cheapest plan that has the item, and nothing the user has", () => {
    expect(missingPlan(itemTo("/app/diario"), free)).toBe("light");
    expect(missingPlan(itemTo("/app/autocuidado"), free)).toBe("light");
    expect(missingPlan(itemTo("/app/premium/reports"), free)).toBe("light");
    expect(missingPlan(itemTo("/app/assistant"), free)).toBe("pro");
    expect(missingPlan(itemTo("/app/assistant"), light)).toBe("pro");
    expect(missingPlan(itemTo("/app/diario"), light)).toBeNull();
    expect(missingPlan(itemTo("/app/dashboard"), free)).toBeNull();
  });

  it("stay links for a Free user, each screen opening read-only, badged Light or Pro", () => {
    renderItems(everyItem, free);
    // Every entry of the sidebar and the drawer can be followed; none is a disabled label.
    expect(document.querySelectorAll('[aria-disabled="true"]')).toHaveLength(0);
    expect(document.querySelectorAll("nav a")).toHaveLength(everyItem.length);
    const diary = screen.getByRole("link", { name: /Diário/ });
    expect(diary.getAttribute("href")).toBe("/app/diario");
    expect(within(diary).getByText("Light")).toBeTruthy();
    expect(diary.getAttribute("title")).toBe("Diário — disponível no plano Light");
    const selfCare = screen.getByRole("link", { name: /Autocuidado/ });
    expect(within(selfCare).getByText("Light")).toBeTruthy();
    for (const name of ["Assistente IA", "Chat IA"]) expect(within(screen.getByRole("link", { name: new RegExp(name) })).getByText("Pro")).toBeTruthy();
    for (const to of ["/app/premium/reports", "/app/relatorios-semanais"]) expect(document.querySelector(`a[href="${to}"]`)?.getAttribute("data-plan")).toBe("light");
    expect(screen.queryByText("PRO")).toBeNull();
  });

  it("carry no badge for what the plan includes, and the plan's name in English", () => {
    renderItems([itemTo("/app/diario"), itemTo("/app/assistant")], light, "en");
    const diary = screen.getByRole("link", { name: /Diary/ });
    expect(diary.getAttribute("data-plan")).toBeNull();
    expect(diary.getAttribute("title")).toBeNull();
    expect(screen.getByRole("link", { name: /assistant/i }).getAttribute("title")).toMatch(/— available on the Pro plan$/);
  });
});
