import { MESSAGES, type User } from "@stepsync/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { MailCheck, MailX, RotateCcw } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
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
  | { state: "verifying" }
  | { state: "done"; message: string; user: User }
  | { state: "failed"; message: string; retry: boolean; signIn?: boolean };

/**
 * One call per token for the life of the page: a link works once, so a second call (React's
 * development double effect, a remount) must reuse the first answer instead of being refused.
 */
const calls = new Map<string, ReturnType<typeof verifyEmail>>();
function verifyOnce(token: string): ReturnType<typeof verifyEmail> {
  let call = calls.get(token);
  if (!call) {
    call = verifyEmail(token);
    calls.set(token, call);
  }
  return call;
}

/** /verify-email?token=…: the confirmation link mailed at sign-up and for a new address (issue 12). */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  return <VerifyEmail key={token} token={token} />;
}

function VerifyEmail({ token }: { token: string }) {
  const { status, user, setUser, checkSession } = useAuth();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<Result>(() =>
    token ? { state: "verifying" } : { state: "failed", message: MESSAGES.invalidConfirmLink, retry: false },
  );
  const signedInRef = useRef({ status, user });
  signedInRef.current = { status, user };

  const run = useCallback(() => {
    if (!token) return;
    setResult({ state: "verifying" });
    verifyOnce(token)
      .then((res) => {
        setResult({ state: "done", message: res.message || MESSAGES.emailConfirmed, user: res.user });
        // A signed-in browser shows the new state at once (banner gone, profile e-mail updated).
        const current = signedInRef.current;
        if (current.status === "unauthenticated") return;
        if (current.user && res.user && current.user.id === res.user.id) setUser(res.user);
        void checkSession(true);
        void queryClient.invalidateQueries({ queryKey: keys.profile() });
      })
      .catch((error: unknown) => {
        // Only an unanswered call may be tried again; the server's refusal is final for this link —
        // unless it asks for the account's own session (a new address): after signing in, the page
        // comes back here and asks again.
        const retry = error instanceof ApiError && (error.isNetworkError || error.status >= 500);
        const signIn = error instanceof ApiError && (error.status === 401 || error.status === 403);
        if (retry || signIn) calls.delete(token);
        setResult({ state: "failed", message: errorMessage(error, MESSAGES.invalidConfirmLink), retry, signIn });
      });
  }, [token, setUser, checkSession, queryClient]);

  const startedRef = useRef(false);
  useEffect(() => {
    if (startedRef.current) return;
    startedRef.current = true;
    run();
  }, [run]);

  const location = useLocation();
  const signedIn = status !== "unauthenticated" && user !== null;
  const hint = !signedIn
    ? "If your address is not confirmed yet, sign in to send yourself a new link."
    : user.email_verified === false
      ? "The banner at the top of your dashboard sends you a new link."
      : null;
  const next = signedIn ? (
    <ButtonLink to="/dashboard" size="lg">
      Go to dashboard
    </ButtonLink>
  ) : (
    <ButtonLink to="/login" size="lg">
      Go to login
    </ButtonLink>
  );

  if (result.state === "verifying") {
    return (
      <Page title="Confirming your e-mail" width="narrow">
        <PageSpinner text="Confirming your e-mail address..." label="Confirming your e-mail address" />
      </Page>
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
      <Frame title="Confirmation link" tone="error" heading="Sign in to confirm this change">
        <p role="alert" className="text-base text-slate-200">
          {result.message}
        </p>
        {signedIn ? (
          <p className="mt-2 text-sm text-slate-400">
            You are signed in as {user.email}, which did not ask for this change.
          </p>
        ) : null}
        <div className="mt-7 flex justify-center">
          {signedIn ? (
            next
          ) : (
            <ButtonLink to="/login" state={fromLocation(location)} size="lg">
              Log in to confirm
            </ButtonLink>
          )}
        </div>
      </Frame>
    );
  }

  return (
    <Frame title="Confirmation link" tone="error" heading="We could not confirm your e-mail">
      <p role="alert" className="text-base text-slate-200">
        {result.message}
      </p>
      {hint ? <p className="mt-2 text-sm text-slate-400">{hint}</p> : null}
      <div className="mt-7 flex flex-col items-center justify-center gap-3 sm:flex-row">
        {result.retry ? (
          <Button variant="secondary" size="lg" onClick={run} icon={<RotateCcw className="size-4" aria-hidden />}>
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
  tone: "success" | "error";
  children: ReactNode;
}) {
  const Icon = tone === "error" ? MailX : MailCheck;
  return (
    <Page title={title} width="narrow">
      <section className="glass mx-auto max-w-lg animate-fade-up p-6 text-center sm:p-10">
        <span
          className={cx(
            "mx-auto mb-5 flex size-16 items-center justify-center rounded-2xl ring-1",
            tone === "success"
              ? "bg-emerald-500/15 text-emerald-300 ring-emerald-400/20"
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
