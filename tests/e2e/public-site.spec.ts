import { expect, test, type Page } from "@playwright/test";

const landingText = {
  pt: { h1: "A sua vida organizada, com tempo para si", premium: /^Começar Premium 5,99\s€\/mês$/, features: "Funcionalidades", benefits: "Benefícios", cta: "Começar grátis" },
  en: { h1: "Your life organised, with time for yourself", premium: "Start Premium €5.99/month", features: "Features", benefits: "Benefits", cta: "Start for free" },
};

/** Feature flags launched so far: the Premium plans and each landed module's (its migration launches it). */
const LAUNCHED = [
  "premium",
  "objetivos",
  "calendario",
  "financas",
  "ciclo_menstrual",
  "diario_emocional",
  "autocuidado",
  "relatorios_semanais",
];

async function checkLanding(page: Page, language: "pt" | "en") {
  const text = landingText[language];
  await page.goto(language === "en" ? "/?lang=en" : "/");
  await expect(page.locator("html")).toHaveAttribute("lang", language === "en" ? "en-US" : "pt-PT");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.h1);
  const premium = page.getByTestId("hero-premium");
  await expect(premium).toHaveText(text.premium);
  await expect(premium).toHaveAttribute("href", "/auth?plan=light&next=%2Fapp%2Fpremium");
  await expect(page.getByTestId("roadmap").getByRole("listitem")).toHaveCount(11);
  // Statuses come from the feature flags: the Premium plans, and each landed module (its migration launches its flag).
  await expect(page.getByTestId("roadmap").getByRole("listitem").filter({ hasText: language === "pt" ? "Disponível" : "Available" })).toHaveCount(LAUNCHED.length);
  // No real testimonials are configured: neither the section nor its link is shown.
  await expect(page.locator("#depoimentos")).toHaveCount(0);
  await expect(page.locator('a[href="#depoimentos"]')).toHaveCount(0);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "suporte@rumo.app" })).toHaveAttribute("href", "mailto:suporte@rumo.app");

  // The header anchors scroll to their sections.
  const nav = page.getByRole("navigation").first();
  await nav.getByRole("link", { name: text.benefits, exact: true }).click();
  await expect(page).toHaveURL(/#beneficios$/);
  await expect(page.locator("#beneficios")).toBeInViewport();
  await nav.getByRole("link", { name: text.features, exact: true }).click();
  await expect(page).toHaveURL(/#funcionalidades$/);
  await expect(page.locator("#funcionalidades")).toBeInViewport();

  // The call to action reaches /auth.
  await page.getByTestId("hero-cta").click();
  await expect(page).toHaveURL(/\/auth$/);
}

test.describe("landing, desktop", () => {
  test("in Portuguese", async ({ page }) => checkLanding(page, "pt"));
  test("in English", async ({ page }) => checkLanding(page, "en"));
});

test.describe("landing, mobile", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test("in Portuguese", async ({ page }) => {
    await checkLanding(page, "pt");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
  test("in English", async ({ page }) => checkLanding(page, "en"));
});

test.describe("app mode (?pwa=true)", () => {
  test("redirects to /auth when signed out and to the impact dashboard when signed in", async ({ request }) => {
    const out = await request.get("/?pwa=true", { maxRedirects: 0 });
    expect(out.status()).toBe(302);
    expect(out.headers().location).toBe("/auth");
    // A made-up cookie is not a session.
    const forged = await request.get("/?pwa=true", { maxRedirects: 0, headers: { cookie: "rumo_session=test" } });
    expect(forged.headers().location).toBe("/auth");
    const login = await request.post("/api/v1/auth/login", { data: { email: "demo@rumo.app", password: "rumo-demo-2026" }, headers: { origin: new URL(out.url()).origin } });
    expect(login.status()).toBe(200);
    const signedIn = await request.get("/?pwa=true", { maxRedirects: 0 });
    expect(signedIn.headers().location).toBe("/app/meu-impacto");
    const ignored = await request.get("/?pwa=https://evil.example", { maxRedirects: 0 });
    expect(ignored.status()).toBe(200);
  });

  test("an installed app (standalone display) goes through the same redirect", async ({ browser }) => {
    const context = await browser.newContext({ locale: "pt-PT" });
    await context.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query === "(display-mode: standalone)" ? ({ ...original(query), matches: true, media: query } as MediaQueryList) : original(query);
    });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page).toHaveURL(/\/auth$/);
    await context.close();
  });
});

test.describe("metadata", () => {
  const robots: Record<string, string> = {
    "/": "index, follow",
    "/about": "index, follow",
    "/pricing": "index, follow",
    "/premium": "index, follow",
    "/blog": "index, follow",
    "/blog/planear-a-semana": "index, follow",
    "/payment-success": "index, follow",
    "/payment-cancel": "index, follow",
    "/privacy": "index, nofollow",
    "/terms": "index, nofollow",
    "/legal-center": "index, nofollow",
  };
  test("every public page has its robots rule, title, canonical, hreflang and social card", async ({ request }) => {
    for (const [path, rule] of Object.entries(robots)) {
      const html = await (await request.get(`${path}?lang=pt`)).text();
      expect(html, path).toContain(`<meta name="robots" content="${rule}"/>`);
      expect(html, path).toMatch(/<title>[^<]+<\/title>/);
      expect(html, path).toMatch(new RegExp(`<link rel="canonical" href="http://localhost:\\d+${path}\\?lang=pt"/>`));
      expect(html, path).toMatch(/<link rel="alternate" hrefLang="en-US" href="[^"]+\?lang=en"\/>/);
      expect(html, path).toContain('<meta property="og:image:width" content="1200"/>');
      expect(html, path).toContain('<meta name="twitter:card" content="summary_large_image"/>');
      expect(html, path).toMatch(/<meta name="keywords" content="[^"]+"\/>/);
    }
  });

  test("?lang=en renders English metadata and page", async ({ request }) => {
    const html = await (await request.get("/pricing?lang=en")).text();
    expect(html).toContain('<html lang="en-US"');
    expect(html).toContain("<title>Pricing — Rumo | Free, Light and Pro</title>");
    const injected = await (await request.get("/pricing?lang=%3Cscript%3E")).text();
    expect(injected).toContain('<html lang="pt-PT"');
  });

  test("the social image is a 1200x630 PNG", async ({ request }) => {
    const response = await request.get("/og-image.png");
    expect(response.headers()["content-type"]).toBe("image/png");
    const png = await response.body();
    expect(png.readUInt32BE(16)).toBe(1200);
    expect(png.readUInt32BE(20)).toBe(630);
  });

  test("robots.txt, sitemap.xml and the RSS feed", async ({ request }) => {
    const robotsTxt = await (await request.get("/robots.txt")).text();
    expect(robotsTxt).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    const xml = await sitemap.text();
    for (const path of ["/pricing", "/blog/planear-a-semana", "/blog/diario-emocional", "/blog/despesas-em-euros"]) expect(xml).toContain(`${path}</loc>`);
    expect(xml).not.toContain("/app/");
    const rss = await (await request.get("/blog/rss.xml?lang=en")).text();
    expect(rss).toContain("<language>en-US</language>");
    expect(rss).toContain("<title>Planning your week with tasks and the calendar</title>");
  });
});

test.describe("blog", () => {
  test("lists posts newest first with reading time and opens one", async ({ page }) => {
    await page.goto("/blog");
    const titles = page.getByTestId("blog-list").getByRole("heading", { level: 2 });
    await expect(titles).toHaveText(["Planear a semana com tarefas e o calendário", "Começar um diário emocional (e mantê-lo)", "Registar despesas sem esforço"]);
    await expect(page.getByTestId("blog-list").getByText(/min de leitura/).first()).toBeVisible();
    await titles.first().getByRole("link").click();
    await expect(page).toHaveURL(/\/blog\/planear-a-semana$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Planear a semana com tarefas e o calendário");
    await expect(page.getByRole("article").getByRole("heading", { level: 2 }).first()).toBeVisible();
  });

  test("in English", async ({ page }) => {
    await page.goto("/blog/despesas-em-euros?lang=en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tracking expenses without the effort");
  });

  test("unknown or path-like slugs are 404; query strings are ignored", async ({ request }) => {
    for (const path of ["/blog/nao-existe", "/blog/..%2F..%2Fwrangler.toml", "/blog/..%2Flegal%2Fprivacy.pt", "/blog/planear-a-semana.pt.md", "/blog/PLANEAR-A-SEMANA"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toContain("Página não encontrada");
    }
    const response = await request.get('/blog/planear-a-semana?slug=../../etc&x="><script>alert(1)</script>');
    expect(response.status()).toBe(200);
    expect(await response.text()).not.toContain("<script>alert(1)</script>");
  });
});

// Accessibility of these pages: tests/e2e/a11y-sweep.spec.ts (every public page and a blog post, pt on a
// desktop and en on a phone, every axe rule rather than the WCAG tags only).

test.describe("pricing and legal", () => {
  test("pricing shows the plans from the config with the offers", async ({ page }) => {
    await page.goto("/pricing");
    await expect(page.getByTestId("plan-free")).toContainText("0,00");
    await expect(page.getByTestId("plan-light")).toContainText("5,99");
    await expect(page.getByTestId("plan-pro")).toContainText("9,99");
    await expect(page.getByTestId("plan-pro").locator("s")).toContainText("19,99");
    await expect(page.getByText("BEMVINDO10")).toBeVisible();
    await expect(page.getByText("Garantia de 30 dias")).toBeVisible();
    await expect(page.getByRole("link", { name: "Escolher Pro" })).toHaveAttribute("href", "/auth?plan=pro&next=%2Fapp%2Fpremium");
  });

  test("privacy covers health data and cookies, with the contact address", async ({ page }) => {
    await page.goto("/privacy");
    await expect(page.getByRole("heading", { name: "Dados de saúde (artigo 9.º do RGPD)" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Cookies e armazenamento local" })).toBeVisible();
    await expect(page.getByRole("article").getByRole("link", { name: "suporte@rumo.app" }).first()).toBeVisible();
    await page.goto("/terms?lang=en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of use");
  });
});

test.describe("language switch on content pages", () => {
  test("reloads the blog list in the chosen language and drops ?lang", async ({ page }) => {
    await page.goto("/blog?lang=pt");
    await expect(page.getByTestId("blog-list").getByRole("heading", { level: 2 }).first()).toHaveText("Planear a semana com tarefas e o calendário");
    await page.getByRole("button", { name: "en", exact: true }).click();
    await expect(page.getByTestId("blog-list").getByRole("heading", { level: 2 }).first()).toHaveText("Planning your week with tasks and the calendar");
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page).toHaveTitle("Rumo blog — organisation and wellbeing, day to day");
  });
});
