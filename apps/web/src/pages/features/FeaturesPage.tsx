import { ArrowRight } from "lucide-react";
import { ButtonLink } from "../../components/Button";
import { FeatureGrid, StepList } from "../../components/marketing";
import { Page, PageHeader } from "../../components/Page";
import { usePageMeta } from "../../components/PageMeta";
import { useAuth } from "../../auth/context";

/** Features: the six features and a three-step How It Works. */
export default function FeaturesPage() {
  usePageMeta(
    "Features",
    "Movement analysis, expert comparison, progress tracking, an activity library, detailed feedback and targeted practice.",
  );
  const { status } = useAuth();
  return (
    <Page title="Features">
      <PageHeader
        eyebrow="Features"
        title="Everything you need to dance it right"
        description="StepSync watches your video the way a coach would: joint by joint, move by move, and tells you what to fix."
      />
      <FeatureGrid headingLevel="h2" />
      <section aria-labelledby="how-title" className="mt-16 grid gap-8 lg:grid-cols-[1fr_1.2fr] lg:items-center">
        <div className="space-y-3">
          <h2 id="how-title" className="text-3xl font-bold tracking-tight text-white">
            How It Works
          </h2>
          <p className="text-slate-300">Three steps from your living room to a score you can act on.</p>
          <ButtonLink
            to={status === "authenticated" ? "/compare" : "/signup"}
            icon={<ArrowRight className="size-4" aria-hidden />}
          >
            {status === "authenticated" ? "Start a comparison" : "Try it free"}
          </ButtonLink>
        </div>
        <StepList
          steps={[
            { title: "Choose a reference", text: "Pick a routine from the library or upload your instructor's video." },
            { title: "Record or upload yourself", text: "Film your attempt with your phone or webcam." },
            {
              title: "Get your scores and feedback",
              text: "See an overall score, section scores and joint-level notes, side by side with the reference.",
            },
          ]}
        />
      </section>
    </Page>
  );
}
