import { BellIcon } from "@heroicons/react/24/outline";

export const BELL_BUTTON_CLASS = "relative rounded-full p-2 text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500";

/** What the bell button shows, before and after its popover has loaded: the icon and the unread badge. */
export function BellFace({ badge }: { badge: string }) {
  return (
    <>
      <BellIcon className="size-5" aria-hidden />
      {badge && (
        <span data-testid="notification-badge" className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-bold text-white">
          {badge}
        </span>
      )}
    </>
  );
}
