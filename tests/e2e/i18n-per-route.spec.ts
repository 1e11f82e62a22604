import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import enAuth from "../../app/locales/en/auth";
import enEmail from "../../app/locales/en/email";
import enLanding from "../../app/locales/en/landing";
import enPricing from "../../app/locales/en/pricing";
import ptAuth from "../../app/locales/pt/auth";
import ptEmail from "../../app/locales/pt/email";
import ptLanding from "../../app/locales/pt/landing";
import ptPricing from "../../app/locales/pt/pricing";
import enTasks from "../../app/locales/en/tasks";
import ptTasks from "../../app/locales/pt/tasks";
import { createUser, originOf } from "./support";

/** Every string of a catalogue. */
const strings = (catalogue: object): string[] => Object.values(catalogue).flatMap((value) => (typeof value === "string" ? [value] : strings(value)));

/** The catalogues a page carries for its first render (app/i18n/bootstrap-script.tsx). */
async function bootstrapOf(html: string) {
  const json = html.match(/<script id="rumo-i18n" type="application\/json">(.*?)<\/script>/s)?.[1];
  expect(json, "the page carries its catalogues").toBeTruthy();
  return JSON.parse(json!) as { language: string; resources: Record<string, unknown> };
}

test.describe("i18n per route", () => {
  test("the client build holds no e-mail text, in either language", () => {
    // Built by the web server before the tests run (scripts/start.mjs).
    const assets = join(process.cwd(), "build/client/assets");
    const client = readdirSync(assets)
      .filter((name) => name.endsWith(".js"))
      .map((name) => readFileSync(join(assets, name), "utf8"))
      .join("\n");
    // Longer texts only: short ones ("Rumo") also occur in other catalogues.
    const mailTexts = [...strings(ptEmail), ...strings(enEmail)].filter((text) => text.length > 30);
    expect(mailTexts.length).toBeGreaterThan(10);
    expect(mailTexts.filter((text) => client.includes(JSON.stringify(text).slice(1, -1)))).toEqual([]);
  });

  test("a hydrated page carries only its language and its routes' namespaces", async ({ request }) => {
    await createUser(request, `i18n-route-${Date.now()}@example.com`, { toursDone: true });
    const ptHtml = await (await request.get("/app/tarefas", { headers: { "accept-language": "pt-PT" } })).text();
    const pt = await bootstrapOf(ptHtml);
    expect(pt.language).toBe("pt");
    expect(Object.keys(pt.resources)).toEqual(expect.arrayContaining(["common", "ui", "tasks"]));
    // Other screens' namespaces stay out.
    for (const other of ["finances", "landing", "pricing"]) expect(Object.keys(pt.resources)).not.toContain(other);
    const longest = (catalogue: object) => strings(catalogue).sort((a, b) => b.length - a.length)[0];
    expect(JSON.stringify(pt.resources)).not.toContain(JSON.stringify(longest(enTasks)));

    // Signed in, a page is in the account's language.
    expect((await request.patch("/api/v1/me", { headers: originOf(request), data: { language: "en" } })).status()).toBe(200);
    const enHtml = await (await request.get("/app/tarefas", { headers: { "accept-language": "pt-PT" } })).text();
    const en = await bootstrapOf(enHtml);
    expect(en.language).toBe("en");
    expect(Object.keys(en.resources).sort()).toEqual(Object.keys(pt.resources).sort());
    expect(JSON.stringify(en.resources)).not.toContain(JSON.stringify(longest(ptTasks)));
  });

  test("the static sign-in page is rendered in its language and carries no catalogue", async ({ request }) => {
    const ptHtml = await (await request.get("/auth", { headers: { "accept-language": "pt-PT" } })).text();
    expect(ptHtml).toContain(ptAuth.meta.title);
    expect(ptHtml).not.toContain(enAuth.meta.title);
    expect(ptHtml).not.toContain('id="rumo-i18n"');
    const enHtml = await (await request.get("/auth?lang=en")).text();
    expect(enHtml).toContain(enAuth.meta.title);
    expect(enHtml).not.toContain(ptAuth.meta.title);
    expect(enHtml).not.toContain('id="rumo-i18n"');
  });

  test("a static page is rendered in its language on the server and carries no catalogue", async ({ request }) => {
    const ptHtml = await (await request.get("/")).text();
    expect(ptHtml).toContain(ptLanding.hero.subtitle);
    expect(ptHtml).not.toContain(enLanding.hero.subtitle);
    expect(ptHtml).not.toContain('id="rumo-i18n"');
    const enHtml = await (await request.get("/pricing?lang=en")).text();
    expect(enHtml).toContain(enPricing.title);
    expect(enHtml).not.toContain(ptPricing.title);
    expect(enHtml).not.toContain('id="rumo-i18n"');
  });

  test("switching the language loads the other language's catalogues in place", async ({ page }) => {
    await createUser(page.request, `i18n-switch-${Date.now()}@example.com`, { toursDone: true });
    await page.goto("/app/perfil?tab=preferences");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    // The preferences tab hydrates after the page (its code loads on demand): choose until it answers.
    const select = page.getByRole("combobox", { name: "Idioma" });
    await expect(async () => {
      await select.selectOption("pt");
      await select.selectOption("en");
      await expect(page.getByRole("tab", { name: "Preferences" })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
});
