import { GROUP_LIMITS, GROUP_MESSAGES, type GroupMember } from "@stepsync/contracts";
import { Gift } from "lucide-react";
import { useState } from "react";
import { errorMessage, isApiError } from "../../api/client";
import { useBalance } from "../../api/credits";
import { useGiveCredits } from "../../api/groups";
import { Alert } from "../../components/Alert";
import { Button, ButtonLink } from "../../components/Button";
import { Dialog } from "../../components/Dialog";
import { TextField } from "../../components/Field";
import { formatCredits } from "../../lib/format";
import { newIdempotencyKey } from "./group-rules";

type Step =
  | { kind: "amount" }
  | { kind: "confirm"; credits: number; key: string }
  | { kind: "done"; credits: number; balance: number };

/**
 * Gives a member credits from the organiser's balance: the amount, a confirmation that says what
 * moves, then the balance after. One transfer is one idempotency key, made when it is confirmed and
 * sent again by every retry of it (a lost answer retried moves the credits once); a new amount is a new key.
 */
export function GiveCreditsDialog({
  groupId,
  member,
  onClose,
}: {
  groupId: number;
  member: GroupMember | null;
  onClose: () => void;
}) {
  const balance = useBalance({ enabled: member !== null });
  const [amount, setAmount] = useState("");
  const [step, setStep] = useState<Step>({ kind: "amount" });
  const [error, setError] = useState<string | null>(null);
  const give = useGiveCredits(groupId, {
    onSuccess: ({ balance: after }, { credits }) => setStep({ kind: "done", credits, balance: after }),
    onError: (e) => setError(errorMessage(e, "Could not give the credits")),
  });
  const have = balance.data?.credits;
  const name = member?.name ?? "";

  function close() {
    setAmount("");
    setStep({ kind: "amount" });
    setError(null);
    give.reset();
    onClose();
  }

  function next() {
    const credits = Number(amount);
    if (!Number.isInteger(credits) || credits < 1 || credits > GROUP_LIMITS.maxCreditsPerTransfer)
      return setError(GROUP_MESSAGES.creditsInvalid);
    if (have !== undefined && credits > have) return setError(`You have ${formatCredits(have)} to give.`);
    setError(null);
    setStep({ kind: "confirm", credits, key: newIdempotencyKey() });
  }

  function confirm() {
    if (step.kind !== "confirm" || !member) return;
    setError(null);
    give.mutate({ userId: member.user_id, credits: step.credits, idempotencyKey: step.key });
  }

  // A refusal for want of credits: the amount step again, with the balance reloaded.
  const insufficient = isApiError(give.error, 402);

  return (
    <Dialog
      open={member !== null}
      onClose={close}
      title={`Give ${name} credits`}
      description={
        step.kind === "done"
          ? undefined
          : `Credits move from your balance to ${name}'s; each comparison costs one.${
              have !== undefined ? ` You have ${formatCredits(have)}.` : ""
            }`
      }
      icon={<Gift className="size-5" aria-hidden />}
      footer={
        step.kind === "amount" ? (
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button onClick={next} disabled={have === 0}>
              Next
            </Button>
          </>
        ) : step.kind === "confirm" ? (
          <>
            <Button variant="secondary" onClick={() => setStep({ kind: "amount" })} disabled={give.isPending}>
              Back
            </Button>
            <Button onClick={confirm} loading={give.isPending}>
              {give.isError && !insufficient ? "Try again" : `Give ${formatCredits(step.credits)}`}
            </Button>
          </>
        ) : (
          <Button onClick={close}>Done</Button>
        )
      }
    >
      {step.kind === "amount" ? (
        <div className="space-y-4">
          {have === 0 ? (
            <Alert tone="info">
              You have no credits to give.{" "}
              <ButtonLink to="/credits" variant="ghost" size="sm">
                Buy credits
              </ButtonLink>
            </Alert>
          ) : null}
          <TextField
            label="Credits to give"
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.min(GROUP_LIMITS.maxCreditsPerTransfer, have ?? GROUP_LIMITS.maxCreditsPerTransfer)}
            value={amount}
            autoFocus
            onChange={(e) => setAmount(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                next();
              }
            }}
            error={error}
          />
        </div>
      ) : step.kind === "confirm" ? (
        <div className="space-y-4">
          <p className="text-base text-white" data-testid="credits-confirm">
            Give <strong>{formatCredits(step.credits)}</strong> to <strong>{name}</strong>?
            {have !== undefined ? ` Your balance goes from ${have} to ${have - step.credits}.` : ""}
          </p>
          {error ? <Alert>{error}</Alert> : null}
        </div>
      ) : (
        <Alert tone="success">
          <span data-testid="credits-given">
            {name} got {formatCredits(step.credits)}. Your balance is now {formatCredits(step.balance)}.
          </span>
        </Alert>
      )}
    </Dialog>
  );
}
