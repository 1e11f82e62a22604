import { devices, expect, test } from "@playwright/test";
import { createUser, dismissCookieBanner, untilHydrated } from "./support";

/**
 * A new user's first week on a phone: the assistant's composer stays usable above the mobile shell's
 * tab bar (the Feedback entry is in the drawer there), and the Premium screen has one main landmark
 * (the shell's).
 */
test.describe("first week on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: devices["Pixel 7"].userAgent, locale: "pt-PT" });

  test("the assistant's Enviar is not under the tab bar nor anything else fixed, mid-conversation", async ({ page, context }) => {
    await createUser(context.request, `e2e-phone-chat-${Date.now()}@example.com`, { toursDone: true });
    await dismissCookieBanner(page);
    await page.goto("/app/chat");
    await untilHydrated(page);
    const input = page.getByTestId("assistant-input");
    for (const message of ["gastei 3 no café", "gastei 12 no almoço", "o que tenho amanhã?"]) {
      await input.fill(message);
      await input.press("Enter");
      await expect(page.getByTestId("message-assistant")).not.toHaveCount(0);
      await expect(page.locator("[data-testid=message-assistant][aria-busy=true]")).toHaveCount(0);
    }
    await page.mouse.wheel(0, -400);
    const send = page.getByRole("button", { name: "Enviar" });
    const box = (await send.boundingBox())!;
    const tabBar = (await page.getByRole("navigation", { name: /principal|main/i }).last().boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(tabBar.y);
    // What is at the button's centre is the button itself (nothing fixed above it).
    const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest("button")?.textContent?.trim(), { x: box.x + box.width / 2, y: box.y + box.height / 2 });
    expect(hit).toBe("Enviar");
  });

  test("the Premium screen has a single main landmark", async ({ page, context }) => {
    await createUser(context.request, `e2e-phone-premium-${Date.now()}@example.com`, { toursDone: true });
    await dismissCookieBanner(page);
    await page.goto("/app/premium");
    await untilHydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Premium" })).toBeVisible();
    await expect(page.getByRole("main")).toHaveCount(1);
  });
});
