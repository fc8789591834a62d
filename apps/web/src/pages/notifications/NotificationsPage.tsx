import { NOTIFICATION_MESSAGES, type NotificationItem } from "@stepsync/contracts";
import { Bell, CheckCheck, ChevronLeft, ChevronRight, Heart, MessageCircle, Trophy, UserPlus } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotificationsPage } from "../../api/notifications";
import { useAuth } from "../../auth/context";
import { Button } from "../../components/Button";
import { cx } from "../../components/cx";
import { EmptyState } from "../../components/EmptyState";
import { Page, PageHeader } from "../../components/Page";
import { Spinner } from "../../components/Spinner";
import { formatWhen } from "../../lib/format";
import { toast } from "../../lib/toast";
import { MailSetting } from "./MailSetting";

export const NOTIFICATIONS_PAGE_SIZE = 20;

const ICONS: Record<NotificationItem["type"], typeof Bell> = {
  like: Heart,
  comment: MessageCircle,
  follow: UserPlus,
  achievement: Trophy,
  system: Bell,
};

/**
 * A notification's text without the emoji older ones start with ("🎬 Complete your first…"): the
 * row's own icon says what it is, and an emoji renders as a box where no emoji font is installed.
 */
export function withoutLeadingEmoji(text: string): string {
  return text.replace(/^(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u{FE0F}|\u{200D}|\u{20E3}|\s)+/u, "");
}

function Item({ item, onOpen }: { item: NotificationItem; onOpen: (item: NotificationItem) => void }) {
  const Icon = ICONS[item.type];
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(item)}
        data-read={item.is_read}
        className={cx(
          "flex w-full items-start gap-3 rounded-2xl px-3 py-3 text-left transition sm:px-4",
          item.is_read ? "hover:bg-white/5" : "bg-accent-500/10 hover:bg-accent-500/15",
        )}
      >
        <span
          className={cx(
            "mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-xl",
            item.is_read ? "bg-white/6 text-slate-400" : "bg-accent-500/20 text-accent-200",
          )}
        >
          <Icon className="size-4" aria-hidden />
        </span>
        <span className="min-w-0 flex-1">
          <span className={cx("block break-words", item.is_read ? "text-slate-300" : "font-semibold text-white")}>
            {withoutLeadingEmoji(item.title)}
            {item.is_read ? null : <span className="sr-only"> (unread)</span>}
          </span>
          <span className="block break-words text-sm text-slate-400">{withoutLeadingEmoji(item.message)}</span>
          <span className="mt-1 block text-xs text-slate-500">{formatWhen(item.created_at)}</span>
        </span>
        {item.is_read ? null : <span className="mt-2 size-2.5 shrink-0 rounded-full bg-accent-400" aria-hidden />}
      </button>
    </li>
  );
}

/**
 * /notifications: the user's inbox, newest first, a page at a time. Unread ones stand out; opening one
 * marks it read and goes to what it is about; "Mark all read" clears the bell.
 */
export default function NotificationsPage() {
  const navigate = useNavigate();
  const { user } = useAuth();
  const [page, setPage] = useState(1);
  const query = useNotificationsPage(page, NOTIFICATIONS_PAGE_SIZE);

  const markOne = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead({
    onError: (e) => toast.error(e.message || NOTIFICATION_MESSAGES.markFailed),
  });

  function open(item: NotificationItem) {
    if (!item.is_read) markOne.mutate(item.id, { onError: (e) => toast.error(e.message) });
    if (item.link) navigate(item.link);
  }

  const data = query.data;
  const unread = data?.unread_count ?? 0;
  return (
    <Page title={NOTIFICATION_MESSAGES.title} width="narrow">
      <PageHeader
        title={NOTIFICATION_MESSAGES.title}
        description={data ? (unread === 0 ? "You're all caught up." : `${unread} unread`) : undefined}
        actions={
          <Button
            variant="secondary"
            size="sm"
            icon={<CheckCheck className="size-4" aria-hidden />}
            disabled={unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {NOTIFICATION_MESSAGES.markAllRead}
          </Button>
        }
      />
      {query.isPending ? (
        <div className="flex justify-center py-12 text-slate-400">
          <Spinner label="Loading notifications" />
        </div>
      ) : query.isError || !data ? (
        <EmptyState
          title={NOTIFICATION_MESSAGES.loadFailed}
          action={<Button onClick={() => void query.refetch()}>Try again</Button>}
        />
      ) : data.notifications.length === 0 ? (
        <EmptyState icon={<Bell className="size-7" aria-hidden />}>{NOTIFICATION_MESSAGES.empty}</EmptyState>
      ) : (
        <section className="glass p-2 sm:p-3" aria-label="Your notifications">
          <ul className="space-y-1">
            {data.notifications.map((n) => (
              <Item key={n.id} item={n} onOpen={open} />
            ))}
          </ul>
          {data.pagination.pages > 1 ? (
            <nav
              aria-label="Pages"
              className="mt-2 flex items-center justify-between gap-2 border-t border-white/8 px-2 pt-3"
            >
              <Button
                variant="ghost"
                size="sm"
                icon={<ChevronLeft className="size-4" aria-hidden />}
                disabled={page <= 1}
                onClick={() => setPage((p) => p - 1)}
              >
                Newer
              </Button>
              <span className="text-sm text-slate-400">
                Page {data.pagination.page} of {data.pagination.pages}
              </span>
              <Button
                variant="ghost"
                size="sm"
                disabled={!data.pagination.has_more}
                onClick={() => setPage((p) => p + 1)}
              >
                Older
                <ChevronRight className="size-4" aria-hidden />
              </Button>
            </nav>
          ) : null}
        </section>
      )}
      <div className="mt-6 space-y-2">
        {user && user.role !== "user" ? <MailSetting kind="review_outcome" /> : null}
        <MailSetting kind="group_reminder" />
      </div>
    </Page>
  );
}
