import { ChartLine, Crosshair, GitCompareArrows, Library, ListChecks, ScanFace } from "lucide-react";
import type { ReactNode } from "react";

/** The six features of the home and features pages. */
export const FEATURES: ReadonlyArray<{ title: string; text: string; icon: ReactNode }> = [
  {
    title: "Movement Analysis",
    text: "Pose tracking follows every joint of your routine, frame by frame.",
    icon: <ScanFace className="size-6" aria-hidden />,
  },
  {
    title: "Expert Comparison",
    text: "Line your performance up against an instructor's reference, move for move.",
    icon: <GitCompareArrows className="size-6" aria-hidden />,
  },
  {
    title: "Progress Tracking",
    text: "Scores per section and per style, charted over weeks and months.",
    icon: <ChartLine className="size-6" aria-hidden />,
  },
  {
    title: "Activity Library",
    text: "Reference routines across ballet, hip hop, contemporary, latin and more.",
    icon: <Library className="size-6" aria-hidden />,
  },
  {
    title: "Detailed Feedback",
    text: "Plain-words notes like “left elbow: straighten about 25°”.",
    icon: <ListChecks className="size-6" aria-hidden />,
  },
  {
    title: "Targeted Practice",
    text: "Jump straight to the sections that need work and drill them.",
    icon: <Crosshair className="size-6" aria-hidden />,
  },
];

export function FeatureGrid({ headingLevel = "h3" }: { headingLevel?: "h2" | "h3" }) {
  const Heading = headingLevel;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {FEATURES.map((f) => (
        <li key={f.title} className="glass group p-6 transition hover:-translate-y-0.5 hover:border-white/20">
          <span className="mb-4 flex size-12 items-center justify-center rounded-2xl bg-gradient-to-br from-accent-500/20 to-violet-500/20 text-accent-200 ring-1 ring-white/10">
            {f.icon}
          </span>
          <Heading className="text-lg font-semibold text-white">{f.title}</Heading>
          <p className="mt-1.5 text-sm leading-relaxed text-slate-400">{f.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** A numbered list of steps (how-it-works blocks). */
export function StepList({ steps }: { steps: ReadonlyArray<{ title: string; text?: string }> }) {
  return (
    <ol className="space-y-3">
      {steps.map((step, i) => (
        <li key={step.title} className="flex items-start gap-4 rounded-2xl bg-white/5 p-4">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-700 text-sm font-bold text-white">
            {i + 1}
          </span>
          <span>
            <span className="block text-sm font-semibold text-slate-100">{step.title}</span>
            {step.text ? <span className="mt-0.5 block text-sm text-slate-400">{step.text}</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}
