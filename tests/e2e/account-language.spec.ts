import { expect, test } from "@playwright/test";
import { createUser, dismissCookieBanner, originOf, untilHydrated } from "./support";

// Signed in, the app is in the account's language (decision 0012 revised): the API's texts (errors,
// insights, notifications) follow the account, so a page in another language mixed the two.
test.describe("the account's language", () => {
  test("wins over the browser's stored choice and its cookie on every /app page", async ({ page, context }) => {
    await dismissCookieBanner(page);
    await createUser(context.request, `e2e-account-en-${Date.now()}@example.com`, { toursDone: true });
    expect((await context.request.patch("/api/v1/me", { headers: originOf(context.request), data: { language: "en" } })).status()).toBe(200);
    // This browser chose Portuguese before (another account, or the public site's switch).
    await context.addCookies([{ name: "rumo-language", value: "pt", url: originOf(context.request).origin }]);
    await page.addInitScript(() => localStorage.setItem("rumo-language", "pt"));

    const response = await page.goto("/app/dashboard");
    // Rendered so by the server (no flash of the other language before hydration)…
    expect(await response!.text()).toContain('<html lang="en-US"');
    await untilHydrated(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    await expect(page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Tasks" })).toBeVisible();
    // …and so after hydration: the stored choice now follows the account.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("rumo-language"))).toBe("en");
    expect((await context.cookies()).find((c) => c.name === "rumo-language")?.value).toBe("en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  });

  test("is saved as soon as it is chosen in Preferências, and the next page load keeps it", async ({ page, context }) => {
    await dismissCookieBanner(page);
    await createUser(context.request, `e2e-account-switch-${Date.now()}@example.com`, { toursDone: true });
    await page.goto("/app/profile?tab=preferences");
    await untilHydrated(page);
    // The preferences tab hydrates after the page (its code loads on demand): choose until it answers.
    // The page switches as soon as a language is chosen (before the save answers): named in either.
    const select = page.getByRole("combobox", { name: /^(Idioma|Language)$/ });
    await expect(async () => {
      await select.selectOption("pt");
      await select.selectOption("en");
      await expect(page.getByText("Changes saved.")).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    expect((await (await context.request.get("/api/v1/me")).json()).user.language).toBe("en");

    await page.goto("/app/tarefas");
    await untilHydrated(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    await expect(page.getByRole("heading", { level: 1, name: "Tasks" })).toBeVisible();
  });
});
