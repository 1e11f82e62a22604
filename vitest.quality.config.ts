import { defineConfig } from "vitest/config";
import { alias } from "./vitest.shared";

// Quality gates over the built app (tests/quality): bundle budgets. `npm run test:quality` builds
// first; `npm test` runs them after its e2e layer has built the app.
export default defineConfig({
  resolve: { alias },
  test: {
    name: "quality",
    include: ["tests/quality/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
  },
});
