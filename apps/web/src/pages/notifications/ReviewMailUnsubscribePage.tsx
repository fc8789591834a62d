import { MAILED_NOTIFICATION_KINDS, type MailedNotificationKind, NOTIFICATION_MESSAGES } from "@stepsync/contracts";
import { MailX } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { errorMessage } from "../../api/client";
import { unsubscribeMailKind } from "../../api/notifications";
import { Alert } from "../../components/Alert";
import { Button, ButtonLink } from "../../components/Button";
import { Page } from "../../components/Page";

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
  const [state, setState] = useState<"idle" | "busy" | "done" | "error">("idle");
  const [error, setError] = useState("");

  async function confirm() {
    if (!isKind(kind)) return;
    setState("busy");
    try {
      await unsubscribeMailKind(token, kind);
      setState("done");
    } catch (err) {
      setError(errorMessage(err, NOTIFICATION_MESSAGES.unsubscribeFailed));
      setState("error");
    }
  }

  return (
    <Page title={NOTIFICATION_MESSAGES.unsubscribeTitle} width="narrow">
      <section className="glass mx-auto max-w-lg space-y-5 p-6 text-center sm:p-10">
        <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-accent-500/15 text-accent-200">
          <MailX className="size-7" aria-hidden />
        </span>
        <h1 className="text-2xl font-bold text-white">{NOTIFICATION_MESSAGES.unsubscribeTitle}</h1>
        {!token || !isKind(kind) ? (
          <Alert tone="error">{NOTIFICATION_MESSAGES.unsubscribeMissing}</Alert>
        ) : state === "done" ? (
          <Alert tone="success">{NOTIFICATION_MESSAGES.reviewMailsOff}</Alert>
        ) : (
          <>
            <p className="text-slate-300">{NOTIFICATION_MESSAGES.unsubscribeIntro}</p>
            {state === "error" ? <Alert tone="error">{error}</Alert> : null}
            <Button onClick={confirm} disabled={state === "busy"}>
              {NOTIFICATION_MESSAGES.unsubscribeConfirm}
            </Button>
          </>
        )}
        <ButtonLink to="/" variant="ghost">
          Back to StepSync
        </ButtonLink>
      </section>
    </Page>
  );
}
