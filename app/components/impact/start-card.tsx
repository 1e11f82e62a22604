import { CalendarDaysIcon, CheckCircleIcon, FlagIcon, SparklesIcon } from "@heroicons/react/24/outline";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MODULES } from "~/modules";
import { Card } from "./card";

/** The first steps' own lines, for the modules that have one. */
const DEMO_STEPS: Record<string, { label: "impact.demo.goals" | "impact.demo.tasks" | "impact.demo.calendar"; icon: typeof FlagIcon }> = {
  goals: { label: "impact.demo.goals", icon: FlagIcon },
  tasks: { label: "impact.demo.tasks", icon: CheckCircleIcon },
  calendar: { label: "impact.demo.calendar", icon: CalendarDaysIcon },
};

/**
 * Where to start: the modules chosen at onboarding ('Por onde quer começar?'), in the navigation's
 * order, else goals, tasks and calendar. The choice used to be stored and never shown again.
 */
export function DemoCard({ chosen }: { chosen: readonly string[] }) {
  const { t } = useTranslation(["account", "shell"]);
  const picked = MODULES.filter((m) => chosen.includes(m.key));
  const steps = (picked.length ? picked : Object.keys(DEMO_STEPS).flatMap((key) => MODULES.filter((m) => m.key === key))).map((m) => ({
    to: `/app/${m.path}`,
    label: Object.hasOwn(DEMO_STEPS, m.key) ? t(DEMO_STEPS[m.key].label) : t("impact.demo.open", { module: t(m.labelKey as "shell:nav.tasks") }),
    icon: Object.hasOwn(DEMO_STEPS, m.key) ? DEMO_STEPS[m.key].icon : SparklesIcon,
  }));
  return (
    <Card title={picked.length ? t("impact.demo.chosenTitle") : t("impact.demo.title")} icon={<SparklesIcon className="h-5 w-5" aria-hidden="true" />} testId="demo-card">
      <ol className="space-y-2">
        {steps.map((step, i) => (
          <li key={step.to}>
            <Link to={step.to} className="flex items-center gap-3 rounded-lg p-2 text-sm text-slate-800 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600">
              <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800">{i + 1}</span>
              <step.icon className="h-5 w-5 text-slate-500" aria-hidden="true" />
              {step.label}
            </Link>
          </li>
        ))}
      </ol>
      <p className="mt-2 text-xs text-slate-500">{t("impact.demo.text")}</p>
    </Card>
  );
}
