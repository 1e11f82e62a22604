import { useState } from "react";

/**
 * An amount box over a stored amount (a savings goal's saved amount, a budget's limit). It follows
 * the stored amount when that changes (on another device, say) until the person types in the box,
 * so saving never writes back the amount the box first loaded; `settle` (after a save) lets it
 * follow again. Give the box's form `onInput={touch}`: the box reads what is typed only on leaving
 * it, and a change arriving meanwhile must not replace what is being typed.
 */
export function useStoredAmount(stored: number) {
  const [value, setValue] = useState<number | null>(stored);
  const [seen, setSeen] = useState(stored);
  const [touched, setTouched] = useState(false);
  if (stored !== seen) {
    setSeen(stored);
    if (!touched) setValue(stored);
  }
  return {
    value,
    change: (cents: number | null) => {
      setTouched(true);
      setValue(cents);
    },
    touch: () => setTouched(true),
    settle: () => setTouched(false),
    /** Back to the stored amount, what was typed dropped (the edit cancelled). */
    reset: () => {
      setTouched(false);
      setValue(stored);
    },
  };
}
