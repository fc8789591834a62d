import { LIMITS } from "@stepsync/contracts";
import { PlanFaq, PlansView } from "../../components/PlansView";
import { Page, PageHeader } from "../../components/Page";
import { usePageMeta } from "../../components/PageMeta";
import { formatCredits } from "../../lib/format";

/** Pricing: 'Choose Your Plan', plans from GET /api/plans, FAQ. */
export default function PricingPage() {
  usePageMeta(
    "Pricing",
    `StepSync credit packs in rupees: one-time purchases, ${formatCredits(LIMITS.comparisonCost)} per video comparison.`,
  );
  return (
    <Page title="Pricing">
      <div className="text-center [&>div]:items-center [&>div]:justify-center [&_p]:mx-auto">
        <PageHeader
          eyebrow="Pricing"
          title="Choose Your Plan"
          description={`Simple one-time credit packs in rupees. Each video comparison uses ${formatCredits(LIMITS.comparisonCost)} — no subscription needed.`}
        />
      </div>
      <PlansView />
      <PlanFaq />
    </Page>
  );
}
