import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import enEmail from "../../app/locales/en/email";
import enLanding from "../../app/locales/en/landing";
import enPricing from "../../app/locales/en/pricing";
import ptEmail from "../../app/locales/pt/email";
import ptLanding from "../../app/locales/pt/landing";
import ptPricing from "../../app/locales/pt/pricing";

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

  test("a page carries only its language and its routes' namespaces", async ({ request }) => {
    const pt = await bootstrapOf(await (await request.get("/", { headers: { "accept-language": "pt-PT" } })).text());
    expect(pt.language).toBe("pt");
    expect(Object.keys(pt.resources).sort()).toEqual(["common", "landing", "public", "ui"]);
    const ptHtml = await (await request.get("/")).text();
    expect(ptHtml).toContain(JSON.stringify(ptLanding.hero.subtitle).slice(1, -1));
    expect(ptHtml).not.toContain(enLanding.hero.subtitle);
    expect(ptHtml).not.toContain(enLanding.finalCta.text);

    const enHtml = await (await request.get("/pricing?lang=en")).text();
    const en = await bootstrapOf(enHtml);
    expect(en.language).toBe("en");
    expect(Object.keys(en.resources).sort()).toEqual(["common", "landing", "pricing", "public", "ui"]);
    expect(enHtml).not.toContain(ptPricing.title);
    expect(enHtml).toContain(enPricing.title);
  });

  test("a screen reached by client navigation loads its namespaces before it renders", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ptLanding.hero.title);
    // The landing's page has no pricing catalogue; the pricing screen brings it on the way.
    expect(Object.keys((await bootstrapOf(await page.content())).resources)).not.toContain("pricing");
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole("navigation").first().getByRole("link", { name: ptLanding.nav.pricing, exact: true }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ptPricing.title);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test("switching the language loads the other language's catalogues in place", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("group").getByRole("button", { name: "en", exact: true }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(enLanding.hero.title);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  });
});
