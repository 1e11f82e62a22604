import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [index("routes/home.tsx"), route("app/notificacoes", "routes/notifications/notifications-page.tsx")] satisfies RouteConfig;
