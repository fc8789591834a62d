import { LIMITS, PAYMENT_COMING_SOON, SUBSCRIBE_MESSAGES } from "@stepsync/contracts";
import { ArrowLeft, Bell, CalendarClock, CheckCircle2, Coins, CreditCard, Mail } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Navigate } from "react-router";
import { errorMessage } from "../../api/client";
import { useAppConfig } from "../../api/config";
import { useCredits } from "../../api/credits";
import { subscribeToFeature } from "../../api/notifications";
import { useAuth } from "../../auth/context";
import { Alert } from "../../components/Alert";
import { Button, ButtonLink, buttonClass } from "../../components/Button";
import { TextField } from "../../components/Field";
import { Page } from "../../components/Page";
import { PageSpinner } from "../../components/Spinner";
import { SupportEmail } from "../../components/SupportEmail";
import { formatCredits } from "../../lib/format";

const CHECKLIST = [
  "Payment provider integration",
  "Multiple credit bundles",
  "Secure transaction handling",
  "Real-time payment tracking",
];

/**
 * Shown when Buy is pressed while online payments are not available. The
 * expected release is the PAYMENTS_RELEASE setting (none promised when unset, as a fixed date goes
 * stale); once payments are on there is nothing to announce, so the page leads to the credit packs.
 */
export default function PaymentComingSoonPage() {
  const config = useAppConfig();
  const [email, setEmail] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    if (!value?.includes("@")) {
      setMessage({ tone: "error", text: SUBSCRIBE_MESSAGES.invalidEmail });
      return;
    }
    setSubmitting(true);
    setMessage(null);
    try {
      await subscribeToFeature(value);
      setMessage({ tone: "success", text: SUBSCRIBE_MESSAGES.subscribed });
      setEmail("");
    } catch (error) {
      setMessage({ tone: "error", text: errorMessage(error, SUBSCRIBE_MESSAGES.failed) });
    } finally {
      setSubmitting(false);
    }
  }

  if (config.isPending) return <PageSpinner />;
  if (config.data?.payments_enabled) return <Navigate to="/credits" replace />;
  const release = config.data?.payments_release ?? null;

  return (
    <Page title="Payments Coming Soon" width="narrow">
      <section className="glass relative overflow-hidden p-6 sm:p-10">
        <div
          aria-hidden
          className="absolute -right-24 -top-24 size-72 rounded-full bg-[radial-gradient(circle,rgba(255,77,157,0.25),transparent_65%)]"
        />
        <div className="relative space-y-8">
          <div className="space-y-4 text-center">
            <span className="mx-auto flex size-16 items-center justify-center rounded-2xl bg-gradient-to-br from-accent-500/25 to-violet-500/25 text-accent-200 ring-1 ring-white/10">
              <CreditCard className="size-8" aria-hidden />
            </span>
            <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">Payment Processing Coming Soon</h1>
            <p className="mx-auto max-w-xl text-slate-300">
              We are putting the finishing touches on secure online payments so you can buy credit bundles in a few
              taps.
            </p>
            {release ? (
              <p className="inline-flex items-center gap-2 rounded-full bg-white/6 px-4 py-1.5 text-sm text-slate-200">
                <CalendarClock className="size-4 text-accent-300" aria-hidden />
                Expected release: <strong className="text-white">{release}</strong>
              </p>
            ) : null}
          </div>

          <YourCredits />

          <div>
            <div className="mb-2 flex justify-between text-sm">
              <span className="font-medium text-slate-200">Development progress</span>
              <span className="font-semibold tabular-nums text-white">{PAYMENT_COMING_SOON.progressPercent}%</span>
            </div>
            <div
              className="h-3 overflow-hidden rounded-full bg-white/8"
              role="progressbar"
              aria-label="Development progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={PAYMENT_COMING_SOON.progressPercent}
            >
              <div
                className="h-full rounded-full bg-gradient-to-r from-accent-500 to-violet-500"
                style={{ width: `${PAYMENT_COMING_SOON.progressPercent}%` }}
              />
            </div>
          </div>

          <ul className="grid gap-3 sm:grid-cols-2">
            {CHECKLIST.map((item) => (
              <li
                key={item}
                className="flex items-center gap-3 rounded-2xl bg-white/4 px-4 py-3 text-sm text-slate-200"
              >
                <CheckCircle2 className="size-5 shrink-0 text-emerald-400" aria-hidden />
                {item}
              </li>
            ))}
          </ul>

          <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-2xl bg-white/4 p-5">
            <h2 className="flex items-center gap-2 font-semibold text-white">
              <Bell className="size-4 text-accent-300" aria-hidden /> Get notified when it is ready
            </h2>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
              <div className="flex-1">
                <TextField
                  label="Email address"
                  type="email"
                  name="email"
                  autoComplete="email"
                  placeholder="you@example.com"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              </div>
              <Button type="submit" disabled={submitting || !email.trim()} className="sm:mt-7">
                {submitting ? SUBSCRIBE_MESSAGES.subscribing : "Notify Me"}
              </Button>
            </div>
            {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
          </form>

          <div className="flex flex-wrap justify-center gap-3">
            <ButtonLink to="/dashboard" variant="secondary" icon={<ArrowLeft className="size-4" aria-hidden />}>
              Back to Dashboard
            </ButtonLink>
            <ButtonLink to="/credits" variant="ghost" icon={<Coins className="size-4" aria-hidden />}>
              View credit bundles
            </ButtonLink>
          </div>
        </div>
      </section>
    </Page>
  );
}

/**
 * Where the reader stands while credits cannot be bought: a visitor starts with free credits; a
 * dancer with credits left may keep comparing; one with none is told how to get more now (an admin
 * adds credits on request), with a mail to support ready to send.
 */
function YourCredits() {
  const { user } = useAuth();
  const credits = useCredits({ enabled: user !== null });
  const support = useAppConfig().data?.support_email;
  const box = "rounded-2xl bg-white/4 p-5 text-sm text-slate-200";
  if (!user)
    return (
      <p className={box} data-testid="your-credits">
        A new account starts with {formatCredits(LIMITS.initialCredits)}: each comparison uses{" "}
        {formatCredits(LIMITS.comparisonCost)}.
      </p>
    );
  if (credits.kind !== "known") return null;
  if (credits.credits >= LIMITS.comparisonCost)
    return (
      <p className={box} data-testid="your-credits">
        You have <strong className="text-white">{formatCredits(credits.credits)}</strong> left: each comparison uses{" "}
        {formatCredits(LIMITS.comparisonCost)}, and they never expire.
      </p>
    );
  const subject = encodeURIComponent("Credits for my StepSync account");
  const body = encodeURIComponent(`Hello, I am out of credits. Please add some to my account (${user.email}).`);
  return (
    <section
      className="space-y-3 rounded-2xl border border-amber-300/30 bg-amber-400/10 p-5 text-sm text-amber-50"
      aria-labelledby="out-of-credits"
      data-testid="your-credits"
    >
      <h2 id="out-of-credits" className="font-semibold text-white">
        You have no credits left
      </h2>
      <p>
        Credits cannot be bought here until payments open. Until then we add them by hand: write to{" "}
        <SupportEmail className="font-semibold text-white underline underline-offset-2" /> from {user.email}, and they
        appear in your balance as soon as we do.
      </p>
      {support ? (
        <a href={`mailto:${support}?subject=${subject}&body=${body}`} className={buttonClass("primary", "sm")}>
          <Mail className="size-4" aria-hidden />
          Ask for credits
        </a>
      ) : null}
    </section>
  );
}
