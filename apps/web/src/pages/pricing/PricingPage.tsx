import { PlanFaq, PlansView } from "../../components/PlansView";
import { Page, PageHeader } from "../../components/Page";
import { usePageMeta } from "../../components/PageMeta";

/** Pricing: 'Choose Your Plan', plans from GET /api/plans, FAQ. */
export default function PricingPage() {
  usePageMeta("Pricing", "StepSync credit packs in rupees: one-time purchases, one credit per video comparison.");
  return (
    <Page title="Pricing">
      <div className="text-center [&>div]:items-center [&>div]:justify-center [&_p]:mx-auto">
        <PageHeader
          eyebrow="Pricing"
          title="Choose Your Plan"
          description="Simple one-time credit packs in rupees. One credit runs one video comparison — no subscription needed."
        />
      </div>
      <PlansView />
      <PlanFaq />
    </Page>
  );
}
