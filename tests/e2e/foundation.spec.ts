import { expect, test } from "@playwright/test";
import { createUser } from "./support";

test.describe("landing and language", () => {
  test("renders the landing in Portuguese by default, server-side, with the beta banner", async ({ page, request }) => {
    const html = await (await request.get("/", { headers: { "accept-language": "" } })).text();
    expect(html).toContain('<html lang="pt-PT"');
    expect(html).toContain("BETA v1.0 - Versão de lançamento otimizada");

    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-PT");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("A sua vida organizada, com tempo para si");
    await expect(page.getByTestId("beta-banner")).toBeVisible();
  });

  test("switches to English and keeps the choice across a reload", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "en", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your life organised, with time for yourself");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    expect(await page.evaluate(() => localStorage.getItem("rumo-language"))).toBe("en");

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your life organised, with time for yourself");
    await expect(page.getByTestId("beta-banner")).toHaveText("BETA v1.0 - Optimised launch version");

    await page.getByRole("button", { name: "pt", exact: true }).click();
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-PT");
  });

  test("follows the browser's language when nothing is stored", async ({ browser }) => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    await context.close();
  });

  test("discards an injected stored language", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => localStorage.setItem("rumo-language", '<img src=x onerror="window.__pwned=1">'));
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-PT");
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });
});

test.describe("security and errors", () => {
  test("pages carry a nonce CSP that their own scripts satisfy", async ({ page, request }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto("/");
    const csp = response!.headers()["content-security-policy"];
    const nonce = csp.match(/'nonce-([^']+)'/)![1];
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const html = await response!.text();
    // Inline scripts that run need the nonce (the landing is static: its page script only).
    const inlineScripts = (html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []).filter((tag) => !tag.includes('type="application/json"'));
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const tag of inlineScripts) expect(tag).toContain(`nonce="${nonce}"`);
    // The static sign-in page: its page script carries the nonce, and there is no other script.
    const auth = await (await page.request.get("/auth")).text();
    const authNonce = auth.match(/nonce="([^"]+)"/)![1];
    expect(auth).not.toContain('id="rumo-i18n"');
    for (const tag of auth.match(/<script[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${authNonce}"`);
    // A hydrated page (an /app screen, signed in): its catalogues are an inert JSON data block, its
    // scripts carry the nonce.
    await createUser(request, `csp-${Date.now()}@example.com`, { toursDone: true });
    const screen = await (await request.get("/app/tarefas")).text();
    const screenNonce = screen.match(/nonce="([^"]+)"/)![1];
    expect(screen).toContain('<script id="rumo-i18n" type="application/json">');
    for (const tag of (screen.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []).filter((t) => !t.includes('type="application/json"'))) expect(tag).toContain(`nonce="${screenNonce}"`);
    // The page script ran: the language switch responds.
    await page.getByRole("button", { name: "en", exact: true }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    expect(violations).toEqual([]);
    expect(response!.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response!.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  test("an unknown page shows the not-found page with status 404", async ({ page }) => {
    const response = await page.goto("/isto-nao-existe");
    expect(response!.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
    await page.getByRole("link", { name: "Voltar ao início" }).click();
    await expect(page).toHaveURL("/");
  });

  test("static assets get the security headers too", async ({ request }) => {
    const response = await request.get("/favicon.svg");
    expect(response.status()).toBe(200);
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  });
});
