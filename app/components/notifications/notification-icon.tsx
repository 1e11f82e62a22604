import { AlarmClock, Bell, PiggyBank, Settings, ShieldAlert, Sparkles, SquareCheckBig, Target, Trophy, Users, Wallet, type LucideIcon } from "lucide-react";

/** One icon per notification type (section 9). */
export const NOTIFICATION_ICONS: Record<string, { icon: LucideIcon; className: string }> = {
  system: { icon: Settings, className: "bg-slate-100 text-slate-600" },
  achievement: { icon: Trophy, className: "bg-amber-100 text-amber-700" },
  task: { icon: SquareCheckBig, className: "bg-sky-100 text-sky-700" },
  financial: { icon: Wallet, className: "bg-emerald-100 text-emerald-700" },
  reminder: { icon: AlarmClock, className: "bg-violet-100 text-violet-700" },
  social: { icon: Users, className: "bg-pink-100 text-pink-700" },
  security: { icon: ShieldAlert, className: "bg-red-100 text-red-700" },
  welcome: { icon: Sparkles, className: "bg-brand-100 text-brand-700" },
  goal_progress: { icon: Target, className: "bg-indigo-100 text-indigo-700" },
  budget_alert: { icon: PiggyBank, className: "bg-orange-100 text-orange-700" },
};

export function NotificationIcon({ type }: { type: string }) {
  const { icon: Icon, className } = NOTIFICATION_ICONS[type] ?? { icon: Bell, className: "bg-slate-100 text-slate-600" };
  return (
    <span className={`flex size-9 shrink-0 items-center justify-center rounded-full ${className}`} data-icon={type}>
      <Icon className="size-4" aria-hidden />
    </span>
  );
}
