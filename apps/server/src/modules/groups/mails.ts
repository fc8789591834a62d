import { NOTIFICATION_LINKS } from "@stepsync/contracts";

/**
 * The invitation mail: who invites, to what, the link, and that joining needs an account. It goes to
 * an address nobody has proven, so it says nothing more about the group than its name.
 */
export function invitationMail(publicUrl: string, invite: { organiser: string; group: string; code: string }) {
  const link = `${publicUrl}${NOTIFICATION_LINKS.groupInvite(invite.code)}`;
  return {
    subject: `${invite.organiser} invited you to ${invite.group} on StepSync`,
    text:
      `${invite.organiser} invited you to join "${invite.group}" on StepSync, to learn a routine together and ` +
      "practise it at home with feedback on every move.\n\n" +
      `Join here: ${link}\n\n` +
      "Joining needs a StepSync account: sign up or sign in when the link asks you to.\n" +
      `If you do not know ${invite.organiser}, ignore this email: nothing happens.\n`,
  };
}
