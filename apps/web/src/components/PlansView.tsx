import { type CreditBundle, LIMITS, type Plan, formatRupees, paiseOf } from "@stepsync/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Check, ChevronDown, Sparkles } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "../auth/context";
import { startPurchase } from "../api/checkout";
import { formatCredits } from "../lib/format";
import { toast } from "../lib/toast";
import { Alert } from "./Alert";
import { Button } from "./Button";
import { cx } from "./cx";
import type { FromState } from "./guards";
import { Spinner } from "./Spinner";
import { invalidate, staleAfter } from "../api/keys";
import { usePlans } from "../api/plans";

/** The plan as the credit purchase flow knows it (a plan is an active credit bundle). */
export function planBundle(plan: Plan): CreditBundle {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    credits_amount: plan.credits,
    price: plan.price,
    is_active: true,
    is_popular: plan.popular,
    features: plan.features,
  };
}

export const PLAN_FAQ: ReadonlyArray<{ q: string; a: string }> = [
  {
    q: "Is there a free trial?",
    a: "Yes — every new account gets a 14-day trial with 10 free credits, enough for ten comparisons, so you can try StepSync before you buy.",
  },
  {
    q: "What if StepSync isn't for me?",
    a: "We offer a 30-day money-back guarantee on your first pack. See the refund policy for how cancellation requests and refunds work.",
  },
  {
    q: "What does a comparison cost?",
    a: `Each comparison of your video with a reference video uses ${formatCredits(LIMITS.comparisonCost)}.`,
  },
  { q: "Do credits expire?", a: "No. Credits stay in your account until you use them." },
  {
    q: "How do I pay?",
    a: "Packs are one-time purchases priced in rupees, paid through our secure payment provider. Credits arrive instantly.",
  },
];

export function PlanFaq() {
  return (
    <section aria-labelledby="faq-title" className="mx-auto mt-16 max-w-3xl">
      <h2 id="faq-title" className="mb-6 text-center text-2xl font-bold text-white sm:text-3xl">
        Frequently asked questions
      </h2>
      <div className="space-y-3">
        {PLAN_FAQ.map((item) => (
          <details key={item.q} className="glass group p-5 [&_summary::-webkit-details-marker]:hidden">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-white">
              {item.q}
              <ChevronDown className="size-5 shrink-0 text-slate-400 transition group-open:rotate-180" aria-hidden />
            </summary>
            <p className="mt-3 text-sm leading-relaxed text-slate-300">{item.a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}

/**
 * Plan cards fed by GET /api/plans; buying runs the real credit purchase (visitors log in first). Each
 * card shows only what its Buy button sells, a one-time pack: there is no yearly billing to advertise
 * (the spec's monthly/yearly toggle priced twelve packs nobody could buy).
 */
export function PlansView() {
  const plans = usePlans();
  const { status } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [processing, setProcessing] = useState<number | null>(null);

  function buy(plan: Plan) {
    if (status !== "authenticated") {
      const state: FromState = { from: { pathname: "/credits", search: "", hash: "" } };
      navigate("/login", { state });
      return;
    }
    setProcessing(plan.id);
    void startPurchase(planBundle(plan), {
      onRedirect: (to) => navigate(to),
      onSuccess: (message) => {
        toast.success(message);
        void invalidate(queryClient, staleAfter.purchase());
        navigate("/dashboard");
      },
      onError: (message) => toast.error(message),
      onSettled: () => setProcessing(null),
    });
  }

  return (
    <div>
      {plans.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading plans" />
        </div>
      ) : plans.isError ? (
        <div className="mx-auto flex max-w-md flex-col items-center gap-3">
          <Alert>{plans.error.message}</Alert>
          <Button variant="secondary" size="sm" onClick={() => void plans.refetch()}>
            Try again
          </Button>
        </div>
      ) : plans.data.length === 0 ? (
        <p className="text-center text-slate-400">No plans are on sale right now. Please check back soon.</p>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
          {plans.data.map((plan) => (
            <li
              key={plan.id}
              className={cx(
                "glass relative flex flex-col p-6 pt-8",
                plan.popular && "border-accent-400/50 shadow-[0_0_0_1px_rgba(255,111,174,0.35)]",
              )}
            >
              {plan.popular ? (
                <span className="absolute -top-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-gradient-to-r from-accent-500 to-fuchsia-500 px-3 py-1 text-xs font-bold text-white">
                  <Sparkles className="size-3.5" aria-hidden /> Most Popular
                </span>
              ) : null}
              <h3 className="text-lg font-semibold text-white">{plan.name}</h3>
              <p className="mt-1 min-h-10 text-sm text-slate-400">{plan.description}</p>
              <p className="mt-5 text-4xl font-bold tracking-tight text-white">{formatRupees(paiseOf(plan.price))}</p>
              <p className="mt-1 text-sm text-slate-400">
                <span className="font-semibold text-white">{plan.credits}</span> credits · one-time
              </p>
              <ul className="mt-5 flex-1 space-y-2">
                {plan.features.map((f) => (
                  <li key={f} className="flex items-start gap-2 text-sm text-slate-300">
                    <Check className="mt-0.5 size-4 shrink-0 text-emerald-400" aria-hidden /> {f}
                  </li>
                ))}
              </ul>
              <Button
                className="mt-6"
                block
                variant={plan.popular ? "primary" : "secondary"}
                loading={processing === plan.id}
                disabled={processing !== null}
                onClick={() => buy(plan)}
                aria-label={`Buy ${plan.name} for ${formatRupees(paiseOf(plan.price))}`}
              >
                {processing === plan.id ? "Processing..." : `Buy ${plan.credits} credits`}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
