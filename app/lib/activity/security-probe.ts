/**
 * The security probe (section 7, made real; docs/decisions/0037): GET /security/probe on mount and
 * every 5 minutes. A refused isolation check raises the specification's destructive toast; an
 * invalid session sends the user to sign in; a network failure changes nothing.
 */
import { useSyncExternalStore } from "react";
import { useAfterFirstPaint } from "../after-first-paint";

export const PROBE_EVERY_MS = 300_000;

export type ProbeState = { status: "checking" } | { status: "ok"; checkedAt: string } | { status: "problem"; checkedAt: string };

let state: ProbeState = { status: "checking" };
const listeners = new Set<() => void>();
const setState = (next: ProbeState) => {
  state = next;
  listeners.forEach((listener) => listener());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The last probe's outcome (the dashboard's security card). */
export const useSecurityStatus = () => useSyncExternalStore(subscribe, () => state, () => state);

type ProbeAnswer = { ok: boolean; checkedAt: string };
export type ProbeDeps = {
  fetchProbe: () => Promise<{ status: number; body: ProbeAnswer | null }>;
  onProblem: () => void;
  onSignedOut: () => void;
};

/** One probe run; exported for the unit test. */
export async function runProbe(deps: ProbeDeps) {
  let answer: Awaited<ReturnType<ProbeDeps["fetchProbe"]>>;
  try {
    answer = await deps.fetchProbe();
  } catch {
    return state; // offline: nothing learnt
  }
  if (answer.status === 401) deps.onSignedOut();
  else if (answer.status === 200 && answer.body) {
    const wasProblem = state.status === "problem";
    setState(answer.body.ok ? { status: "ok", checkedAt: answer.body.checkedAt } : { status: "problem", checkedAt: answer.body.checkedAt });
    // Once per problem, not every 5 minutes while it lasts.
    if (!answer.body.ok && !wasProblem) deps.onProblem();
  }
  return state;
}

export const resetProbeState = () => setState({ status: "checking" });

const browserFetch: ProbeDeps["fetchProbe"] = async () => {
  const response = await fetch("/api/v1/security/probe", { headers: { accept: "application/json" }, credentials: "same-origin" });
  return { status: response.status, body: response.ok ? ((await response.json()) as ProbeAnswer) : null };
};

/** Runs the probe in the signed-in shell, from its turn after the first paint (decision 0054). */
export function useSecurityProbe(onProblem: () => void, onSignedOut: () => void) {
  useAfterFirstPaint(() => {
    const deps = { fetchProbe: browserFetch, onProblem, onSignedOut };
    void runProbe(deps);
    const id = window.setInterval(() => void runProbe(deps), PROBE_EVERY_MS);
    return () => window.clearInterval(id);
  }, []);
}
