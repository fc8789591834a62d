import { NOTIFICATION_LINKS } from "@stepsync/contracts";

/** The web page a review-outcome mail's unsubscribe link opens (it confirms with a button, then turns the kind off). */
export const reviewMailUnsubscribePath = (token: string) =>
  `/notifications/unsubscribe?kind=review_outcome&token=${encodeURIComponent(token)}`;

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
