import { describe, expect, it } from "vitest";
import { finishSignOutWhenPossible, SIGN_OUT_RETRY_MS, type FinishSignOutSteps } from "./finish-sign-out";

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Steps that record what happens; `answers` are the logout's outcomes in turn (true: ended). */
function steps(answers: (boolean | Error)[]) {
  const done: string[] = [];
  let online: (() => void) | undefined;
  let timer: { retry: () => void; ms: number } | undefined;
  const all: FinishSignOutSteps = {
    announceSigningOut: () => done.push("signingOut"),
    announceSignOutAbandoned: () => done.push("abandoned"),
    finish: async () => {
      done.push("finish");
      const answer = answers.shift();
      if (answer instanceof Error) throw answer;
      return answer ?? false;
    },
    done: () => done.push("done"),
    failed: () => done.push("failed"),
    resumeSignedIn: () => done.push("resumed"),
    onOnline: (retry) => {
      online = retry;
      return () => {
        online = undefined;
        done.push("stopListening");
      };
    },
    setTimer: (retry, ms) => {
      timer = { retry, ms };
      return () => {
        timer = undefined;
      };
    },
  };
  return { all, done, online: () => online?.(), timer: () => timer };
}

describe("finishing an unfinished sign-out at the app's start", () => {
  it("announces the sign-out, ends the session and leaves", async () => {
    const s = steps([true]);
    finishSignOutWhenPossible(s.all);
    await settle();
    expect(s.done).toEqual(["signingOut", "finish", "stopListening", "done"]);
    expect(s.timer()).toBeUndefined();
  });

  it("a failed logout makes the page an ordinary signed-in page again, says so once, and tries again later", async () => {
    const s = steps([false, new Error("offline"), true]);
    finishSignOutWhenPossible(s.all);
    await settle();
    // Resumed: from here on a change made offline is queued as on any signed-in page.
    expect(s.done).toEqual(["signingOut", "finish", "abandoned", "failed", "resumed"]);
    expect(s.timer()?.ms).toBe(SIGN_OUT_RETRY_MS);

    s.timer()!.retry();
    await settle();
    // A throw is a failure too; the person is not told twice, nor the page resumed twice.
    expect(s.done.slice(5)).toEqual(["signingOut", "finish", "abandoned"]);

    s.timer()!.retry();
    await settle();
    expect(s.done.slice(8)).toEqual(["signingOut", "finish", "stopListening", "done"]);
  });

  it("tries at once when the connection comes back, without a second try on the way", async () => {
    const s = steps([false, true]);
    finishSignOutWhenPossible(s.all);
    await settle();
    s.online();
    // Back online twice before the answer: one logout.
    s.online();
    await settle();
    expect(s.done.filter((d) => d === "finish")).toHaveLength(2);
    expect(s.done.at(-1)).toBe("done");
    expect(s.timer()).toBeUndefined();
  });

  it("stops when the page goes: no try after, and an answer on its way is dropped", async () => {
    const s = steps([false, true]);
    const stop = finishSignOutWhenPossible(s.all);
    await settle();
    stop();
    expect(s.timer()).toBeUndefined();
    s.online();
    await settle();
    expect(s.done.filter((d) => d === "finish")).toHaveLength(1);

    const late = steps([true]);
    const stopLate = finishSignOutWhenPossible(late.all);
    stopLate();
    await settle();
    expect(late.done).not.toContain("done");
  });
});
