import { GROUP_LIMITS, type NudgeAudience, type NudgeResponse } from "@stepsync/contracts";
import { BellRing } from "lucide-react";
import { useState } from "react";
import { errorMessage } from "../../api/client";
import { useSendNudge } from "../../api/groups";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { cx } from "../../components/cx";
import { Dialog } from "../../components/Dialog";
import { TextAreaField } from "../../components/Field";

/**
 * The organiser reminds the group to practise: everyone, or those behind (not started, or nothing
 * in a week). Each gets a notification and a mail (unless they turned those mails off), at most
 * GROUP_LIMITS.remindersPerMemberPerWeek a week; the answer says how many were reached.
 */
export function NudgeDialog({
  groupId,
  open,
  onClose,
  behind,
  members,
}: {
  groupId: number;
  open: boolean;
  onClose: () => void;
  /** Members behind and all members (the organiser left out), as the board counts them. */
  behind: number;
  members: number;
}) {
  const [to, setTo] = useState<NudgeAudience>(behind > 0 ? "behind" : "all");
  const [message, setMessage] = useState("");
  const [result, setResult] = useState<NudgeResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const nudge = useSendNudge(groupId, {
    onSuccess: setResult,
    onError: (e) => setError(errorMessage(e, "Could not send the reminder")),
  });

  function close() {
    setResult(null);
    setError(null);
    setMessage("");
    nudge.reset();
    onClose();
  }

  const options: Array<{ id: NudgeAudience; label: string; count: number }> = [
    { id: "behind", label: "Those behind", count: behind },
    { id: "all", label: "Everyone", count: members },
  ];

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Remind the group to practise"
      description={`A notification and an e-mail. Each member gets at most ${GROUP_LIMITS.remindersPerMemberPerWeek} reminders a week, and can turn the e-mails off.`}
      icon={<BellRing className="size-5" aria-hidden />}
      footer={
        result ? (
          <Button onClick={close}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button
              loading={nudge.isPending}
              onClick={() => {
                setError(null);
                nudge.mutate({ to, ...(message.trim() ? { message: message.trim() } : {}) });
              }}
            >
              Send reminder
            </Button>
          </>
        )
      }
    >
      {result ? (
        <div className="space-y-3" data-testid="nudge-result">
          <Alert tone="success">{result.message}</Alert>
          <dl className="grid grid-cols-3 gap-2 text-center">
            {[
              ["Reminded", result.reminded],
              ["Also e-mailed", result.mailed],
              ["Left out (weekly cap)", result.capped],
            ].map(([label, n]) => (
              <div key={label} className="flex flex-col-reverse rounded-2xl bg-white/5 px-2 py-3">
                <dt className="text-xs text-slate-400">{label}</dt>
                <dd className="text-2xl font-bold tabular-nums text-white">{n}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : (
        <div className="space-y-4">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-200">Who</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {options.map((o) => (
                <label
                  key={o.id}
                  className={cx(
                    "flex cursor-pointer items-center justify-between gap-3 rounded-2xl border px-4 py-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-400",
                    to === o.id
                      ? "border-accent-400 bg-accent-500/12 text-white"
                      : "border-white/10 text-slate-200 hover:border-white/25",
                  )}
                >
                  <span className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="nudge-to"
                      className="size-4 accent-accent-500"
                      checked={to === o.id}
                      onChange={() => setTo(o.id)}
                    />
                    {o.label}
                  </span>
                  <span className="tabular-nums text-slate-400">{o.count}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <TextAreaField
            label="Your message (optional)"
            rows={3}
            maxLength={GROUP_LIMITS.reminderMessageMax}
            placeholder="One week to go! Practise the chorus twice before Sunday."
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            hint="Without one, they get a plain reminder with the countdown."
          />
          {error ? <Alert>{error}</Alert> : null}
        </div>
      )}
    </Dialog>
  );
}
