import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import type { ApiResult } from "~/lib/api";
import { noErrors, splitApiError, type FormErrors } from "./field-errors";

export type ApiFormOptions<T> = {
  /** The names of the fields the form shows: the API's messages for them go next to them. */
  fields: readonly string[];
  /** The general message when the API gave none (network failure). */
  fallback: string;
  onSuccess?: (data: T) => void | Promise<void>;
};

/**
 * A form that submits to the JSON API (`apiFetch`). It never clears what was typed (inputs stay
 * the screen's own state), shows the API's `fields` messages next to their fields and the rest as
 * one message, and ignores a second submit while the first is pending.
 *
 *   const form = useApiForm({ fields: ["email"], fallback: t("errors.unexpected"), onSuccess });
 *   <form onSubmit={form.submit(() => apiFetch("/x", { body }))}>
 *     <TextField error={form.errors.email} …/> {form.message && <Notice …/>}
 *     <Button type="submit" loading={form.pending}>…
 *
 * The function passed to `submit` may stop before calling the API by returning `form.fail(...)`
 * (a check in the browser) or null.
 *
 * A submit refused with messages next to fields moves the focus to the form's first invalid control
 * (`aria-invalid`), which reads its message (`aria-describedby`): without it nothing would be said,
 * as there is no general message then. The form is the submit event's.
 */
export function useApiForm<T = unknown>({ fields, fallback, onSuccess }: ApiFormOptions<T>) {
  const [state, setState] = useState<FormErrors>(noErrors);
  const [pending, setPending] = useState(false);
  // A ref as well as state: two quick submits happen before React re-renders with `pending`.
  const running = useRef(false);
  const latest = useRef({ fields, fallback, onSuccess });
  latest.current = { fields, fallback, onSuccess };
  // The form of the submit under way, and the one whose first invalid control takes the focus once
  // its messages are drawn.
  const submitting = useRef<HTMLFormElement | null>(null);
  const focusInvalid = useRef<HTMLFormElement | null>(null);

  const show = useCallback((errors: FormErrors) => {
    setState(errors);
    if (Object.keys(errors.fields).length > 0) focusInvalid.current = submitting.current;
  }, []);

  useEffect(() => {
    const form = focusInvalid.current;
    if (!form) return;
    focusInvalid.current = null;
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [state]);

  /** Shows a message of the browser's own checks; returns null so `submit` stops there. */
  const fail = useCallback(
    (message: string | null, fieldMessages: Record<string, string> = {}): null => {
      show({ fields: fieldMessages, message });
      return null;
    },
    [show],
  );

  const submit = useCallback(
    (run: () => Promise<ApiResult<T> | null> | ApiResult<T> | null) => async (event?: FormEvent) => {
      event?.preventDefault();
      if (running.current) return;
      running.current = true;
      submitting.current = event?.currentTarget instanceof Element ? event.currentTarget.closest("form") : null;
      setState(noErrors);
      setPending(true);
      try {
        const result = await run();
        if (result === null) return;
        if (!result.ok) {
          show(splitApiError(result.error, latest.current.fields, latest.current.fallback));
          return;
        }
        await latest.current.onSuccess?.(result.data);
      } finally {
        running.current = false;
        submitting.current = null;
        setPending(false);
      }
    },
    [show],
  );

  return { submit, fail, pending, errors: state.fields, message: state.message, reset: useCallback(() => setState(noErrors), []) };
}
