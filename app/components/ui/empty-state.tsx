import type { ComponentType, ReactNode, SVGProps } from "react";

/** What a list shows when it has nothing yet: an icon, a title, a line of text and the next step. */
export function EmptyState({
  icon: Icon,
  title,
  text,
  action,
  headingLevel = 2,
}: {
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  text?: ReactNode;
  /** Usually a `Button` or a `Link` that creates the first item. */
  action?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      {Icon && (
        <span className="rounded-full bg-brand-50 p-3 text-brand-600">
          <Icon className="h-8 w-8" aria-hidden="true" />
        </span>
      )}
      <Heading className="text-lg font-semibold text-slate-900">{title}</Heading>
      {text && <p className="max-w-sm text-sm text-slate-600">{text}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
