import { PlanFaq, PlansView } from "../../components/PlansView";
import { Page, PageHeader } from "../../components/Page";
import { usePageMeta } from "../../components/PageMeta";

/**
 * Plans (/subscription): 'Choose Your Plan' and an FAQ. The spec's monthly/yearly toggle is
 * left out: only one-time packs can be bought, so only they are priced.
 */
export default function SubscriptionPage() {
  usePageMeta(
    "Choose Your Plan",
    "Pick the StepSync credit pack that fits how often you practise: one-time packs, credits never expire.",
  );
  return (
    <Page title="Choose Your Plan">
      <div className="text-center [&>div]:items-center [&>div]:justify-center [&_p]:mx-auto">
        <PageHeader
          eyebrow="Plans"
          title="Choose Your Plan"
          description="Pick the one-time pack that fits how often you practise. Every credit runs one comparison."
        />
      </div>
      <PlansView />
      <PlanFaq />
    </Page>
  );
}
