import { fileURLToPath } from "node:url";

/** The path aliases of tsconfig.cloudflare.json, for every Vitest project. */
export const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@worker": fileURLToPath(new URL("./worker", import.meta.url)),
};
