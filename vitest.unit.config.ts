import { defineConfig } from "vitest/config";
import { alias } from "./vitest.shared";

// Layer 1: pure logic and components, beside the code (*.test.ts / *.test.tsx).
export default defineConfig({
  resolve: { alias },
  test: {
    name: "unit",
    include: ["app/**/*.test.{ts,tsx}", "worker/**/*.test.ts", "tests/unit/**/*.test.ts"],
    environment: "node",
  },
});
