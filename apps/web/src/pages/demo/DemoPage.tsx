import { ArrowLeft, ArrowRight, Clock, PlayCircle } from "lucide-react";
import { useSearchParams } from "react-router";
import { Button, ButtonLink } from "../../components/Button";
import { Card, CardTitle } from "../../components/Card";
import { cx } from "../../components/cx";
import { Page, PageHeader } from "../../components/Page";
import { usePageMeta } from "../../components/PageMeta";
import { ScoreBars, ScoreRing } from "../../components/ScoreVisuals";
import { SkeletonCanvas } from "../../components/SkeletonCanvas";
import { scoreTextClass } from "../../lib/format";

interface Sample {
  id: string;
  title: string;
  style: string;
  score: number;
  lag: number;
  offset: number;
  flagged: string[];
  categories: Array<{ label: string; score: number }>;
  sections: Array<{ title: string; time: string; score: number; note: string }>;
  joints: Array<{ joint: string; diff: number; text: string }>;
  summary: string;
}

/** The three static samples (scores 85, 78, 92), drawn with our own skeleton: no footage. */
export const SAMPLES: ReadonlyArray<Sample> = [
  {
    id: "hip-hop",
    title: "Hip Hop Groove",
    style: "Hip Hop",
    score: 85,
    lag: 0.03,
    offset: 14,
    flagged: ["rw"],
    categories: [
      { label: "Rhythm", score: 88 },
      { label: "Groove", score: 86 },
      { label: "Arm movements", score: 79 },
      { label: "Footwork", score: 87 },
    ],
    sections: [
      { title: "Intro bounce", time: "0:00", score: 91, note: "Great timing on the bounce." },
      { title: "Step-touch", time: "0:08", score: 84, note: "Step a touch wider on the right." },
      { title: "Arm wave", time: "0:16", score: 79, note: "Right wrist lags the beat." },
    ],
    joints: [{ joint: "Right wrist", diff: 24, text: "right wrist: lift about 24°" }],
    summary: "Solid groove and timing. Tighten the right-arm wave to push past 90.",
  },
  {
    id: "ballet",
    title: "Ballet Port de Bras",
    style: "Ballet",
    score: 78,
    lag: 0.05,
    offset: 24,
    flagged: ["le", "lw"],
    categories: [
      { label: "Posture", score: 86 },
      { label: "Arm positions", score: 68 },
      { label: "Leg technique", score: 80 },
      { label: "Grace", score: 77 },
    ],
    sections: [
      { title: "Preparation", time: "0:00", score: 85, note: "Good alignment through the spine." },
      { title: "First port de bras", time: "0:10", score: 71, note: "Left arm drops below second position." },
      { title: "Révérence", time: "0:22", score: 79, note: "Slow down the finish." },
    ],
    joints: [
      { joint: "Left elbow", diff: 25, text: "left elbow: straighten about 25°" },
      { joint: "Left wrist", diff: 22, text: "left wrist: lift about 22°" },
    ],
    summary: "Lovely posture. Work on holding the left arm in position through the port de bras.",
  },
  {
    id: "contemporary",
    title: "Contemporary Flow",
    style: "Contemporary",
    score: 92,
    lag: 0.015,
    offset: 0,
    flagged: [],
    categories: [
      { label: "Flow", score: 94 },
      { label: "Expression", score: 91 },
      { label: "Balance", score: 93 },
      { label: "Floor work", score: 90 },
    ],
    sections: [
      { title: "Opening reach", time: "0:00", score: 95, note: "Beautiful extension." },
      { title: "Spiral", time: "0:09", score: 91, note: "Smooth transition." },
      { title: "Release", time: "0:18", score: 90, note: "Keep the breath through the release." },
    ],
    joints: [],
    summary: "Excellent — movement closely matches the reference throughout.",
  },
];

function SampleResult({ sample, onBack }: { sample: Sample; onBack: () => void }) {
  return (
    <div>
      <Button variant="ghost" size="sm" onClick={onBack} icon={<ArrowLeft className="size-4" aria-hidden />}>
        All samples
      </Button>
      <h2 className="mt-4 text-2xl font-bold text-white sm:text-3xl">{sample.title}</h2>
      <p className="mt-1 text-sm text-slate-400">Sample result · {sample.style}</p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1.3fr_1fr]">
        <SkeletonCanvas
          label={`Animated skeletons of the reference and the dancer for ${sample.title}`}
          lag={sample.lag}
          offset={sample.offset}
          flagged={sample.flagged}
        />
        <Card className="flex flex-col items-center gap-5 sm:flex-row lg:flex-col">
          <ScoreRing score={sample.score} />
          <div className="w-full space-y-3">
            <p className="text-sm text-slate-300">{sample.summary}</p>
            <ScoreBars items={sample.categories} />
          </div>
        </Card>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card>
          <CardTitle>Sections</CardTitle>
          <ul className="mt-4 space-y-3">
            {sample.sections.map((s) => (
              <li key={s.title} className="flex items-start justify-between gap-3 rounded-2xl bg-white/5 p-4">
                <div>
                  <p className="font-semibold text-white">{s.title}</p>
                  <p className="flex items-center gap-1 text-xs text-slate-400">
                    <Clock className="size-3.5" aria-hidden /> {s.time}
                  </p>
                  <p className="mt-1 text-sm text-slate-300">{s.note}</p>
                </div>
                <span className={cx("text-lg font-bold tabular-nums", scoreTextClass(s.score))}>{s.score}%</span>
              </li>
            ))}
          </ul>
        </Card>
        <Card>
          <CardTitle>Joint feedback</CardTitle>
          {sample.joints.length === 0 ? (
            <p className="mt-4 text-sm text-slate-300">No joints need attention — great work!</p>
          ) : (
            <ul className="mt-4 space-y-3">
              {sample.joints.map((j) => (
                <li key={j.joint} className="rounded-2xl border border-rose-400/25 bg-rose-500/10 p-4">
                  <p className="font-semibold text-rose-100">{j.joint}</p>
                  <p className="text-sm text-rose-100/85">{j.text}</p>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink to="/compare" icon={<ArrowRight className="size-4" aria-hidden />}>
          Compare your own video
        </ButtonLink>
        <Button variant="secondary" onClick={onBack}>
          Try another sample
        </Button>
      </div>
    </div>
  );
}

/** Video Comparison Demo: three samples, each opening a result view with an animated skeleton. */
export default function DemoPage() {
  usePageMeta(
    "Video Comparison Demo",
    "See what a StepSync comparison looks like: three sample results with scores, sections and joint feedback.",
  );
  const [params, setParams] = useSearchParams();
  const selected = SAMPLES.find((s) => s.id === params.get("sample"));
  return (
    <Page title="Video Comparison Demo">
      <PageHeader
        eyebrow="Demo"
        title="Video Comparison Demo"
        description="Open a sample to see the result view: overall score, category scores, sections and joint-level feedback."
      />
      {selected ? (
        <SampleResult sample={selected} onBack={() => setParams({})} />
      ) : (
        <ul className="grid gap-5 md:grid-cols-3">
          {SAMPLES.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                onClick={() => setParams({ sample: s.id })}
                className="glass group flex w-full flex-col items-start gap-4 p-6 text-left transition hover:-translate-y-0.5 hover:border-white/20 focus-visible:outline-2 focus-visible:outline-accent-400"
              >
                <span className="flex w-full items-center justify-between">
                  <span className="rounded-full bg-white/8 px-3 py-1 text-xs font-semibold text-slate-200">
                    {s.style}
                  </span>
                  <PlayCircle className="size-6 text-accent-300 transition group-hover:scale-110" aria-hidden />
                </span>
                <span className="text-lg font-semibold text-white">{s.title}</span>
                <span className={cx("text-4xl font-bold tabular-nums", scoreTextClass(s.score))}>{s.score}%</span>
                <span className="text-sm text-slate-400">View sample result</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
