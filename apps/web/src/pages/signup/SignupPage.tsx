import { LIMITS, MESSAGES } from "@stepsync/contracts";
import { Lock, Mail, MailCheck, UserRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { errorMessage, isApiError } from "../../api/client";
import { useAuth } from "../../auth/context";
import { Alert } from "../../components/Alert";
import { AuthHeading, AuthLayout } from "../../components/AuthLayout";
import { Button, ButtonLink } from "../../components/Button";
import { PasswordField, TextField } from "../../components/Field";
import { GoogleSignIn } from "../../components/GoogleSignIn";
import { TEXTS } from "../../constants/texts";
import { type SignupErrors, type SignupValues, validateSignup } from "./validate";

const EMPTY: SignupValues = { fullName: "", email: "", password: "", confirmPassword: "" };

export default function SignupPage() {
  const { register } = useAuth();
  const [values, setValues] = useState<SignupValues>(EMPTY);
  const [errors, setErrors] = useState<SignupErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);

  function update(field: keyof SignupValues, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    // Errors are per field and clear on edit.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
    if (formError) setFormError(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateSignup(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setFormError(null);
    setSubmitting(true);
    try {
      // The Full Name field is sent as username; the confirmation is not sent.
      const message = await register({
        username: values.fullName.trim(),
        email: values.email.trim(),
        password: values.password,
      });
      setSent({ email: values.email.trim().toLowerCase(), message });
    } catch (err) {
      setFormError(isApiError(err) ? errorMessage(err, MESSAGES.registrationFailed) : MESSAGES.signupGeneral);
    }
    setSubmitting(false);
  }

  // The same answer whether or not the address already had an account: nothing here says which.
  if (sent) {
    return (
      <AuthLayout title="Check your e-mail">
        <CheckYourEmail
          {...sent}
          onAnotherAddress={() => {
            setSent(null);
            setValues(EMPTY);
          }}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Sign up">
      <AuthHeading
        title="Create your account"
        subtitle={`Start with ${LIMITS.initialCredits} free credits — every comparison shows you exactly what to practise next.`}
      />
      <form className="space-y-5" onSubmit={onSubmit} noValidate>
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField
          label="Full Name"
          name="fullName"
          autoComplete="name"
          placeholder="Your name"
          icon={<UserRound className="size-4" aria-hidden />}
          value={values.fullName}
          error={errors.fullName}
          onChange={(e) => update("fullName", e.target.value)}
        />
        <TextField
          label="Email Address"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          icon={<Mail className="size-4" aria-hidden />}
          value={values.email}
          error={errors.email}
          onChange={(e) => update("email", e.target.value)}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          placeholder="At least 6 characters"
          icon={<Lock className="size-4" aria-hidden />}
          value={values.password}
          error={errors.password}
          onChange={(e) => update("password", e.target.value)}
        />
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          placeholder="Type it again"
          icon={<Lock className="size-4" aria-hidden />}
          value={values.confirmPassword}
          error={errors.confirmPassword}
          onChange={(e) => update("confirmPassword", e.target.value)}
        />
        <Button type="submit" size="lg" block loading={submitting}>
          {submitting ? TEXTS.creatingAccount : "Create account"}
        </Button>
        <p className="text-center text-xs leading-relaxed text-slate-500">
          By creating an account you agree to our{" "}
          <Link to="/terms" className="text-slate-300 underline-offset-2 hover:underline">
            Terms of Service
          </Link>{" "}
          and{" "}
          <Link to="/privacy" className="text-slate-300 underline-offset-2 hover:underline">
            Privacy Policy
          </Link>
          .
        </p>
      </form>
      <GoogleSignIn mode="register" />
      <p className="mt-7 text-center text-sm text-slate-400">
        Already have an account?{" "}
        <Link to="/login" className="font-semibold text-accent-300 hover:text-accent-200">
          Log in
        </Link>
      </p>
    </AuthLayout>
  );
}

/** After sign-up: where the message went, and the way on (log in, or another address). */
function CheckYourEmail({
  email,
  message,
  onAnotherAddress,
}: {
  email: string;
  message: string;
  onAnotherAddress: () => void;
}) {
  return (
    <section aria-labelledby="check-email-heading" className="text-center">
      <span className="mx-auto mb-5 flex size-16 items-center justify-center rounded-2xl bg-emerald-500/15 text-emerald-300 ring-1 ring-emerald-400/20">
        <MailCheck className="size-8" aria-hidden />
      </span>
      <h1 id="check-email-heading" className="mb-3 text-2xl font-bold tracking-tight text-white sm:text-3xl">
        Check your e-mail
      </h1>
      <p role="status" className="text-base text-slate-200">
        {message}
      </p>
      <p className="mt-3 text-sm text-slate-400">
        Nothing there after a few minutes? Look in your spam folder, or log in and ask for a new link.
      </p>
      <div className="mt-7 flex flex-col items-center justify-center gap-3 sm:flex-row">
        <ButtonLink to="/login" state={{ email }} size="lg">
          Go to login
        </ButtonLink>
        <Button variant="secondary" size="lg" onClick={onAnotherAddress}>
          Use another address
        </Button>
      </div>
    </section>
  );
}
