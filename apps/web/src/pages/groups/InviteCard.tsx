import { GROUP_LIMITS, type Group } from "@stepsync/contracts";
import { Copy, Link2, Link2Off, Mail, RefreshCw, Share2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../api/client";
import { useInviteLink, useSendInvitations } from "../../api/groups";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { Card, CardTitle } from "../../components/Card";
import { Dialog } from "../../components/Dialog";
import { TextAreaField } from "../../components/Field";
import { toast } from "../../lib/toast";
import { inviteUrl, parseEmails } from "./group-rules";

/** The organiser's invitations: the link (copy, share, a new one, end it) and invitations by e-mail. */
export function InviteCard({ group }: { group: Group }) {
  const [ending, setEnding] = useState(false);
  const [emails, setEmails] = useState("");
  const [sent, setSent] = useState<{ message: string; skipped: string[] } | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const link = useInviteLink(group.id, {
    onSuccess: ({ group: g }) => {
      setEnding(false);
      toast.success(g.invite_code ? "New invite link made: the old one no longer works" : "Invite link ended");
    },
    onError: (e) => toast.error(errorMessage(e, "Could not change the invite link")),
  });
  const invite = useSendInvitations(group.id, {
    onSuccess: (answer) => {
      setSent({ message: answer.message, skipped: answer.skipped });
      setEmails("");
    },
    onError: (e) => setEmailError(errorMessage(e, "Could not send the invitations")),
  });
  const url = group.invite_code ? inviteUrl(group.invite_code) : null;
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Invite link copied");
    } catch {
      toast.error("Could not copy: select the link and copy it");
    }
  }

  async function share() {
    if (!url) return;
    try {
      await navigator.share({ title: group.name, text: `Join ${group.name} on StepSync and learn the routine`, url });
    } catch {
      // Closed by the user: nothing to say.
    }
  }

  function sendInvitations(event: FormEvent) {
    event.preventDefault();
    const list = parseEmails(emails);
    setSent(null);
    if (list.length < 1 || list.length > GROUP_LIMITS.invitationsPerRequest)
      return setEmailError(`Give 1–${GROUP_LIMITS.invitationsPerRequest} e-mail addresses`);
    setEmailError(null);
    invite.mutate(list);
  }

  return (
    <Card>
      <CardTitle icon={<Link2 className="size-4" aria-hidden />}>Invite the group</CardTitle>
      {url ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-400">Anyone with this link can join once they have an account.</p>
          <label className="block">
            <span className="sr-only">Invite link</span>
            <input
              readOnly
              value={url}
              onFocus={(e) => e.currentTarget.select()}
              className="h-11 w-full min-w-0 rounded-xl border border-white/12 bg-night-900/80 px-3 font-mono text-sm text-slate-100"
              data-testid="invite-link"
            />
          </label>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" icon={<Copy className="size-4" aria-hidden />} onClick={() => void copy()}>
              Copy link
            </Button>
            {canShare ? (
              <Button
                size="sm"
                variant="secondary"
                icon={<Share2 className="size-4" aria-hidden />}
                onClick={() => void share()}
              >
                Share
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="ghost"
              icon={<RefreshCw className="size-4" aria-hidden />}
              loading={link.isPending && link.variables === true}
              onClick={() => link.mutate(true)}
            >
              New link
            </Button>
            <Button
              size="sm"
              variant="ghost"
              icon={<Link2Off className="size-4" aria-hidden />}
              onClick={() => setEnding(true)}
            >
              End link
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-3">
          <Alert tone="info">The invite link has ended: nobody new can join until you make a new one.</Alert>
          <Button
            size="sm"
            icon={<Link2 className="size-4" aria-hidden />}
            loading={link.isPending}
            onClick={() => link.mutate(true)}
          >
            Make a new invite link
          </Button>
        </div>
      )}

      <form className="mt-6 space-y-3 border-t border-white/8 pt-5" onSubmit={sendInvitations} noValidate>
        <TextAreaField
          label="Invite by e-mail"
          rows={2}
          placeholder="meera@example.com, rohan@example.com"
          value={emails}
          onChange={(e) => setEmails(e.target.value)}
          error={emailError}
          hint={`Up to ${GROUP_LIMITS.invitationsPerRequest} addresses, separated by commas or lines. Each gets the invite link.`}
          disabled={!url}
        />
        <Button
          type="submit"
          size="sm"
          variant="secondary"
          icon={<Mail className="size-4" aria-hidden />}
          loading={invite.isPending}
          disabled={!url}
        >
          Send invitations
        </Button>
        {sent ? (
          <Alert tone="success">
            <span data-testid="invitations-sent">{sent.message}</span>
            {sent.skipped.length > 0 ? (
              <span className="mt-1 block text-emerald-100/80">
                Not sent today (already invited {GROUP_LIMITS.invitationsPerAddressPerDay} times):{" "}
                {sent.skipped.join(", ")}
              </span>
            ) : null}
          </Alert>
        ) : null}
      </form>

      <Dialog
        open={ending}
        onClose={() => setEnding(false)}
        title="End the invite link?"
        description="The link stops working at once: nobody new can join with it. Members stay. You can make a new link later."
        icon={<Link2Off className="size-5" aria-hidden />}
        footer={
          <>
            <Button variant="secondary" onClick={() => setEnding(false)}>
              Keep it
            </Button>
            <Button variant="danger" loading={link.isPending} onClick={() => link.mutate(false)}>
              End link
            </Button>
          </>
        }
      />
    </Card>
  );
}
