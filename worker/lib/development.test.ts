import { describe, expect, it } from "vitest";
import { isLocalDevelopment } from "./development";

describe("isLocalDevelopment", () => {
  it("needs both the development environment and a local host", () => {
    expect(isLocalDevelopment({ ENVIRONMENT: "development" }, "http://localhost:8787/dev/mailbox")).toBe(true);
    expect(isLocalDevelopment({ ENVIRONMENT: "development" }, "http://127.0.0.1:8787/api/dev/seed")).toBe(true);
    expect(isLocalDevelopment({ ENVIRONMENT: "development" }, "https://rumo.app/dev/mailbox")).toBe(false);
    expect(isLocalDevelopment({ ENVIRONMENT: "production" }, "http://localhost/dev/mailbox")).toBe(false);
  });
});
