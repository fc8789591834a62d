import { MESSAGES, type User } from "@stepsync/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Mail, MailCheck, MailX, RotateCcw } from "lucide-react";
import { type ReactNode, useCallback, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { verifyEmail } from "../../api/auth";
import { ApiError, errorMessage } from "../../api/client";
import { useAuth } from "../../auth/context";
import { Button, ButtonLink } from "../../components/Button";
import { Page } from "../../components/Page";
import { PageSpinner } from "../../components/Spinner";
import { cx } from "../../components/cx";
import { keys } from "../../api/keys";
import { fromLocation } from "../../components/guards";

type Result =
  | { state: "waiting" }
  | { state: "verifying" }
  | { state: "done"; message: string; user: User }
  | { state: "failed"; message: string; retry: boolean; signIn?: boolean };

/**
 * /verify-email?token=…: the confirmation link mailed at sign-up and for a new address. Opening it
 * confirms nothing: a mail scanner or a preview opens links too, and the address must be proven by
 * whoever holds the account's password. Signed in, the page asks for a click; signed out, it asks
 * to log in first (and comes back here).
 */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  return <VerifyEmail key={token} token={token} />;
}

function VerifyEmail({ token }: { token: string }) {
  const { status, user, setUser, checkSession } = useAuth();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [result, setResult] = useState<Result>(() =>
    token ? { state: "waiting" } : { state: "failed", message: MESSAGES.invalidConfirmLink, retry: false },
  );

  const confirm = useCallback(() => {
    setResult({ state: "verifying" });
    verifyEmail(token)
      .then((res) => {
        setResult({ state: "done", message: res.message || MESSAGES.emailConfirmed, user: res.user });
        // The signed-in browser shows the new state at once (banner gone, profile e-mail updated).
        setUser(res.user);
        void checkSession(true);
        void queryClient.invalidateQueries({ queryKey: keys.profile() });
      })
      .catch((error: unknown) => {
        // Only an unanswered call may be tried again; the server's refusal is final for this link,
        // unless it asks for the account's own session (signed in to another account).
        const retry = error instanceof ApiError && (error.isNetworkError || error.status >= 500);
        const signIn = error instanceof ApiError && (error.status === 401 || error.status === 403);
        setResult({ state: "failed", message: errorMessage(error, MESSAGES.invalidConfirmLink), retry, signIn });
      });
  }, [token, setUser, checkSession, queryClient]);

  const signedIn = status !== "unauthenticated" && user !== null;
  const next = signedIn ? (
    <ButtonLink to="/dashboard" size="lg">
      Go to dashboard
    </ButtonLink>
  ) : (
    <ButtonLink to="/login" size="lg">
      Go to login
    </ButtonLink>
  );

  if (result.state === "verifying" || (result.state === "waiting" && status === "loading")) {
    return (
      <Page title="Confirming your e-mail" width="narrow">
        <PageSpinner text="Confirming your e-mail address..." label="Confirming your e-mail address" />
      </Page>
    );
  }

  if (result.state === "waiting") {
    if (!signedIn) {
      return (
        <Frame title="Confirm your e-mail" tone="info" heading="Log in to confirm">
          <p className="text-base text-slate-200">{MESSAGES.confirmNeedsSignIn}</p>
          <div className="mt-7 flex justify-center">
            <ButtonLink to="/login" state={fromLocation(location)} size="lg">
              Log in to confirm
            </ButtonLink>
          </div>
        </Frame>
      );
    }
    return (
      <Frame title="Confirm your e-mail" tone="info" heading="Confirm your e-mail address">
        <p className="text-base text-slate-200">
          This link confirms the address it was sent to, for the account you are logged in to:
        </p>
        <p className="mt-2 font-semibold text-white [overflow-wrap:anywhere]">{user.email}</p>
        <div className="mt-7 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Button size="lg" onClick={confirm} icon={<MailCheck className="size-4" aria-hidden />}>
            Confirm e-mail address
          </Button>
          <ButtonLink to="/dashboard" variant="secondary" size="lg">
            Not now
          </ButtonLink>
        </div>
      </Frame>
    );
  }

  if (result.state === "done") {
    return (
      <Frame title="E-mail confirmed" tone="success" heading="E-mail confirmed">
        <p role="status" className="text-base text-slate-200">
          {result.message}
        </p>
        <div className="mt-7 flex justify-center">{next}</div>
      </Frame>
    );
  }

  if (result.signIn) {
    return (
      <Frame title="Confirmation link" tone="error" heading="Sign in to confirm">
        <p role="alert" className="text-base text-slate-200">
          {result.message}
        </p>
        {signedIn ? (
          <p className="mt-2 text-sm text-slate-400">
            You are logged in as {user.email}, which this link was not sent for.
          </p>
        ) : null}
        <div className="mt-7 flex justify-center">{next}</div>
      </Frame>
    );
  }

  const hint = !signedIn
    ? "If your address is not confirmed yet, log in to send yourself a new link."
    : user.email_verified === false
      ? "The banner at the top of your dashboard sends you a new link."
      : null;
  return (
    <Frame title="Confirmation link" tone="error" heading="We could not confirm your e-mail">
      <p role="alert" className="text-base text-slate-200">
        {result.message}
      </p>
      {hint ? <p className="mt-2 text-sm text-slate-400">{hint}</p> : null}
      <div className="mt-7 flex flex-col items-center justify-center gap-3 sm:flex-row">
        {result.retry ? (
          <Button variant="secondary" size="lg" onClick={confirm} icon={<RotateCcw className="size-4" aria-hidden />}>
            Try again
          </Button>
        ) : null}
        {next}
      </div>
    </Frame>
  );
}

function Frame({
  title,
  heading,
  tone,
  children,
}: {
  title: string;
  heading: string;
  tone: "success" | "error" | "info";
  children: ReactNode;
}) {
  const Icon = tone === "error" ? MailX : tone === "info" ? Mail : MailCheck;
  return (
    <Page title={title} width="narrow">
      <section className="glass mx-auto max-w-lg animate-fade-up p-6 text-center sm:p-10">
        <span
          className={cx(
            "mx-auto mb-5 flex size-16 items-center justify-center rounded-2xl ring-1",
            tone === "success"
              ? "bg-emerald-500/15 text-emerald-300 ring-emerald-400/20"
              : tone === "info"
                ? "bg-accent-500/15 text-accent-300 ring-accent-400/20"
                : "bg-rose-500/15 text-rose-300 ring-rose-400/20",
          )}
        >
          <Icon className="size-8" aria-hidden />
        </span>
        <h1 className="mb-3 text-2xl font-bold tracking-tight text-white sm:text-3xl">{heading}</h1>
        {children}
      </section>
    </Page>
  );
}
