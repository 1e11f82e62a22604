import { expect, test, type Page } from "@playwright/test";

// The public site's marketing pages and the sign-in page are sent without client JavaScript
// (handle.hydrate === false, decisions 0042 Revised and 0052): what tests/quality/bundle-budgets.test.ts
// counts as 0 KiB is checked here in the browser, with the interactions the page script keeps
// (language, cookie banner). /auth's forms are proved in auth.spec.ts.
const STATIC_PAGES = ["/", "/about", "/pricing", "/premium", "/blog", "/privacy", "/terms", "/legal-center", "/status", "/payment-success", "/payment-cancel", "/auth"];

function scriptRequests(page: Page) {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") urls.push(request.url());
  });
  return urls;
}

test.describe("static public pages", () => {
  test("request no script and carry no modulepreload or catalogue", async ({ page }) => {
    const scripts = scriptRequests(page);
    for (const path of STATIC_PAGES) {
      const response = await page.goto(path);
      expect(response!.status(), path).toBe(200);
      const html = await response!.text();
      expect(html, path).not.toContain('rel="modulepreload"');
      expect(html, path).not.toContain('id="rumo-i18n"');
      expect(html, path).not.toMatch(/<script[^>]*\bsrc=/);
    }
    expect(scripts).toEqual([]);
  });

  test("the cookie banner is in the server's HTML and a choice stops it, server-side too", async ({ page, request }) => {
    expect(await (await request.get("/pricing")).text()).toContain('data-testid="cookie-banner"');
    expect(await (await request.get("/auth")).text()).toContain('data-testid="cookie-banner"');
    await page.goto("/pricing");
    await page.getByTestId("cookie-banner").getByRole("button", { name: "Aceitar Todos" }).click();
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("rumo-gdpr-consent")!))).toMatchObject({ accepted: true, analytics: true });
    expect((await page.context().cookies()).find((c) => c.name === "rumo-cookie-consent")?.value).toBe("accepted");
    const html = await (await page.request.get("/pricing")).text();
    expect(html).not.toContain('data-testid="cookie-banner"');
    // A choice made before the cookie mirror existed (storage only) is honoured and mirrored.
    await page.context().clearCookies();
    await page.goto("/auth");
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
    expect((await page.context().cookies()).find((c) => c.name === "rumo-cookie-consent")?.value).toBe("accepted");
  });

  test("the language switch stores the choice in pt and en, on /auth too, and a link from /auth loads the landing", async ({ page }) => {
    await page.goto("/pricing?lang=pt");
    await page.getByRole("button", { name: "en", exact: true }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    expect(await page.evaluate(() => localStorage.getItem("rumo-language"))).toBe("en");
    await page.goto("/auth");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const scripts = scriptRequests(page);
    await page.getByRole("link", { name: "Rumo" }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your life organised, with time for yourself");
    await page.getByRole("button", { name: "pt", exact: true }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-PT");
    expect(await page.evaluate(() => localStorage.getItem("rumo-language"))).toBe("pt");
    // The landing came as a document: no JavaScript was fetched for it.
    expect(scripts).toEqual([]);
  });
});
