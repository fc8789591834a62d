import { NOTIFICATION_MESSAGES } from "@stepsync/contracts";
import { Mail } from "lucide-react";
import { useMailSettings, useSaveMailSettings } from "../../api/notifications";
import { toast } from "../../lib/toast";

/** Contributors choose whether review outcomes are also mailed (the mail's unsubscribe link turns this off). */
export function ReviewMailSetting() {
  const query = useMailSettings();
  const save = useSaveMailSettings({
    onError: (e) => toast.error(e.message || "Could not save the setting"),
  });
  if (!query.data) return null;
  const checked = save.isPending ? save.variables.review_outcome : query.data.review_outcome;
  return (
    <label className="mt-6 flex cursor-pointer items-center gap-3 rounded-2xl border border-white/8 px-4 py-3 text-sm text-slate-300">
      <Mail className="size-4 shrink-0 text-accent-300" aria-hidden />
      <span className="flex-1">{NOTIFICATION_MESSAGES.reviewMailsLabel}</span>
      <input
        type="checkbox"
        className="size-4 accent-accent-500"
        checked={checked}
        disabled={save.isPending}
        onChange={(e) => save.mutate({ review_outcome: e.target.checked })}
      />
    </label>
  );
}
