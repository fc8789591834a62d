import { PlanFaq, PlansView } from "../../components/PlansView";
import { Page, PageHeader } from "../../components/Page";
import { usePageMeta } from "../../components/PageMeta";

/** Plans (/subscription, part 2 §2): 'Choose Your Plan' with a monthly/yearly toggle ('Save 20%') and an FAQ. */
export default function SubscriptionPage() {
  usePageMeta(
    "Choose Your Plan",
    "Pick the StepSync credit pack that fits how often you practise; save 20% with yearly plans.",
  );
  return (
    <Page title="Choose Your Plan">
      <div className="text-center [&>div]:items-center [&>div]:justify-center [&_p]:mx-auto">
        <PageHeader
          eyebrow="Plans"
          title="Choose Your Plan"
          description="Pick the pack that fits how often you practise. Every credit runs one comparison."
        />
      </div>
      <PlansView billingToggle />
      <PlanFaq />
    </Page>
  );
}
