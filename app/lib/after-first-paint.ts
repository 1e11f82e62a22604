import { useEffect, useState, type DependencyList, type EffectCallback } from "react";
import { whenIdle } from "./on-demand";

/**
 * Post-hydration work one task at a time (docs/decisions/0054). React runs every passive effect of
 * a hydrated page in one task, so the shell's subsystems (bell, security probe, session tracking,
 * offline support, announcements, service worker) once started together in one long task. Queued
 * here instead, they start after the first paint, in the order queued, each in an idle callback of
 * its own (at most `IDLE_TIMEOUT_MS` late while the page is busy), so input and rendering come
 * first and no task carries them all.
 */
export const IDLE_TIMEOUT_MS = 500;

type Entry = { task: () => void; cancelled: boolean };
const queue: Entry[] = [];
let painted = false;
let pumping = false;

function runNext() {
  const entry = queue.shift();
  if (!entry) {
    pumping = false;
    return;
  }
  whenIdle(() => {
    try {
      if (!entry.cancelled) entry.task();
    } finally {
      runNext();
    }
  }, IDLE_TIMEOUT_MS);
}

function pump() {
  if (pumping) return;
  pumping = true;
  if (painted) return runNext();
  // A frame callback runs just before the paint; the task it posts runs after it.
  requestAnimationFrame(() =>
    setTimeout(() => {
      painted = true;
      runNext();
    }, 0),
  );
}

/** Queues `task` to run after the first paint in a task of its own; returns a cancel function. */
export function afterFirstPaint(task: () => void): () => void {
  const entry: Entry = { task, cancelled: false };
  queue.push(entry);
  pump();
  return () => {
    entry.cancelled = true;
  };
}

/** `useEffect` whose body waits its turn in `afterFirstPaint`; the cleanup cancels or undoes it. */
export function useAfterFirstPaint(effect: EffectCallback, deps: DependencyList) {
  useEffect(() => {
    let cleanup: ReturnType<EffectCallback>;
    const cancel = afterFirstPaint(() => {
      cleanup = effect();
    });
    return () => {
      cancel();
      cleanup?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}

/**
 * What `load` answers for these `deps`, asked after the first paint (`useAfterFirstPaint`).
 * Undefined until the answer for the current deps is there: an answer for others (last month's,
 * the plan's before an upgrade) is never shown in their place while the new one waits its turn.
 */
export function useLoadedAfterFirstPaint<T>(load: () => Promise<T>, deps: readonly unknown[]): T | undefined {
  const [answer, setAnswer] = useState<{ deps: readonly unknown[]; value: T } | null>(null);
  useAfterFirstPaint(() => {
    let current = true;
    void load().then((value) => {
      if (current) setAnswer({ deps, value });
    });
    return () => {
      current = false;
    };
  }, deps);
  return answer && answer.deps.length === deps.length && answer.deps.every((d, i) => Object.is(d, deps[i])) ? answer.value : undefined;
}

/** For tests: forget the queue and the first paint. */
export function resetAfterFirstPaint() {
  queue.length = 0;
  painted = false;
  pumping = false;
}
