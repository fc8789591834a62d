import { type MailedNotificationKind, NOTIFICATION_MESSAGES } from "@stepsync/contracts";
import { Mail } from "lucide-react";
import { useMailSettings, useSaveMailSettings } from "../../api/notifications";
import { toast } from "../../lib/toast";

const LABELS: Record<MailedNotificationKind, string> = {
  review_outcome: NOTIFICATION_MESSAGES.reviewMailsLabel,
  group_reminder: NOTIFICATION_MESSAGES.groupMailsLabel,
};

/**
 * Whether one kind of notification is also mailed: review outcomes (contributors), group reminders
 * (everyone). Each mail's unsubscribe link turns its kind off too.
 */
export function MailSetting({ kind }: { kind: MailedNotificationKind }) {
  const query = useMailSettings();
  const save = useSaveMailSettings({
    onError: (e) => toast.error(e.message || "Could not save the setting"),
  });
  if (!query.data) return null;
  const checked = (save.isPending ? save.variables[kind] : query.data[kind]) ?? false;
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-2xl border border-white/8 px-4 py-3 text-sm text-slate-300">
      <Mail className="size-4 shrink-0 text-accent-300" aria-hidden />
      <span className="flex-1">{LABELS[kind]}</span>
      <input
        type="checkbox"
        className="size-4 accent-accent-500"
        checked={checked}
        disabled={save.isPending}
        onChange={(e) => save.mutate({ ...query.data, [kind]: e.target.checked })}
      />
    </label>
  );
}
