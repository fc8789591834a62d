import { LIMITS, MESSAGES, passwordStrength } from "@stepsync/contracts";
import { Check, KeyRound, Lock, X } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { resetPassword, useResetTokenCheck } from "../../api/auth";
import { ApiError } from "../../api/client";
import { Alert } from "../../components/Alert";
import { AuthHeading, AuthLayout } from "../../components/AuthLayout";
import { Button, ButtonLink } from "../../components/Button";
import { PasswordField } from "../../components/Field";
import { PasswordStrength } from "../../components/PasswordStrength";
import { PageSpinner } from "../../components/Spinner";
import { TEXTS } from "../../constants/texts";
import { toast } from "../../lib/toast";

function MissingToken() {
  useEffect(() => {
    toast.error(MESSAGES.invalidResetLinkShort, { id: "invalid-reset-link" });
  }, []);
  return <Navigate to="/forgot-password" replace />;
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  if (!token) return <MissingToken />;
  return <ResetPasswordForm key={token} token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // A link either works or it does not: asked once, never again while the form is open.
  const validation = useResetTokenCheck(token);

  const score = passwordStrength(password);
  const matches = password.length > 0 && password === confirm;
  const canSubmit = matches && score >= LIMITS.resetStrengthThreshold && !submitting;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== confirm) {
      setError(MESSAGES.passwordsDoNotMatch);
      return;
    }
    if (score < LIMITS.resetStrengthThreshold) {
      setError(MESSAGES.weakPassword);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await resetPassword(token, password);
      toast.success(MESSAGES.passwordResetDone);
      navigate("/login", { replace: true });
    } catch (err) {
      setError(err instanceof ApiError ? err.message || MESSAGES.resetFailed : MESSAGES.networkError);
      setSubmitting(false);
    }
  }

  if (validation.isPending) {
    return (
      <AuthLayout title="Reset password">
        <PageSpinner text="Checking your reset link..." label="Validating reset link" />
      </AuthLayout>
    );
  }

  if (validation.isError) {
    const err = validation.error;
    const message =
      err instanceof ApiError && err.status >= 400 && err.status < 500
        ? err.message || MESSAGES.invalidResetLink
        : MESSAGES.resetValidateFailed;
    return (
      <AuthLayout title="Invalid reset link">
        <div className="flex flex-col items-center text-center">
          <span className="mb-5 flex size-16 items-center justify-center rounded-2xl bg-rose-500/15 text-rose-300 ring-1 ring-rose-400/20">
            <KeyRound className="size-8" aria-hidden />
          </span>
          <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{TEXTS.invalidResetLinkTitle}</h1>
          <p className="mt-3 text-sm text-slate-300">{message}</p>
          <p className="mt-1 text-sm text-slate-400">Reset links work once and expire after an hour.</p>
          <ButtonLink to="/forgot-password" size="lg" className="mt-7">
            {TEXTS.requestNewLink}
          </ButtonLink>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Reset password">
      <AuthHeading
        title="Choose a new password"
        subtitle={
          <>
            Hi <strong className="font-semibold text-white">{validation.data.username}</strong>, pick a strong new
            password for {validation.data.email}.
          </>
        }
      />
      <form className="space-y-5" onSubmit={onSubmit} noValidate>
        {error ? <Alert>{error}</Alert> : null}
        <div className="space-y-3">
          <PasswordField
            label="New Password"
            name="password"
            autoComplete="new-password"
            icon={<Lock className="size-4" aria-hidden />}
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              if (error) setError(null);
            }}
          />
          <PasswordStrength password={password} />
        </div>
        <div className="space-y-2">
          <PasswordField
            label="Confirm New Password"
            name="confirmPassword"
            autoComplete="new-password"
            icon={<Lock className="size-4" aria-hidden />}
            value={confirm}
            onChange={(e) => {
              setConfirm(e.target.value);
              if (error) setError(null);
            }}
          />
          <div aria-live="polite" className="min-h-5">
            {confirm ? (
              matches ? (
                <p className="flex items-center gap-1.5 text-sm font-medium text-emerald-300">
                  <Check className="size-4" aria-hidden /> {TEXTS.passwordsMatch}
                </p>
              ) : (
                <p className="flex items-center gap-1.5 text-sm font-medium text-rose-300">
                  <X className="size-4" aria-hidden /> {MESSAGES.passwordsDoNotMatch}
                </p>
              )
            ) : null}
          </div>
        </div>
        <Button type="submit" size="lg" block disabled={!canSubmit} loading={submitting}>
          {submitting ? TEXTS.resettingPassword : "Reset Password"}
        </Button>
      </form>
    </AuthLayout>
  );
}
