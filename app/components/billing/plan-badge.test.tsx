// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ExportLink, ImportButton } from "~/modules/finances/components/io-slot";
import { renderWithI18n } from "~/components/ui/test-utils";
import { entitlementsFor } from "~/lib/plans";
import { PlanBadge } from "./plan-badge";
import { PremiumNotice } from "./premium-notice";
import { YourFeatures } from "./your-features";

afterEach(cleanup);

const badgeOf = (row: HTMLElement) => within(row).queryByTestId("pro-lock")?.textContent ?? null;

describe("the plan badge", () => {
  it("names the cheapest plan with the feature: Light for Light features, Pro for the assistant", () => {
    renderWithI18n(
      <>
        <PlanBadge entitlement="diary" />
        <PlanBadge entitlement="aiInsights" />
        <PlanBadge entitlement="tasks" />
      </>,
      "en",
    );
    expect(screen.getAllByTestId("pro-lock").map((badge) => badge.textContent)).toEqual(["Light", "Pro"]);
  });

  it("lists a Free user's locked features with their plan on /app/premium", () => {
    renderWithI18n(<YourFeatures entitlements={entitlementsFor({ tier: "free" })} />);
    const row = (name: string) => screen.getByText(name).closest("li")!;
    for (const name of ["Diário emocional", "Autocuidado", "Relatórios Semanais", "Sincronização com o Google Calendar", "Finanças: análise, orçamentos, poupanças e CSV"]) {
      expect(badgeOf(row(name))).toBe("Light");
    }
    expect(badgeOf(row("Assistente IA"))).toBe("Pro");
    expect(badgeOf(row("Insights IA"))).toBe("Pro");
    expect(badgeOf(row("Tarefas"))).toBeNull();
  });

  it("marks only what Pro adds for a Light user", () => {
    renderWithI18n(<YourFeatures entitlements={entitlementsFor({ tier: "light" })} />);
    expect(screen.getAllByTestId("pro-lock").map((badge) => badge.textContent)).toEqual(["Pro", "Pro"]);
  });

  it("badges the finances' CSV import and export (Light features) Light", () => {
    renderWithI18n(
      <>
        <ImportButton advanced={false} ownCategories={[]} onImported={() => {}} />
        <ExportLink advanced={false} query="" />
      </>,
    );
    expect(screen.getAllByTestId("pro-lock").map((badge) => badge.textContent)).toEqual(["Light", "Light"]);
  });

  it("says Premium on the notice unless it is told the feature", () => {
    renderWithI18n(
      <MemoryRouter>
        <PremiumNotice />
        <PremiumNotice entitlement="selfCare" />
      </MemoryRouter>,
    );
    expect(screen.getAllByTestId("pro-lock").map((badge) => badge.textContent)).toEqual(["Premium", "Light"]);
  });
});
