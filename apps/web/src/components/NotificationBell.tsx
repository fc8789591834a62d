import { NOTIFICATION_MESSAGES } from "@stepsync/contracts";
import { Bell } from "lucide-react";
import { NavLink } from "react-router";
import { cx } from "./cx";
import { useUnreadCount } from "../api/notifications";

/** New notifications show up within a minute, and at once when the tab comes back into focus. */
const POLL_MS = 60_000;

/** The unread count as the badge shows it: a long backlog does not widen the header. */
export const badgeText = (unread: number) => (unread > 99 ? "99+" : String(unread));

/** The header's bell: opens /notifications; a badge counts the unread ones (none when all are read). */
export function NotificationBell({ className }: { className?: string }) {
  const query = useUnreadCount(POLL_MS);
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
