import { MESSAGES } from "@stepsync/contracts";
import { MailCheck, Send } from "lucide-react";
import { useState } from "react";
import { useLocation } from "react-router";
import { resendVerification } from "../api/auth";
import { errorMessage, isApiError } from "../api/client";
import { useAuth } from "../auth/context";
import { toast } from "../lib/toast";
import { Button } from "./Button";
import { cx } from "./cx";

type Outcome = { tone: "success" | "error"; text: string } | null;

/**
 * For a signed-in user whose e-mail is not confirmed yet: says where the link went and
 * offers to send it again. Hidden on /verify-email, which is opening a link right now.
 */
export function EmailConfirmBanner() {
  const { status, user } = useAuth();
  const { pathname } = useLocation();
  if (status === "unauthenticated" || !user || user.email_verified !== false) return null;
  if (pathname === "/verify-email") return null;
  // Keyed by account and address so a new sign-in or e-mail starts without an old answer.
  return <Banner key={`${user.id}:${user.email}`} email={user.email} />;
}

function Banner({ email }: { email: string }) {
  const { checkSession } = useAuth();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function resend() {
    setSending(true);
    setOutcome(null);
    try {
      const res = await resendVerification();
      setOutcome({ tone: "success", text: res.message || MESSAGES.confirmEmailSent(email) });
    } catch (error) {
      const text = errorMessage(error, MESSAGES.networkError);
      if (isApiError(error, 400) && text === MESSAGES.emailAlreadyConfirmed) {
        // Confirmed meanwhile (another browser): say so where it stays visible, then drop the banner.
        toast.success(text, { id: "email-already-confirmed" });
        void checkSession(true);
        return;
      }
      setOutcome({ tone: "error", text });
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-label="Confirm your e-mail address" className="mx-auto w-full max-w-7xl px-4 pt-4 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-3 rounded-2xl border border-sky-400/25 bg-sky-500/10 px-4 py-3 text-sm text-sky-100 sm:flex-row sm:items-center sm:gap-4">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <MailCheck className="mt-0.5 size-4 shrink-0 text-sky-300" aria-hidden />
          <div className="min-w-0 space-y-1">
            <p className="break-words">{MESSAGES.confirmEmailBanner(email)}</p>
            <p
              aria-live="polite"
              className={cx(
                "break-words font-medium empty:hidden",
                outcome?.tone === "error" ? "text-rose-200" : "text-emerald-200",
              )}
            >
              {outcome?.text ?? ""}
            </p>
          </div>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void resend()}
          loading={sending}
          icon={<Send className="size-3.5" aria-hidden />}
          className="shrink-0 self-start sm:self-center"
        >
          {MESSAGES.confirmEmailResend}
        </Button>
      </div>
    </section>
  );
}
