import { LIMITS, MESSAGES } from "@stepsync/contracts";
import { Lock, Mail, UserRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { errorMessage, isApiError } from "../../api/client";
import { useAuth } from "../../auth/context";
import { Alert } from "../../components/Alert";
import { AuthHeading, AuthLayout } from "../../components/AuthLayout";
import { Button } from "../../components/Button";
import { PasswordField, TextField } from "../../components/Field";
import { GoogleSignIn } from "../../components/GoogleSignIn";
import { TEXTS } from "../../constants/texts";
import { describeError, logger } from "../../lib/logger";
import { toast } from "../../lib/toast";
import { type SignupErrors, type SignupValues, validateSignup } from "./validate";

const EMPTY: SignupValues = { fullName: "", email: "", password: "", confirmPassword: "" };

/** Why the form could not finish: the sign-up's own refusal, or signed up but the login after it failed. */
type FormError = { kind: "register"; text: string } | { kind: "login"; email: string };

export default function SignupPage() {
  const { register, login } = useAuth();
  const [values, setValues] = useState<SignupValues>(EMPTY);
  const [errors, setErrors] = useState<SignupErrors>({});
  const [formError, setFormError] = useState<FormError | null>(null);
  const [submitting, setSubmitting] = useState(false);

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
    const email = values.email.trim();
    try {
      // The Full Name field is sent as username; the confirmation is not sent.
      await register({ username: values.fullName.trim(), email, password: values.password });
    } catch (err) {
      setFormError({
        kind: "register",
        text: isApiError(err) ? errorMessage(err, MESSAGES.registrationFailed) : MESSAGES.signupGeneral,
      });
      setSubmitting(false);
      return;
    }
    // Sign-up answers alike whether or not the address was taken, and opens no session: logging in
    // with what was just typed signs the new account in (a taken address only with its own password).
    try {
      await login(email, values.password);
      toast.success(MESSAGES.registrationSuccessful);
      // GuestOnly sends the now signed-in user on to /dashboard.
    } catch (err) {
      logger.warn(`Login after sign-up failed: ${describeError(err)}`, "auth");
      setFormError({ kind: "login", email: email.toLowerCase() });
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout title="Sign up">
      <AuthHeading
        title="Create your account"
        subtitle={`Start with ${LIMITS.initialCredits} free credits — every comparison shows you exactly what to practise next.`}
      />
      <form className="space-y-5" onSubmit={onSubmit} noValidate>
        {formError?.kind === "register" ? <Alert>{formError.text}</Alert> : null}
        {formError?.kind === "login" ? (
          <Alert>
            {MESSAGES.accountExistsLoginFailed}{" "}
            <Link
              to="/login"
              state={{ email: formError.email }}
              className="font-semibold underline underline-offset-2 hover:text-white"
            >
              Log in
            </Link>
          </Alert>
        ) : null}
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
