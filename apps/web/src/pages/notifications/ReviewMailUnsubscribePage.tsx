import { MAILED_NOTIFICATION_KINDS, type MailedNotificationKind, NOTIFICATION_MESSAGES } from "@stepsync/contracts";
import { useSearchParams } from "react-router";
import { unsubscribeMailKind } from "../../api/notifications";
import { UnsubscribeCard } from "../../components/UnsubscribeCard";

const isKind = (k: string | null): k is MailedNotificationKind =>
  (MAILED_NOTIFICATION_KINDS as readonly string[]).includes(k ?? "");

/**
 * /notifications/unsubscribe?kind=review_outcome&token=…: the link in a review-outcome mail. Works
 * without signing in; confirms with a button (so a mail scanner opening the link changes nothing).
 */
export default function ReviewMailUnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const kind = params.get("kind");
  return (
    <UnsubscribeCard
      pageTitle={NOTIFICATION_MESSAGES.unsubscribeTitle}
      heading={NOTIFICATION_MESSAGES.unsubscribeTitle}
      intro={NOTIFICATION_MESSAGES.unsubscribeIntro}
      confirmLabel={NOTIFICATION_MESSAGES.unsubscribeConfirm}
      texts={{
        missing: NOTIFICATION_MESSAGES.unsubscribeMissing,
        done: NOTIFICATION_MESSAGES.reviewMailsOff,
        failed: NOTIFICATION_MESSAGES.unsubscribeFailed,
      }}
      unsubscribe={token && isKind(kind) ? () => unsubscribeMailKind(token, kind) : null}
    />
  );
}
