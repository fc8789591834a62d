import { MESSAGES } from "@stepsync/contracts";
import { ArrowLeft, Mail, MailCheck } from "lucide-react";
import { type FormEvent, Fragment, useState } from "react";
import { Link } from "react-router";
import { forgotPassword } from "../../api/auth";
import { ApiError } from "../../api/client";
import { Alert } from "../../components/Alert";
import { AuthHeading, AuthLayout } from "../../components/AuthLayout";
import { Button } from "../../components/Button";
import { TextField } from "../../components/Field";
import { TEXTS } from "../../constants/texts";
import { toast } from "../../lib/toast";

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed) {
      setError(MESSAGES.forgotEmailRequired);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await forgotPassword(trimmed);
      toast.success(MESSAGES.resetEmailSent);
      setSentTo(trimmed);
    } catch (err) {
      setError(err instanceof ApiError ? err.message || MESSAGES.resetEmailFailed : MESSAGES.networkError);
    } finally {
      setSubmitting(false);
    }
  }

  if (sentTo) {
    return (
      <AuthLayout title="Check your email">
        <div className="flex flex-col items-center text-center">
          <span className="mb-5 flex size-16 items-center justify-center rounded-2xl bg-emerald-500/15 text-emerald-300 ring-1 ring-emerald-400/20">
            <MailCheck className="size-8" aria-hidden />
          </span>
          <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{TEXTS.checkYourEmail}</h1>
          <p className="mt-3 text-sm text-slate-300">
            We sent a password reset link to{" "}
            {/* On its own line; when it must wrap, it wraps before its @ or a dot, not mid-word. */}
            <strong className="block font-semibold break-words text-white">
              {sentTo.split(/(?=[@.])/).map((part, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
                <Fragment key={i}>
                  {i > 0 ? <wbr /> : null}
                  {part}
                </Fragment>
              ))}
            </strong>
          </p>
          <p className="mt-2 text-sm text-slate-400">{MESSAGES.resetEmailSentNotice}</p>
          <Alert tone="info" className="mt-6 text-left">
            Can't find it? Check your spam or junk folder — and give it a minute or two to arrive.
          </Alert>
          <div className="mt-7 flex w-full flex-col gap-3">
            <Button variant="secondary" size="lg" block onClick={() => setSentTo(null)}>
              {TEXTS.sendAnotherEmail}
            </Button>
            <Link
              to="/login"
              className="inline-flex items-center justify-center gap-2 text-sm font-semibold text-accent-300 hover:text-accent-200"
            >
              <ArrowLeft className="size-4" aria-hidden /> {TEXTS.backToLogin}
            </Link>
          </div>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Forgot password">
      <AuthHeading
        title="Forgot your password?"
        subtitle="Enter the email you signed up with and we'll send you a link to choose a new one."
      />
      <form className="space-y-5" onSubmit={onSubmit} noValidate>
        <TextField
          label="Email Address"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          icon={<Mail className="size-4" aria-hidden />}
          value={email}
          error={error}
          onChange={(e) => {
            setEmail(e.target.value);
            if (error) setError(null);
          }}
        />
        <Button type="submit" size="lg" block loading={submitting}>
          {submitting ? TEXTS.sendingResetLink : "Send Reset Link"}
        </Button>
      </form>
      <p className="mt-7 text-center text-sm">
        <Link
          to="/login"
          className="inline-flex items-center gap-2 font-semibold text-accent-300 hover:text-accent-200"
        >
          <ArrowLeft className="size-4" aria-hidden /> {TEXTS.backToLogin}
        </Link>
      </p>
    </AuthLayout>
  );
}
