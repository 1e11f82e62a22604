// @vitest-environment happy-dom
import { cleanup } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { Money } from "./money";

afterEach(cleanup);

describe("Money", () => {
  // In English a day total is "-€0.35": without this the minus sign stayed at the end of one line
  // and the amount went to the next in the transactions list's narrow "Day total" column on a phone.
  it("is never broken across lines (the sign stays with the amount)", () => {
    const { container } = renderWithI18n(<Money cents={-35} signed />, "en");
    const amount = container.querySelector("[data-money]")!;
    expect(amount.textContent).toMatch(/^-€0\.35$/);
    expect(amount.className.split(/\s+/)).toContain("whitespace-nowrap");
  });
});
