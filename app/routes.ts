import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("auth", "routes/auth/auth.tsx"),
  route("dev/mailbox", "routes/dev/mailbox.tsx"),

  // The signed-in area: the layout's loader is the guard (signed-out visitors go to /auth).
  route("app", "routes/app/layout.tsx", [
    index("routes/app/index.tsx"),
    route("onboarding", "routes/app/onboarding.tsx"),
    route("dashboard", "routes/app/impact.tsx", { id: "app-dashboard" }),
    route("meu-impacto", "routes/app/impact.tsx", { id: "app-meu-impacto" }),
    // One profile screen under four paths (the specification's aliases).
    route("perfil", "routes/app/profile.tsx", { id: "app-perfil" }),
    route("profile", "routes/app/profile.tsx", { id: "app-profile" }),
    route("settings", "routes/app/profile.tsx", { id: "app-settings" }),
    route("configuracoes", "routes/app/profile.tsx", { id: "app-configuracoes" }),
  ]),
] satisfies RouteConfig;
