import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { TodayAnswer } from "@worker/impact/impact";
import { Card } from "./card";

/**
 * The "Hoje" panel's routines due today: done, or the streak so far. A routine on chosen weekdays
 * counts its streak in times (due days done in a row), a daily one in days, as on its own card.
 */
export function TodayRoutines({ routines }: { routines: NonNullable<TodayAnswer["routines"]> }) {
  const { t } = useTranslation("account");
  return (
    <Card title={t("impact.today.routines")} testId="today-routines">
      {routines.length ? (
        <ul className="space-y-1 text-sm">
          {routines.map((routine) => (
            <li key={routine.id} className="flex justify-between gap-2">
              <Link to="/app/autocuidado" className="truncate text-slate-800 hover:underline" title={routine.title} dir="auto">
                {routine.title}
              </Link>
              <span className={`shrink-0 text-xs ${routine.done ? "font-medium text-emerald-700" : "text-slate-500"}`}>
                {routine.done ? t("impact.today.routineDone") : t(routine.frequency === "weekdays" ? "impact.today.streakTimes" : "impact.today.streak", { count: routine.streakDays })}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">{t("impact.today.routinesEmpty")}</p>
      )}
    </Card>
  );
}
