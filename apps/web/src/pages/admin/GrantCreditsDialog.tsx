import { ADMIN_MESSAGES, type AdminUser, CREDIT_GRANT_LIMITS } from "@stepsync/contracts";
import { Coins } from "lucide-react";
import { type FormEvent, useState } from "react";
import { type AdminReport, adminChanges, useAdminMutation } from "../../api/admin";
import { Button } from "../../components/Button";
import { Dialog } from "../../components/Dialog";
import { TextField } from "../../components/Field";
import { formatCredits } from "../../lib/format";
import { newIdempotencyKey } from "../../lib/idempotency-key";

/**
 * Gives a user credits, or takes some back (a negative amount), with a reason the user reads in
 * their transactions. The request's key is made when the dialog opens and sent with every try, so a
 * retry after a lost answer changes the balance once.
 */
export function GrantCreditsDialog({
  user,
  onClose,
  report,
}: {
  /** The user to give credits to; null: closed. */
  user: AdminUser | null;
  onClose: () => void;
  report: AdminReport;
}) {
  return (
    <Dialog
      open={user !== null}
      onClose={onClose}
      title={user ? `Credits for ${user.username}` : "Credits"}
      icon={<Coins className="size-5" aria-hidden />}
    >
      {/* A new form (and key) each time it opens. */}
      {user ? <GrantForm key={user.id} user={user} onClose={onClose} report={report} /> : null}
    </Dialog>
  );
}

function GrantForm({ user, onClose, report }: { user: AdminUser; onClose: () => void; report: AdminReport }) {
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [key] = useState(newIdempotencyKey);
  // A failure is said in the form; a success in the tab's message, as the other changes are.
  const grant = useAdminMutation(adminChanges.grantCredits(), {
    report,
    success: (res) => res.message,
  });
  const value = Number(amount);
  const valid =
    amount.trim() !== "" && Number.isInteger(value) && value !== 0 && Math.abs(value) <= CREDIT_GRANT_LIMITS.maxAmount;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid) return setError(ADMIN_MESSAGES.grantAmountInvalid);
    if (reason.trim().length < CREDIT_GRANT_LIMITS.reasonMin) return setError(ADMIN_MESSAGES.grantReasonInvalid);
    setError(null);
    grant.mutate(
      { id: user.id, grant: { amount: value, reason: reason.trim(), idempotency_key: key } },
      {
        onSuccess: onClose,
        onError: (err) => setError(err.message || ADMIN_MESSAGES.grantFailed),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-300">
        {user.email} has <strong className="text-white">{formatCredits(user.credits)}</strong>.
      </p>
      <TextField
        label="Credits"
        type="number"
        inputMode="numeric"
        step={1}
        min={-CREDIT_GRANT_LIMITS.maxAmount}
        max={CREDIT_GRANT_LIMITS.maxAmount}
        hint="A negative number takes credits back (never below none)."
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      <TextField
        label="Reason"
        maxLength={CREDIT_GRANT_LIMITS.reasonMax}
        placeholder="Payments are not open yet"
        hint="The user reads it in their transactions and notifications."
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      {error ? (
        <p role="alert" className="text-sm text-rose-300">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={grant.isPending}>
          {valid && value < 0 ? "Take back credits" : "Give credits"}
        </Button>
      </div>
    </form>
  );
}
