import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  // Public site: one layout (header, footer) around the landing and the public pages.
  layout("routes/public/layout.tsx", [
    index("routes/home.tsx"),
    route("about", "routes/public/about.tsx"),
    route("pricing", "routes/public/pricing.tsx"),
    route("premium", "routes/public/premium.tsx"),
    route("payment-success", "routes/public/payment-success.tsx"),
    route("payment-cancel", "routes/public/payment-cancel.tsx"),
    route("blog", "routes/public/blog.tsx"),
    route("blog/:slug", "routes/public/blog-post.tsx"),
    route("privacy", "routes/public/privacy.tsx"),
    route("terms", "routes/public/terms.tsx"),
    route("legal-center", "routes/public/legal-center.tsx"),
  ]),
  // Resource routes (no HTML): feeds and crawler files.
  route("blog/rss.xml", "routes/public/rss.ts"),
  route("sitemap.xml", "routes/public/sitemap.ts"),
  route("robots.txt", "routes/public/robots.ts"),
] satisfies RouteConfig;
