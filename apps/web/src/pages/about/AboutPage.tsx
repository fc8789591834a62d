import { Heart, Sparkles, Target } from "lucide-react";
import { ButtonLink } from "../../components/Button";
import { Page, PageHeader } from "../../components/Page";
import { usePageMeta } from "../../components/PageMeta";

/** About: story, mission, one team member. */
export default function AboutPage() {
  usePageMeta(
    "About StepSync",
    "The story and mission behind StepSync, the AI movement coach for dancers and fitness lovers.",
  );
  return (
    <Page title="About StepSync">
      <PageHeader
        eyebrow="Company"
        title="About StepSync"
        description="We're dancers and engineers building the coach we wished we had between classes."
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="story-title" className="glass space-y-3 p-6 sm:p-8">
          <Sparkles className="size-7 text-accent-300" aria-hidden />
          <h2 id="story-title" className="text-2xl font-semibold text-white">
            Our story
          </h2>
          <p className="text-slate-300">
            StepSync started in a rehearsal studio. Practising alone between classes, we could never tell whether an arm
            was really at the right height or a step on the beat. Mirrors help, phone videos help more — but nobody
            tells you what exactly to fix.
          </p>
          <p className="text-slate-300">
            So we taught a computer to watch: pose tracking follows every joint, time alignment lines your attempt up
            with the reference move for move, and the feedback comes back in plain words.
          </p>
        </section>
        <section aria-labelledby="mission-title" className="glass space-y-3 p-6 sm:p-8">
          <Target className="size-7 text-accent-300" aria-hidden />
          <h2 id="mission-title" className="text-2xl font-semibold text-white">
            Our mission
          </h2>
          <p className="text-slate-300">
            Make expert movement feedback available to everyone, wherever they practise — from a first ballet class to a
            wedding sangeet to a competition routine — and give instructors a way to share their choreography with every
            student.
          </p>
        </section>
      </div>
      <section aria-labelledby="team-title" className="mt-12">
        <h2 id="team-title" className="mb-6 text-2xl font-semibold text-white">
          The team
        </h2>
        <div className="glass flex max-w-xl flex-col gap-5 p-6 sm:flex-row sm:items-center">
          <span
            aria-hidden
            className="flex size-20 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-accent-500 to-violet-500 text-2xl font-bold text-white"
          >
            AM
          </span>
          <div>
            <h3 className="text-lg font-semibold text-white">Aisha Menon</h3>
            <p className="text-sm text-accent-300">Founder · dancer and engineer</p>
            <p className="mt-2 text-sm text-slate-300">
              Trained in Bharatanatyam and contemporary, Aisha built StepSync's first pose-comparison prototype to
              practise for her own performances.
            </p>
          </div>
        </div>
      </section>
      <div className="mt-12 flex flex-wrap gap-3">
        <ButtonLink to="/features" icon={<Heart className="size-4" aria-hidden />}>
          See what it does
        </ButtonLink>
        <ButtonLink to="/contact" variant="secondary">
          Contact us
        </ButtonLink>
      </div>
    </Page>
  );
}
