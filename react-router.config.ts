import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The whole route manifest goes into the page: offline navigation never fetches /__manifest,
  // which the service worker could not answer (docs/decisions/0040-offline-app.md).
  routeDiscovery: { mode: "initial" },
  future: {
    // Required with the Cloudflare Vite plugin (see ../shared/TOOLCHAIN.md).
    v8_viteEnvironmentApi: true,
    v8_splitRouteModules: true,
  },
} satisfies Config;
