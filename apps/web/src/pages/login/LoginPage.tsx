import { MESSAGES } from "@stepsync/contracts";
import { Lock, Mail } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, useLocation } from "react-router";
import { errorMessage, isApiError } from "../../api/client";
import { useAuth } from "../../auth/context";
import { Alert } from "../../components/Alert";
import { AuthHeading, AuthLayout } from "../../components/AuthLayout";
import { Button } from "../../components/Button";
import { PasswordField, TextField } from "../../components/Field";
import { GoogleSignIn } from "../../components/GoogleSignIn";
import { TEXTS } from "../../constants/texts";
import { toast } from "../../lib/toast";

export default function LoginPage() {
  const { login } = useAuth();
  // Sign-up's "Log in" (the address was taken) brings the address along.
  const prefilled = (useLocation().state as { email?: unknown } | null)?.email;
  const [email, setEmail] = useState(typeof prefilled === "string" ? prefilled : "");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(MESSAGES.loginBothRequired);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await login(email.trim(), password);
      toast.success(MESSAGES.loginSuccessful);
      // GuestOnly sends the now signed-in user on to where they were heading (default /dashboard).
    } catch (err) {
      setError(isApiError(err) ? errorMessage(err, MESSAGES.loginFailed) : MESSAGES.signInFailed);
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout title="Log in">
      <AuthHeading title="Welcome back" subtitle="Log in to keep your streak going and see your latest scores." />
      <form className="space-y-5" onSubmit={onSubmit} noValidate>
        {error ? <Alert>{error}</Alert> : null}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          icon={<Mail className="size-4" aria-hidden />}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (error) setError(null);
          }}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          placeholder="Your password"
          icon={<Lock className="size-4" aria-hidden />}
          labelAside={
            <Link to="/forgot-password" className="text-sm font-medium text-accent-300 hover:text-accent-200">
              Forgot password?
            </Link>
          }
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            if (error) setError(null);
          }}
        />
        <Button type="submit" size="lg" block loading={submitting}>
          {submitting ? TEXTS.signingIn : "Log in"}
        </Button>
      </form>
      <GoogleSignIn mode="login" />
      <p className="mt-7 text-center text-sm text-slate-400">
        New to StepSync?{" "}
        <Link to="/signup" className="font-semibold text-accent-300 hover:text-accent-200">
          Create an account
        </Link>
      </p>
    </AuthLayout>
  );
}
