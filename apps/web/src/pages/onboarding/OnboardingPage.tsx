import { ArrowLeft, ArrowRight, ChartLine, ScanFace, Upload, Users } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button, ButtonLink } from "../../components/Button";
import { cx } from "../../components/cx";
import { Page, PageHeader } from "../../components/Page";
import { usePageMeta } from "../../components/PageMeta";

const STEPS: ReadonlyArray<{ title: string; text: string; icon: ReactNode; points: string[] }> = [
  {
    title: "Upload Your Videos",
    text: "Pick a reference routine from the library (or your instructor's video) and record or upload your attempt.",
    icon: <Upload className="size-8" aria-hidden />,
    points: ["Record with your webcam or phone", "Any common video format", "Full body in frame works best"],
  },
  {
    title: "Get AI Analysis",
    text: "StepSync tracks your pose, lines your video up with the reference move for move, and scores each section.",
    icon: <ScanFace className="size-8" aria-hidden />,
    points: ["Overall and section scores", "Joint-level feedback in plain words", "Side-by-side synced playback"],
  },
  {
    title: "Track Your Progress",
    text: "Every comparison lands on your dashboard, so you can see your scores climb style by style.",
    icon: <ChartLine className="size-8" aria-hidden />,
    points: ["Progress charts by style", "Streaks and achievements", "Full comparison history"],
  },
  {
    title: "Join the Community",
    text: "Follow instructors, like and comment on routines, and climb the leaderboard with friends.",
    icon: <Users className="size-8" aria-hidden />,
    points: ["Follow your favourite instructors", "Share reference videos", "Leaderboards"],
  },
];

/** Onboarding 'Get Started': four steps with Previous and Next; the last step leads to /dashboard. */
export default function OnboardingPage() {
  usePageMeta(
    "Get Started",
    "Get started with StepSync in four steps: upload, analyse, track your progress and join the community.",
  );
  const [index, setIndex] = useState(0);
  const step = STEPS[index]!;
  const last = index === STEPS.length - 1;
  return (
    <Page title="Get Started" width="narrow">
      <PageHeader eyebrow="Get Started" title="Welcome to StepSync" description="Four steps to your first score." />
      <ol className="mb-6 grid grid-cols-4 gap-2" aria-label="Steps">
        {STEPS.map((s, i) => (
          <li key={s.title}>
            <button
              type="button"
              onClick={() => setIndex(i)}
              aria-current={i === index ? "step" : undefined}
              aria-label={`Step ${i + 1}: ${s.title}`}
              className={cx(
                "h-2 w-full rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent-400",
                i <= index ? "bg-accent-400" : "bg-white/12",
              )}
            />
          </li>
        ))}
      </ol>
      <section className="glass p-6 sm:p-10" aria-live="polite" aria-labelledby="step-title">
        <p className="text-sm font-semibold text-accent-300">
          Step {index + 1} of {STEPS.length}
        </p>
        <span className="my-5 flex size-16 items-center justify-center rounded-3xl bg-accent-500/15 text-accent-300">
          {step.icon}
        </span>
        <h2 id="step-title" className="text-2xl font-bold text-white sm:text-3xl">
          {step.title}
        </h2>
        <p className="mt-3 text-slate-300">{step.text}</p>
        <ul className="mt-6 space-y-2">
          {step.points.map((p) => (
            <li key={p} className="flex items-center gap-2 text-sm text-slate-300">
              <span className="size-1.5 rounded-full bg-accent-400" aria-hidden /> {p}
            </li>
          ))}
        </ul>
      </section>
      <div className="mt-6 flex items-center justify-between gap-3">
        <Button
          variant="secondary"
          onClick={() => setIndex((i) => Math.max(0, i - 1))}
          disabled={index === 0}
          icon={<ArrowLeft className="size-4" aria-hidden />}
        >
          Previous
        </Button>
        {last ? (
          <ButtonLink to="/dashboard" icon={<ArrowRight className="size-4" aria-hidden />}>
            Go to Dashboard
          </ButtonLink>
        ) : (
          <Button onClick={() => setIndex((i) => i + 1)} icon={<ArrowRight className="size-4" aria-hidden />}>
            Next
          </Button>
        )}
      </div>
    </Page>
  );
}
