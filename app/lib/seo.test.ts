import { describe, expect, it } from "vitest";
import { absoluteUrl, metaTags, pageSeo, robotsFor } from "./seo";

describe("robotsFor (the page-metadata rule table)", () => {
  const table: [string, string][] = [
    ["/", "index, follow"],
    ["/pricing", "index, follow"],
    ["/premium", "index, follow"],
    ["/about", "index, follow"],
    ["/blog", "index, follow"],
    ["/blog/planear-a-semana", "index, follow"],
    ["/payment-success", "index, follow"],
    ["/payment-cancel", "index, follow"],
    ["/privacy", "index, nofollow"],
    ["/terms", "index, nofollow"],
    ["/legal-center", "index, nofollow"],
    ["/privacy/", "index, nofollow"],
    ["/auth", "noindex, nofollow"],
    ["/auth/", "noindex, nofollow"],
    ["/app", "noindex, nofollow"],
    ["/app/", "noindex, nofollow"],
    ["/app/meu-impacto", "noindex, nofollow"],
    ["/app/financas/analise", "noindex, nofollow"],
    ["/APP/Tarefas", "noindex, nofollow"],
    ["/isto-nao-existe", "index, follow"],
    ["/application", "index, follow"],
    ["/authors", "index, follow"],
  ];
  for (const [path, robots] of table) {
    it(`${path} → ${robots}`, () => expect(robotsFor(path)).toBe(robots));
  }
});

describe("pageSeo and metaTags", () => {
  const seo = pageSeo({
    pathname: "/pricing",
    language: "en",
    appUrl: "https://rumo.example/",
    title: "Pricing",
    description: "Plans",
    keywords: "a, b",
    imageAlt: "Rumo",
    requestedLanguage: "en",
  });

  it("builds absolute canonical and hreflang links from APP_URL", () => {
    expect(seo.canonical).toBe("https://rumo.example/pricing?lang=en");
    expect(seo.alternates).toEqual([
      { hrefLang: "pt-PT", href: "https://rumo.example/pricing?lang=pt" },
      { hrefLang: "en-US", href: "https://rumo.example/pricing?lang=en" },
      { hrefLang: "x-default", href: "https://rumo.example/pricing" },
    ]);
    expect(seo.image).toBe("https://rumo.example/og-image.png");
    expect(absoluteUrl("https://rumo.example", "/?pwa=true")).toBe("https://rumo.example/");
  });

  it("makes the bare path its own canonical (x-default), never an hreflang alternate", () => {
    const bare = pageSeo({ pathname: "/", language: "en", appUrl: "https://rumo.example", title: "t", description: "d", imageAlt: "i" });
    expect(bare.canonical).toBe("https://rumo.example/");
    expect(bare.alternates.find((a) => a.hrefLang === "x-default")?.href).toBe(bare.canonical);
  });

  it("emits the tags crawlers and social cards read", () => {
    const tags = metaTags(seo);
    const find = (key: string, value: string) => tags.find((tag) => (tag as Record<string, string>)[key] === value) as Record<string, string>;
    expect(tags[0]).toEqual({ title: "Pricing" });
    expect(find("name", "robots").content).toBe("index, follow");
    expect(find("name", "keywords").content).toBe("a, b");
    expect(find("property", "og:image:width").content).toBe("1200");
    expect(find("property", "og:image:height").content).toBe("630");
    expect(find("property", "og:locale").content).toBe("en_US");
    expect(find("property", "og:locale:alternate").content).toBe("pt_PT");
    expect(find("name", "twitter:card").content).toBe("summary_large_image");
    expect(find("rel", "canonical").href).toBe("https://rumo.example/pricing?lang=en");
  });

  it("marks /auth noindex in its tags", () => {
    const auth = metaTags(pageSeo({ pathname: "/auth", language: "pt", appUrl: "http://x", title: "t", description: "d", imageAlt: "i" }));
    expect(auth).toContainEqual({ name: "robots", content: "noindex, nofollow" });
  });
});
