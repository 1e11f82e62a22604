import {
  BellIcon,
  ChartPieIcon,
  DocumentChartBarIcon,
  ClipboardDocumentCheckIcon,
  ClockIcon,
  Cog6ToothIcon,
  FlagIcon,
  ShieldExclamationIcon,
  SparklesIcon,
  TrophyIcon,
  UsersIcon,
  WalletIcon,
} from "@heroicons/react/24/outline";
import type { ComponentType, SVGProps } from "react";

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

/** One icon per notification type (section 9). */
export const NOTIFICATION_ICONS: Record<string, { icon: Icon; className: string }> = {
  system: { icon: Cog6ToothIcon, className: "bg-slate-100 text-slate-600" },
  achievement: { icon: TrophyIcon, className: "bg-amber-100 text-amber-700" },
  task: { icon: ClipboardDocumentCheckIcon, className: "bg-sky-100 text-sky-700" },
  financial: { icon: WalletIcon, className: "bg-emerald-100 text-emerald-700" },
  reminder: { icon: ClockIcon, className: "bg-violet-100 text-violet-700" },
  social: { icon: UsersIcon, className: "bg-pink-100 text-pink-700" },
  security: { icon: ShieldExclamationIcon, className: "bg-red-100 text-red-700" },
  welcome: { icon: SparklesIcon, className: "bg-brand-100 text-brand-700" },
  goal_progress: { icon: FlagIcon, className: "bg-indigo-100 text-indigo-700" },
  budget_alert: { icon: ChartPieIcon, className: "bg-orange-100 text-orange-700" },
  weekly_report: { icon: DocumentChartBarIcon, className: "bg-teal-100 text-teal-700" },
};

export function NotificationIcon({ type }: { type: string }) {
  const { icon: Icon, className } = NOTIFICATION_ICONS[type] ?? { icon: BellIcon, className: "bg-slate-100 text-slate-600" };
  return (
    <span className={`flex size-9 shrink-0 items-center justify-center rounded-full ${className}`} data-icon={type}>
      <Icon className="size-4" aria-hidden />
    </span>
  );
}
