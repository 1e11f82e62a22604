import { expect, test } from "@playwright/test";
import { createUser, dismissCookieBanner, lisbonDay, originOf, untilHydrated } from "./support";

/**
 * On the narrowest phones people use (320 px), in both languages: every tab of a tabbed screen is on
 * screen (the fourth tab of Perfil, Diário and Finanças had been off its right edge, reachable only
 * by a sideways scroll nobody sees), the page is no wider than the screen, and no text spills out of
 * its box (a routine's title squeezed beside its button and streak; "Competências desbloqueadas" in
 * half of the impact grid).
 */
test("every tab, title and label fits a 320 px phone, in Portuguese and English", async ({ page }) => {
  test.setTimeout(120_000);
  await createUser(page.request, `e2e-phone-fit-${Date.now()}@example.com`, { toursDone: true });
  const routine = await page.request.post("/api/v1/routines", { headers: originOf(page.request), data: { title: "Caminhada de 20 minutos", category: "movement", frequency: "daily", durationMinutes: 20 } });
  expect(routine.status(), await routine.text()).toBe(201);
  // A routine counted in a day (decision 0117): its "3 de 8" between −1 and +1 must fit too.
  const counted = await page.request.post("/api/v1/routines", { headers: originOf(page.request), data: { title: "Beber 8 copos de água", category: "nutrition", timesPerDay: 8, durationMinutes: 5 } });
  expect(counted.status(), await counted.text()).toBe(201);
  // And a past day counted part of the way: its "5/8" in the strip's narrow cell (decision 0117, revised).
  const pastCount = await page.request.put(`/api/v1/routines/${(await counted.json()).routine.id}/counts/${lisbonDay(-1)}`, { headers: originOf(page.request), data: { count: 5 } });
  expect(pastCount.status(), await pastCount.text()).toBe(200);
  await dismissCookieBanner(page);
  await page.setViewportSize({ width: 320, height: 720 });
  for (const language of ["pt", "en"]) {
    expect((await page.request.patch("/api/v1/me", { headers: originOf(page.request), data: { language } })).status()).toBe(200);
    for (const path of ["/app/perfil", "/app/diario", "/app/financas", "/app/autocuidado", "/app/meu-impacto", "/app/dashboard", "/app/tarefas", "/app/calendario", "/app/objetivos", "/app/ciclo-menstrual", "/app/chat", "/app/relatorios-semanais"]) {
      await page.goto(path);
      await untilHydrated(page);
      const found = await page.evaluate(() => {
        const width = window.innerWidth;
        const offScreen = Array.from(document.querySelectorAll('[role="tab"]')).filter((tab) => {
          const box = tab.getBoundingClientRect();
          return box.right > width + 1 || box.left < -1;
        });
        const spilling = Array.from(document.querySelectorAll("main *")).filter((element) => {
          if (element.children.length > 0 || !element.textContent?.trim() || element.clientWidth === 0) return false;
          const style = getComputedStyle(element);
          // Clipped on purpose (an ellipsis, a scroller) is not spilling.
          return element.scrollWidth > element.clientWidth + 1 && style.overflowX === "visible" && style.textOverflow !== "ellipsis";
        });
        return {
          offScreenTabs: offScreen.map((tab) => tab.textContent),
          pageWiderThanScreen: document.documentElement.scrollWidth > width,
          spilling: spilling.map((element) => element.textContent!.trim()),
        };
      });
      expect(found, `${path} (${language})`).toEqual({ offScreenTabs: [], pageWiderThanScreen: false, spilling: [] });
    }
  }
});
