import {
  BanknotesIcon,
  CalendarDaysIcon,
  ChartBarIcon,
  ChatBubbleLeftRightIcon,
  CheckCircleIcon,
  DocumentChartBarIcon,
  FlagIcon,
  HeartIcon,
  HomeIcon,
  MoonIcon,
  ShieldCheckIcon,
  SparklesIcon,
  SunIcon,
  UserCircleIcon,
  BookOpenIcon,
} from "@heroicons/react/24/outline";
import type { IconName } from "./navigation";

const icons: Record<IconName, typeof HomeIcon> = {
  home: HomeIcon,
  impact: ChartBarIcon,
  user: UserCircleIcon,
  calendar: CalendarDaysIcon,
  tasks: CheckCircleIcon,
  goals: FlagIcon,
  diary: BookOpenIcon,
  finances: BanknotesIcon,
  cycle: MoonIcon,
  assistant: SparklesIcon,
  reports: DocumentChartBarIcon,
  selfCare: HeartIcon,
  chat: ChatBubbleLeftRightIcon,
  admin: ShieldCheckIcon,
};

export function NavIcon({ name, className = "h-5 w-5" }: { name: IconName; className?: string }) {
  const Icon = icons[name] ?? SunIcon;
  return <Icon aria-hidden="true" className={className} />;
}
