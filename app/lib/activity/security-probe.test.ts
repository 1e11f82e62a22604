import { beforeEach, describe, expect, it, vi } from "vitest";
import { resetProbeState, runProbe } from "./security-probe";

const deps = (status: number, body: { ok: boolean; checkedAt: string } | null) => ({
  fetchProbe: vi.fn(async () => ({ status, body })),
  onProblem: vi.fn(),
  onSignedOut: vi.fn(),
});

beforeEach(() => resetProbeState());

describe("security probe", () => {
  it("records a passed check without a toast", async () => {
    const d = deps(200, { ok: true, checkedAt: "2026-11-23T09:00:00.000Z" });
    expect(await runProbe(d)).toEqual({ status: "ok", checkedAt: "2026-11-23T09:00:00.000Z" });
    expect(d.onProblem).not.toHaveBeenCalled();
  });

  it("raises the destructive toast once when another user's row was readable", async () => {
    const d = deps(200, { ok: false, checkedAt: "2026-11-23T09:00:00.000Z" });
    expect((await runProbe(d)).status).toBe("problem");
    await runProbe(d);
    expect(d.onProblem).toHaveBeenCalledTimes(1);
  });

  it("sends an invalid session to sign in, and ignores a network failure", async () => {
    const d = deps(401, null);
    await runProbe(d);
    expect(d.onSignedOut).toHaveBeenCalledTimes(1);
    const offline = { ...deps(200, null), fetchProbe: vi.fn(async () => Promise.reject(new Error("offline"))) };
    expect(await runProbe(offline)).toEqual({ status: "checking" });
    expect(offline.onProblem).not.toHaveBeenCalled();
  });
});
