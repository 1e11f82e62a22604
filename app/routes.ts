import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";
import { legacyPaths, moduleScreenRoutes } from "./lib/placeholders";
import { MODULES } from "./modules";

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
    route("status", "routes/public/status.tsx"),
  ]),
  // Resource routes (no HTML): feeds and crawler files.
  route("blog/rss.xml", "routes/public/rss.ts"),
  route("sitemap.xml", "routes/public/sitemap.ts"),
  route("robots.txt", "routes/public/robots.ts"),

  route("auth", "routes/auth/auth.tsx"),
  // Legacy top-level paths redirect into /app.
  ...legacyPaths(MODULES).map((path) => route(path, "routes/legacy-redirect.tsx", { id: `legacy-${path}` })),
  route("dev/mailbox", "routes/dev/mailbox.tsx"),
  route("dev/boom", "routes/dev/boom.tsx"),
  route("dev/ui", "routes/dev/ui.tsx"),

  // The signed-in area: the layout's loader is the guard (signed-out visitors go to /auth).
  route("app", "routes/app/layout.tsx", [
    index("routes/app/index.tsx"),
    route("onboarding", "routes/app/onboarding.tsx"),
    route("dashboard", "routes/app/impact.tsx", { id: "app-dashboard" }),
    route("meu-impacto", "routes/app/impact.tsx", { id: "app-meu-impacto" }),
    route("ciclo", "routes/app/cycle-redirect.tsx"),
    // A discreet cycle reminder's link (docs/decisions/0107): a path that names no cycle.
    route("lembrete", "routes/app/reminder-redirect.tsx"),
    // The Premium screen of the specification (the user's plan card, plans, locks).
    route("premium", "routes/app/subscription.tsx"),
    // Module screens (from the manifests, app/modules/): an honest empty state until each module lands.
    ...moduleScreenRoutes(MODULES).map(({ path, file }) => route(path, file, { id: `app-${path.replace("/", "-")}` })),
    // One profile screen under four paths (the specification's aliases).
    route("perfil", "routes/app/profile.tsx", { id: "app-perfil" }),
    route("profile", "routes/app/profile.tsx", { id: "app-profile" }),
    route("settings", "routes/app/profile.tsx", { id: "app-settings" }),
    route("configuracoes", "routes/app/profile.tsx", { id: "app-configuracoes" }),
    route("notificacoes", "routes/notifications/notifications-page.tsx"),
    route("roadmap", "routes/app/roadmap.tsx"),
    // Admin and operations (issue 19): the not-found page for anyone but an admin.
    route("admin", "routes/admin/hub.tsx"),
    route("user-management", "routes/admin/users.tsx"),
    route("admin/audit", "routes/admin/audit.tsx"),
    route("analytics", "routes/admin/analytics.tsx"),
    route("system-health", "routes/admin/health.tsx"),
    route("launch-readiness", "routes/admin/readiness.tsx"),
    route("admin/feature-flags", "routes/admin/flags.tsx"),
    route("admin/feedback", "routes/admin/feedback.tsx"),
    route("admin/incidents", "routes/admin/incidents.tsx"),
  ]),
] satisfies RouteConfig;
