import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  // The Premium screen of the specification (the user's plan card, plans, locks).
  route("app/premium", "routes/app/subscription.tsx"),
] satisfies RouteConfig;
