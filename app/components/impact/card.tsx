import type { ReactNode } from "react";

/** One card of the impact dashboard: a small heading with an optional icon, and its content. */
export function Card({ title, icon, children, className = "", testId }: { title: string; icon?: ReactNode; children: ReactNode; className?: string; testId?: string }) {
  return (
    <section className={`rounded-2xl border border-slate-200 bg-white p-4 shadow-sm ${className}`} data-testid={testId}>
      <h2 className="flex items-center gap-2 text-sm font-semibold text-slate-600">
        {icon}
        {title}
      </h2>
      <div className="mt-2">{children}</div>
    </section>
  );
}
