import { type MailedNotificationKind, NOTIFICATION_LINKS } from "@stepsync/contracts";

/** The web page a mail's unsubscribe link opens (it confirms with a button, then turns the kind off). */
export const mailUnsubscribePath = (kind: MailedNotificationKind, token: string) =>
  `/notifications/unsubscribe?kind=${kind}&token=${encodeURIComponent(token)}`;
export const reviewMailUnsubscribePath = (token: string) => mailUnsubscribePath("review_outcome", token);

/**
 * The mail of a review outcome: what the in-app notification says, where to see it, and how to stop
 * these mails (the link, or the setting on the notifications page).
 */
export function reviewOutcomeMail(
  publicUrl: string,
  notice: { title: string; message: string; link?: string | null },
  mailToken: string,
) {
  const see = `${publicUrl}${notice.link ?? NOTIFICATION_LINKS.contributor}`;
  const unsubscribe = `${publicUrl}${reviewMailUnsubscribePath(mailToken)}`;
  return {
    subject: notice.title,
    text:
      `${notice.message}\n\nSee your videos: ${see}\n\n` +
      `You get this email because you uploaded a video to the StepSync library. ` +
      `To stop emails about reviews of your videos, open: ${unsubscribe}\n` +
      `You can turn them back on from your notifications page.\n`,
  };
}

/**
 * The mail of a group's reminder: the organiser's words, where to practise, and how to stop these
 * mails (the link, or the setting on the notifications page).
 */
export function groupReminderMail(
  publicUrl: string,
  notice: { title: string; message: string; link?: string | null },
  mailToken: string,
) {
  const practise = `${publicUrl}${notice.link ?? NOTIFICATION_LINKS.dashboard}`;
  const unsubscribe = `${publicUrl}${mailUnsubscribePath("group_reminder", mailToken)}`;
  return {
    subject: notice.title,
    text:
      `${notice.message}\n\nPractise here: ${practise}\n\n` +
      "You get this email because you are in a StepSync group and its organiser sent a reminder. " +
      `To stop reminder emails from groups, open: ${unsubscribe}\n` +
      "You can turn them back on from your notifications page.\n",
  };
}
