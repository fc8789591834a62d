import { MailX } from "lucide-react";
import { useState } from "react";
import { errorMessage } from "../api/client";
import { Alert } from "./Alert";
import { Button, ButtonLink } from "./Button";
import { Page } from "./Page";

/**
 * An unsubscribe link's page: says what it stops and acts only when the button is pressed (a mail
 * scanner opening the link changes nothing). `unsubscribe` null: the link lacks what it needs.
 */
export function UnsubscribeCard({
  pageTitle,
  heading,
  intro,
  confirmLabel,
  texts,
  unsubscribe,
}: {
  pageTitle: string;
  heading: string;
  intro: string;
  confirmLabel: string;
  texts: { missing: string; done: string; failed: string };
  unsubscribe: (() => Promise<unknown>) | null;
}) {
  const [state, setState] = useState<"idle" | "busy" | "done" | "error">("idle");
  const [error, setError] = useState("");

  async function confirm() {
    if (!unsubscribe) return;
    setState("busy");
    try {
      await unsubscribe();
      setState("done");
    } catch (err) {
      setError(errorMessage(err, texts.failed));
      setState("error");
    }
  }

  return (
    <Page title={pageTitle} width="narrow">
      <section className="glass mx-auto max-w-lg space-y-5 p-6 text-center sm:p-10">
        <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-accent-500/15 text-accent-200">
          <MailX className="size-7" aria-hidden />
        </span>
        <h1 className="text-2xl font-bold text-white">{heading}</h1>
        {!unsubscribe ? (
          <Alert tone="error">{texts.missing}</Alert>
        ) : state === "done" ? (
          <Alert tone="success">{texts.done}</Alert>
        ) : (
          <>
            <p className="text-slate-300">{intro}</p>
            {state === "error" ? <Alert tone="error">{error}</Alert> : null}
            <Button onClick={confirm} disabled={state === "busy"}>
              {confirmLabel}
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
