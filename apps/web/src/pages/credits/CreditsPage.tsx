import { type CreditBundle, LIMITS, PAYMENT_MESSAGES, formatRupees, paiseOf } from "@stepsync/contracts";
import { useQueryClient } from "@tanstack/react-query";
import {
  ArrowLeft,
  Check,
  ChevronRight,
  Coins,
  Infinity as InfinityIcon,
  ShieldCheck,
  Sparkles,
  Zap,
} from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useBalance, useBundles } from "../../api/credits";
import { Button, ButtonLink } from "../../components/Button";
import { Card } from "../../components/Card";
import { cx } from "../../components/cx";
import { Page, PageHeader } from "../../components/Page";
import { Spinner } from "../../components/Spinner";
import { startPurchase } from "../../api/checkout";
import { formatCredits } from "../../lib/format";
import { toast } from "../../lib/toast";
import { invalidate, staleAfter } from "../../api/keys";

/** Special styling for the four named packs; anything else gets the plain card. */
export function bundleStyle(name: string): { card: string; accent: string; button: "primary" | "secondary" } {
  const n = name.toLowerCase();
  if (n.includes("popular"))
    return {
      card: "ring-2 ring-accent-400/70 bg-gradient-to-b from-accent-500/15 to-transparent",
      accent: "text-accent-200",
      button: "primary",
    };
  if (n.includes("starter")) return { card: "ring-1 ring-sky-400/30", accent: "text-sky-300", button: "secondary" };
  if (n.includes("pro")) return { card: "ring-1 ring-violet-400/40", accent: "text-violet-300", button: "secondary" };
  if (n.includes("master"))
    return {
      card: "ring-1 ring-amber-300/40 bg-gradient-to-b from-amber-400/10 to-transparent",
      accent: "text-amber-200",
      button: "secondary",
    };
  return { card: "ring-1 ring-white/10", accent: "text-slate-200", button: "secondary" };
}

export const isMostPopular = (bundle: Pick<CreditBundle, "name">) => bundle.name.toLowerCase().includes("popular");

const BENEFITS = [
  {
    icon: <Zap className="size-5" aria-hidden />,
    title: "Instant delivery",
    text: "Credits land in your account as soon as the payment succeeds.",
  },
  {
    icon: <InfinityIcon className="size-5" aria-hidden />,
    title: "Never expire",
    text: "Use them this week or next year — they stay yours.",
  },
  {
    icon: <ShieldCheck className="size-5" aria-hidden />,
    title: "Secure checkout",
    text: "Payments run through Razorpay; we never see your card details.",
  },
  {
    icon: <Sparkles className="size-5" aria-hidden />,
    title: "Every style",
    text: `A session in any of the eight dance styles is analysed for ${formatCredits(LIMITS.comparisonCost)}.`,
  },
];

const FAQ = [
  {
    q: "What does a comparison cost?",
    a: `Each video analysis session, one comparison of your video with a reference, uses ${formatCredits(LIMITS.comparisonCost)}.`,
  },
  { q: "Do credits expire?", a: "No. Credits never expire, so buy a bigger pack whenever it suits you." },
  {
    q: "Can I get a refund?",
    a: "Yes — you can request a refund within 7 days of purchase for credits you have not used. Contact support and we will sort it out.",
  },
];

export default function CreditsPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const balance = useBalance();
  const bundles = useBundles();
  const [processing, setProcessing] = useState<number | null>(null);

  function buy(bundleId: number) {
    const bundle = bundles.data?.bundles.find((b) => b.id === bundleId);
    if (!bundle) {
      toast.error(PAYMENT_MESSAGES.bundlesNotLoaded);
      return;
    }
    setProcessing(bundle.id);
    void startPurchase(bundle, {
      onRedirect: (to) => navigate(to),
      onSuccess: (message) => {
        // The spec's alert: held long enough to read on the dashboard it leads to.
        toast.success(message, { duration: 8000 });
        void invalidate(queryClient, staleAfter.purchase());
        navigate("/dashboard");
      },
      onError: (message) => toast.error(message),
      onSettled: () => setProcessing(null),
    });
  }

  const list = bundles.data?.bundles ?? [];

  return (
    <Page title="Buy Credits">
      <PageHeader
        eyebrow="Credits"
        title="Buy Credits"
        description={`One-time credit packs, priced in rupees. Each video comparison uses ${formatCredits(LIMITS.comparisonCost)}.`}
        actions={
          <ButtonLink to="/dashboard" variant="secondary" icon={<ArrowLeft className="size-4" aria-hidden />}>
            Back to Dashboard
          </ButtonLink>
        }
      />

      <Card className="mb-8 flex items-center gap-4">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-accent-500/15 text-accent-300">
          <Coins className="size-6" aria-hidden />
        </span>
        <div>
          <p className="text-xs font-semibold uppercase tracking-wider text-slate-400">Current credits</p>
          <p className="text-3xl font-bold tabular-nums text-white" data-testid="current-credits">
            {balance.isPending ? "…" : balance.isError ? "—" : balance.data.credits}
          </p>
        </div>
      </Card>

      <section aria-labelledby="bundles-title" className="mb-12">
        <h2 id="bundles-title" className="sr-only">
          Credit bundles
        </h2>
        {bundles.isPending ? (
          <div className="flex justify-center py-12 text-slate-400">
            <Spinner label="Loading credit bundles" />
          </div>
        ) : bundles.isError ? (
          <div className="flex flex-col items-center gap-3 py-10 text-center">
            <p className="text-sm text-rose-300">{bundles.error.message}</p>
            <Button variant="secondary" size="sm" onClick={() => void bundles.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
            {list.map((bundle) => {
              const style = bundleStyle(bundle.name);
              // Paise in full (₹9.90, not ₹9.9).
              const perCredit = formatRupees(paiseOf(bundle.price) / bundle.credits_amount, { fixedPaise: true });
              return (
                <li key={bundle.id} className={cx("glass relative flex flex-col p-6 pt-8", style.card)}>
                  {isMostPopular(bundle) ? (
                    <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-gradient-to-r from-accent-500 to-violet-500 px-3 py-1 text-[11px] font-bold uppercase tracking-wider text-white shadow-lg">
                      MOST POPULAR
                    </span>
                  ) : null}
                  <h3 className={cx("text-lg font-semibold", style.accent)}>{bundle.name}</h3>
                  <p className="mt-1 min-h-10 text-sm text-slate-400">{bundle.description}</p>
                  <p className="mt-5 text-4xl font-bold tracking-tight text-white">
                    {formatRupees(paiseOf(bundle.price))}
                  </p>
                  <p className="mt-1 text-sm text-slate-300">
                    <span className="font-semibold text-white">{bundle.credits_amount}</span> credits · {perCredit} per
                    credit
                  </p>
                  <ul className="mt-5 flex-1 space-y-2 text-sm text-slate-300">
                    {bundle.features.map((f) => (
                      <li key={f} className="flex gap-2">
                        <Check className="mt-0.5 size-4 shrink-0 text-emerald-400" aria-hidden />
                        {f}
                      </li>
                    ))}
                  </ul>
                  <Button
                    className="mt-6 w-full"
                    variant={style.button}
                    disabled={processing !== null}
                    onClick={() => buy(bundle.id)}
                    aria-label={`Buy ${bundle.name} for ${formatRupees(paiseOf(bundle.price))}`}
                  >
                    {processing === bundle.id ? "Processing..." : `Buy ${bundle.credits_amount} credits`}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="benefits-title" className="mb-12">
        <h2 id="benefits-title" className="mb-5 text-xl font-semibold text-white">
          Why buy credits
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map((b) => (
            <li key={b.title} className="glass p-5">
              <span className="mb-3 flex size-10 items-center justify-center rounded-xl bg-white/6 text-accent-300">
                {b.icon}
              </span>
              <h3 className="font-semibold text-white">{b.title}</h3>
              <p className="mt-1 text-sm text-slate-400">{b.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="faq-title" className="mb-10">
        <h2 id="faq-title" className="mb-5 text-xl font-semibold text-white">
          Frequently asked questions
        </h2>
        <div className="space-y-3">
          {FAQ.map((item) => (
            <details key={item.q} open className="glass group p-5 open:pb-5">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium text-white">
                {item.q}
                <ChevronRight className="size-4 shrink-0 text-slate-500 transition group-open:rotate-90" aria-hidden />
              </summary>
              <p className="mt-3 text-sm text-slate-300">{item.a}</p>
            </details>
          ))}
        </div>
      </section>

      <ButtonLink to="/dashboard" variant="secondary" icon={<ArrowLeft className="size-4" aria-hidden />}>
        Back to Dashboard
      </ButtonLink>
    </Page>
  );
}
