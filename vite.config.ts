import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { visualizer } from "rollup-plugin-visualizer";
import { defineConfig, type PluginOption } from "vite";
import { allowEntryExtension, appShellGroup, commonGroup } from "./scripts/app-shell-chunk";
import { chunkSources } from "./scripts/chunk-sources";
import { iconImports } from "./scripts/icon-imports";

// `npm run analyze` (ANALYZE=1): a treemap of the client build in build/client-treemap.html.
const analyze: PluginOption = process.env.ANALYZE
  ? { ...(visualizer({ filename: "build/client-treemap.html", template: "treemap", gzipSize: true, title: "Rumo client build" }) as object), name: "rumo:treemap", applyToEnvironment: (environment: { name: string }) => environment.name === "client" }
  : null;

const FRAMEWORK_GROUP = {
  // Every page loads React, React Router and i18next before anything else: one file
  // instead of five compresses 3 KiB better (bundle budgets, docs/decisions/0042).
  name: "framework",
  test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store)[\\/]|vite[\\/]preload-helper/,
  priority: 10,
};

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), tailwindcss(), iconImports(), reactRouter(), allowEntryExtension(), chunkSources(), analyze],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "@worker": fileURLToPath(new URL("./worker", import.meta.url)),
    },
  },
  build: {
    // RUMO_NO_MINIFY=1: readable names (and module comments) in browser CPU profiles.
    minify: process.env.RUMO_NO_MINIFY ? false : undefined,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            FRAMEWORK_GROUP,
          ],
        },
      },
    },
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              // What every hydrated page loads, then the signed-in shell's static code, each in one
              // file (scripts/app-shell-chunk.ts).
              groups: [FRAMEWORK_GROUP, commonGroup(), appShellGroup()],
            },
          },
        },
      },
    },
  },
  optimizeDeps: {
    // Pre-bundled so that the first dev-server page load does not re-optimise mid-test.
    include: ["react", "react-dom", "react-dom/client", "react-router", "i18next", "react-i18next", "@headlessui/react"],
  },
});
