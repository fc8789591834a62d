import { NOTIFICATION_MESSAGES } from "@stepsync/contracts";
import { useQuery } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import { NavLink } from "react-router";
import { keys } from "../../api/keys";
import { getUnreadCount } from "../../api/notifications";
import { cx } from "../../components/cx";

/** New notifications show up within a minute, and at once when the tab comes back into focus. */
const POLL_MS = 60_000;

/** The unread count as the badge shows it: a long backlog does not widen the header. */
export const badgeText = (unread: number) => (unread > 99 ? "99+" : String(unread));

/** The header's bell: opens /notifications; a badge counts the unread ones (none when all are read). */
export function NotificationBell({ className }: { className?: string }) {
  const query = useQuery({
    queryKey: keys.notifications.unread(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
  });
  const unread = query.data?.unread_count ?? 0;
  return (
    <NavLink
      to="/notifications"
      aria-label={NOTIFICATION_MESSAGES.bell(unread)}
      title={NOTIFICATION_MESSAGES.bell(unread)}
      data-testid="notification-bell"
      className={({ isActive }) =>
        cx(
          "relative inline-flex size-10 shrink-0 items-center justify-center rounded-full transition",
          isActive ? "bg-white/12 text-white" : "text-slate-300 hover:bg-white/6 hover:text-white",
          className,
        )
      }
    >
      <Bell className="size-5" aria-hidden />
      {unread > 0 ? (
        <span
          data-testid="notification-count"
          aria-hidden
          className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-500 px-1 text-[11px] font-bold leading-none text-white ring-2 ring-night-950"
        >
          {badgeText(unread)}
        </span>
      ) : null}
    </NavLink>
  );
}
