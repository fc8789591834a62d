import { UNSUBSCRIBE_MESSAGES } from "@stepsync/contracts";
import { MailX } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { unsubscribeByToken } from "../../api/admin";
import { errorMessage } from "../../api/client";
import { Alert } from "../../components/Alert";
import { Button, ButtonLink } from "../../components/Button";
import { Page } from "../../components/Page";

/** /unsubscribe?token=…: the link mailed with each subscription; confirms with a button, works once. */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [state, setState] = useState<"idle" | "busy" | "done" | "error">("idle");
  const [error, setError] = useState("");

  async function confirm() {
    setState("busy");
    try {
      await unsubscribeByToken(token);
      setState("done");
    } catch (err) {
      setError(errorMessage(err, UNSUBSCRIBE_MESSAGES.failed));
      setState("error");
    }
  }

  return (
    <Page title="Unsubscribe" width="narrow">
      <section className="glass mx-auto max-w-lg space-y-5 p-6 text-center sm:p-10">
        <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-accent-500/15 text-accent-200">
          <MailX className="size-7" aria-hidden />
        </span>
        <h1 className="text-2xl font-bold text-white">Unsubscribe from feature updates</h1>
        {!token ? (
          <Alert tone="error">{UNSUBSCRIBE_MESSAGES.missingToken}</Alert>
        ) : state === "done" ? (
          <Alert tone="success">{UNSUBSCRIBE_MESSAGES.done}</Alert>
        ) : (
          <>
            <p className="text-slate-300">Press the button to stop getting emails about this feature.</p>
            {state === "error" ? <Alert tone="error">{error}</Alert> : null}
            <Button onClick={confirm} disabled={state === "busy"}>
              {UNSUBSCRIBE_MESSAGES.confirm}
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
