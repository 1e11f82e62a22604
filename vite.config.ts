import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), tailwindcss(), reactRouter()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "@worker": fileURLToPath(new URL("./worker", import.meta.url)),
    },
  },
  optimizeDeps: {
    // Pre-bundled so that the first dev-server page load does not re-optimise mid-test.
    include: ["react", "react-dom", "react-dom/client", "react-router", "i18next", "react-i18next", "@headlessui/react"],
  },
});
