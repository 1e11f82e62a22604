import { startTransition, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { whenIdle } from "~/lib/on-demand";

/**
 * How far outside the viewport a placeholder starts its content: half a screen above and below.
 * A whole screen would still draw the dashboard's chart (1.5–2.3 screens down on a phone) during
 * the first load, which is what this is for avoiding (decision 0055).
 */
const AHEAD = "50% 0px";
/** The longest an idle moment is awaited once the placeholder is near; then the content is drawn anyway. */
const IDLE_TIMEOUT_MS = 1000;

/**
 * Heavy content below the fold (a lazily loaded chart): rendered only once its placeholder comes
 * within half a screen of the viewport, in an idle moment, so neither its chunk nor its drawing
 * lands in the first load's long tasks (decision 0055). Until then, and while a lazy child loads, a
 * quiet placeholder of `height` pixels keeps the layout still and tells assistive technology to wait
 * (`aria-busy`, with `label` as hidden text). Without IntersectionObserver it renders at once.
 * Nothing is rendered on the server: the first client render matches it.
 */
export function WhenVisible({ height, label, children, className = "" }: { height: number; label?: string; children: ReactNode; className?: string }) {
  const { t } = useTranslation("ui");
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    let cancelIdle = () => {};
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        // A transition, so React may yield while the content renders instead of one long task.
        cancelIdle = whenIdle(() => startTransition(() => setNear(true)), IDLE_TIMEOUT_MS);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelIdle();
    };
  }, []);
  const placeholder = (
    <div aria-busy="true" data-when-visible="waiting" className="relative">
      <span className="sr-only">{label ?? t("loading")}</span>
      <div aria-hidden="true" className="w-full rounded-lg bg-slate-100 motion-safe:animate-pulse" style={{ height }} />
    </div>
  );
  return (
    <div ref={ref} className={className}>
      {near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}
