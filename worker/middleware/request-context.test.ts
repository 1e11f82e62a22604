import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { shouldLogRequest, SLOW_REQUEST_MS } from "../lib/log";
import type { AppEnv } from "../types";
import { requestContext } from "./request-context";

describe("shouldLogRequest", () => {
  it("logs only server errors and slow answers by default (Workers Logs holds the rest)", () => {
    for (const mode of [undefined, "", "errors"]) {
      expect(shouldLogRequest(mode, 200, 3)).toBe(false);
      expect(shouldLogRequest(mode, 404, 3)).toBe(false);
      expect(shouldLogRequest(mode, 500, 3)).toBe(true);
      expect(shouldLogRequest(mode, 503, 3)).toBe(true);
      expect(shouldLogRequest(mode, 200, SLOW_REQUEST_MS)).toBe(true);
    }
  });

  it("logs every request with all (or the former true) and none with false", () => {
    expect(shouldLogRequest("all", 200, 1)).toBe(true);
    expect(shouldLogRequest("true", 404, 1)).toBe(true);
    expect(shouldLogRequest("false", 500, SLOW_REQUEST_MS * 5)).toBe(false);
  });
});

describe("requestContext", () => {
  afterEach(() => vi.restoreAllMocks());

  function appAnswering(status: number) {
    const app = new Hono<AppEnv>();
    app.use("*", requestContext);
    app.get("/x", (c) => c.json({}, status as 200));
    return app;
  }

  it("writes a line with the request id for a slow answer and none for a quick one", async () => {
    const info = vi.spyOn(console, "log").mockImplementation(() => {});
    const env = { LOG_REQUESTS: "errors" } as AppEnv["Bindings"];

    const quick = await appAnswering(200).request("/x", {}, env);
    expect(quick.headers.get("X-Request-Id")).toBeTruthy();
    expect(info).not.toHaveBeenCalled();

    // Each reading of the clock is SLOW_REQUEST_MS after the previous one.
    let now = 1_000_000;
    vi.spyOn(Date, "now").mockImplementation(() => (now += SLOW_REQUEST_MS));
    const slow = await appAnswering(200).request("/x", {}, env);
    expect(info).toHaveBeenCalledTimes(1);
    const line = JSON.parse(String(info.mock.calls[0][0]));
    expect(line).toMatchObject({ level: "info", msg: "request", method: "GET", path: "/x", status: 200, requestId: slow.headers.get("X-Request-Id") });
    expect(line.durationMs).toBeGreaterThanOrEqual(SLOW_REQUEST_MS);
  });
});
