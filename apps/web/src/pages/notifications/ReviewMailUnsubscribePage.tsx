import { MAILED_NOTIFICATION_KINDS, type MailedNotificationKind, NOTIFICATION_MESSAGES } from "@stepsync/contracts";
import { useSearchParams } from "react-router";
import { unsubscribeMailKind } from "../../api/notifications";
import { UnsubscribeCard } from "../../components/UnsubscribeCard";

const isKind = (k: string | null): k is MailedNotificationKind =>
  (MAILED_NOTIFICATION_KINDS as readonly string[]).includes(k ?? "");

/** What the page says for each kind of mail it stops. */
const REVIEW_WORDS = {
  title: NOTIFICATION_MESSAGES.unsubscribeTitle,
  intro: NOTIFICATION_MESSAGES.unsubscribeIntro,
  done: NOTIFICATION_MESSAGES.reviewMailsOff,
};
const GROUP_REMINDER_WORDS = {
  title: NOTIFICATION_MESSAGES.groupUnsubscribeTitle,
  intro: NOTIFICATION_MESSAGES.groupUnsubscribeIntro,
  done: NOTIFICATION_MESSAGES.groupMailsOff,
};

/**
 * /notifications/unsubscribe?kind=review_outcome|group_reminder&token=…: the link in a review-outcome
 * or group-reminder mail. Works
 * without signing in; confirms with a button (so a mail scanner opening the link changes nothing).
 */
export default function ReviewMailUnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const kind = params.get("kind");
  const words = kind === "group_reminder" ? GROUP_REMINDER_WORDS : REVIEW_WORDS;
  return (
    <UnsubscribeCard
      pageTitle={words.title}
      heading={words.title}
      intro={words.intro}
      confirmLabel={NOTIFICATION_MESSAGES.unsubscribeConfirm}
      texts={{
        missing: NOTIFICATION_MESSAGES.unsubscribeMissing,
        done: words.done,
        failed: NOTIFICATION_MESSAGES.unsubscribeFailed,
      }}
      unsubscribe={token && isKind(kind) ? () => unsubscribeMailKind(token, kind) : null}
    />
  );
}
