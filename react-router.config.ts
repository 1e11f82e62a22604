import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // Required with the Cloudflare Vite plugin (see ../shared/TOOLCHAIN.md).
    v8_viteEnvironmentApi: true,
    v8_splitRouteModules: true,
  },
} satisfies Config;
