import { SCORING_CATEGORIES } from "@stepsync/contracts";
import { Clock, Library, ListChecks, MessageSquareText, Repeat, RotateCcw, Sparkles, Target } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import type { ComparisonDetail, ComparisonSection } from "../../api/comparisons";
import { ButtonLink } from "../../components/Button";
import { Card, CardTitle } from "../../components/Card";
import { cx } from "../../components/cx";
import { ScoreBars, ScoreRing } from "../../components/ScoreVisuals";
import { SyncedPlayers, type SyncedPlayersHandle } from "../../components/SyncedPlayers";
import { COMPARE_TEXTS } from "../../constants/texts";
import { activityLabel, isActivityType, scoreBgClass } from "../../lib/format";
import {
  categoryLabel,
  currentSectionIndex,
  formatSeconds,
  jointLabel,
  SECTION_JUMP,
  sectionHeading,
  sectionJumpPlan,
  toggleLoop,
  visibleJointFeedback,
} from "./logic";

function categoryItems(detail: ComparisonDetail): Array<{ label: string; score: number }> {
  const cats = detail.results?.categories ?? {};
  const order = isActivityType(detail.activity_type) ? SCORING_CATEGORIES[detail.activity_type] : Object.keys(cats);
  const keys = [...order.filter((k) => k in cats), ...Object.keys(cats).filter((k) => !order.includes(k))];
  return keys.map((k) => ({ label: categoryLabel(k), score: Number(cats[k] ?? 0) }));
}

function SectionCard({
  section,
  index,
  current,
  highlighted,
  looping,
  onJump,
  onLoop,
}: {
  section: ComparisonSection;
  index: number;
  current: boolean;
  highlighted: boolean;
  looping: boolean;
  onJump: () => void;
  onLoop: () => void;
}) {
  const joints = visibleJointFeedback(section);
  const name = section.title || `section ${index + 1}`;
  return (
    <li
      className={cx(
        "rounded-2xl border p-4 transition duration-300",
        highlighted
          ? "border-accent-400 bg-accent-500/12 shadow-lg shadow-accent-600/20"
          : looping
            ? "border-fuchsia-400/60 bg-fuchsia-500/[0.07]"
            : current
              ? "border-accent-400/50 bg-white/[0.05]"
              : "border-white/10 bg-white/[0.02]",
      )}
      data-testid="section-card"
      data-highlighted={highlighted || undefined}
      data-looping={looping || undefined}
      aria-current={current ? "step" : undefined}
    >
      <button
        type="button"
        onClick={onJump}
        className="group flex w-full items-start justify-between gap-3 rounded-xl text-left"
        aria-label={`Jump to ${name} at ${formatSeconds(section.timestamp)}`}
      >
        <span className="min-w-0">
          <span className="flex items-center gap-2 text-sm font-semibold text-white">
            {sectionHeading(section.title, index)}
            {current ? (
              <span className="rounded-full bg-accent-500/20 px-2 py-0.5 text-[10px] font-semibold uppercase tracking-wider text-accent-200">
                Now
              </span>
            ) : null}
          </span>
          <span className="mt-1 inline-flex items-center gap-1 text-xs text-slate-400 group-hover:text-accent-300">
            <Clock className="size-3.5" aria-hidden />
            {formatSeconds(section.timestamp)} – {formatSeconds(section.timestamp + section.duration)} · Jump to section
          </span>
        </span>
        <span
          className={cx("shrink-0 rounded-full px-3 py-1 text-sm font-bold tabular-nums", scoreBgClass(section.score))}
        >
          {Math.round(section.score)}%
        </span>
      </button>
      <div className="mt-3 flex items-center gap-2">
        <button
          type="button"
          onClick={onLoop}
          aria-pressed={looping}
          aria-label={`Loop ${name}`}
          title={looping ? "Stop looping this section" : "Play this section over and over"}
          className={cx(
            "inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-xs font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400",
            looping
              ? "border-fuchsia-400/60 bg-fuchsia-500/20 text-fuchsia-100 shadow shadow-fuchsia-600/20"
              : "border-white/12 bg-white/8 text-slate-300 hover:bg-white/14 hover:text-white",
          )}
        >
          <Repeat className={cx("size-3.5", looping && "animate-pulse")} aria-hidden />
          {looping ? "Looping" : "Loop"}
        </button>
        {looping ? (
          <span className="text-xs text-slate-400">
            {formatSeconds(section.timestamp)} – {formatSeconds(section.timestamp + section.duration)} on repeat
          </span>
        ) : null}
      </div>
      {section.overall_feedback ? <p className="mt-3 text-sm text-slate-300">{section.overall_feedback}</p> : null}
      {joints.length ? (
        <ul className="mt-3 space-y-1.5">
          {joints.map((j) => (
            <li key={j.joint} className="flex gap-2 text-sm text-slate-300">
              <Target className="mt-0.5 size-4 shrink-0 text-rose-300" aria-hidden />
              <span>
                <span className="font-medium text-slate-100">{jointLabel(j.joint)}:</span> {j.feedback}{" "}
                <span className="text-xs text-slate-500">({Math.round(j.diff)}° off)</span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The finished comparison: score, synced players with skeletons, categories, feedback and sections. */
export function ComparisonResult({ detail, fromLibrary }: { detail: ComparisonDetail; fromLibrary: boolean }) {
  const results = detail.results;
  const sections = results?.sections ?? [];
  const players = useRef<SyncedPlayersHandle>(null);
  const [refTime, setRefTime] = useState(0);
  const [highlight, setHighlight] = useState<number | null>(null);
  const [looped, setLooped] = useState<number | null>(null);
  const loopSection = looped === null ? undefined : sections[looped];
  const loop = useMemo(
    () => (loopSection ? { start: loopSection.timestamp, end: loopSection.timestamp + loopSection.duration } : null),
    [loopSection],
  );
  const highlightTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(highlightTimer.current), []);
  const current = currentSectionIndex(sections, refTime);
  const referenceUrl = detail.aligned_videos?.reference_url ?? detail.reference_url ?? detail.reference_video_path;
  const userUrl = detail.aligned_videos?.user_url ?? detail.user_url ?? detail.user_video_path;
  const score = detail.overall_score ?? 0;
  const categories = categoryItems(detail);
  const problematic = results?.problematicJoints ?? [];
  const jointTexts = Object.entries(results?.jointSpecificFeedback ?? {});

  function jump(index: number) {
    const s = sections[index];
    if (!s) return;
    // Jumping is choosing a section: a running loop stops.
    setLooped(null);
    const plan = sectionJumpPlan(s.timestamp);
    players.current?.playSpan(plan.start, plan.stopAt);
    setHighlight(index);
    clearTimeout(highlightTimer.current);
    highlightTimer.current = setTimeout(() => setHighlight(null), SECTION_JUMP.highlightMs);
  }

  return (
    <div className="space-y-6" data-testid="comparison-result">
      <Card className="relative overflow-hidden">
        <div
          aria-hidden
          className="pointer-events-none absolute -right-24 -top-24 size-72 rounded-full bg-accent-500/15 blur-3xl"
        />
        <div className="relative flex flex-col items-center gap-6 sm:flex-row sm:items-center">
          <ScoreRing score={score} />
          <div className="min-w-0 flex-1 text-center sm:text-left">
            <p className="text-xs font-semibold uppercase tracking-[0.2em] text-accent-300">
              {activityLabel(detail.activity_type)} · Comparison #{detail.id}
            </p>
            <h2 className="mt-1 text-2xl font-bold tracking-tight text-white sm:text-3xl">
              {score >= 80 ? "Beautifully in step" : score >= 60 ? "Getting there" : "Keep practising"}
            </h2>
            {detail.reference_title ? (
              <p className="mt-1 text-sm text-slate-400">
                Against <span className="text-slate-200">{detail.reference_title}</span>
                {detail.contributor_name ? ` by ${detail.contributor_name}` : ""}
              </p>
            ) : null}
            {results?.overallFeedback ? (
              <p className="mt-3 max-w-2xl text-[15px] leading-relaxed text-slate-200">{results.overallFeedback}</p>
            ) : null}
          </div>
        </div>
      </Card>

      {referenceUrl && userUrl ? (
        <Card>
          <SyncedPlayers
            ref={players}
            referenceUrl={referenceUrl}
            userUrl={userUrl}
            timeMap={detail.alignment_info?.time_map ?? null}
            tracks={detail.tracks}
            problematicJoints={problematic}
            onTime={setRefTime}
            loop={loop}
          />
        </Card>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-5">
        <div className="space-y-6 lg:col-span-2">
          {categories.length ? (
            <Card>
              <CardTitle icon={<Sparkles className="size-4" aria-hidden />}>Category scores</CardTitle>
              <ScoreBars items={categories} />
            </Card>
          ) : null}
          {jointTexts.length ? (
            <Card>
              <CardTitle icon={<MessageSquareText className="size-4" aria-hidden />}>What to work on</CardTitle>
              <ul className="space-y-3">
                {jointTexts.map(([joint, text]) => (
                  <li key={joint} className="flex gap-3 text-sm">
                    <span className="mt-1.5 size-2 shrink-0 rounded-full bg-rose-400" aria-hidden />
                    <span className="text-slate-300">
                      <span className="font-semibold text-white">{jointLabel(joint)}</span> — {text}
                    </span>
                  </li>
                ))}
              </ul>
            </Card>
          ) : null}
        </div>
        <Card className="lg:col-span-3">
          <CardTitle
            icon={<ListChecks className="size-4" aria-hidden />}
            aside={<span className="text-xs text-slate-400">Tap a section to replay it, or loop it to practise</span>}
          >
            Section feedback
          </CardTitle>
          {sections.length ? (
            <ol className="space-y-3">
              {sections.map((s, i) => (
                <SectionCard
                  key={`${s.timestamp}-${s.title}`}
                  section={s}
                  index={i}
                  current={i === current}
                  highlighted={i === highlight}
                  looping={i === looped}
                  onJump={() => jump(i)}
                  onLoop={() => setLooped((l) => toggleLoop(l, i))}
                />
              ))}
            </ol>
          ) : (
            <p className="text-sm text-slate-400">No sections in this comparison.</p>
          )}
        </Card>
      </div>

      <div className="flex flex-wrap justify-center gap-3">
        <a
          href="/compare"
          className={cx(
            "inline-flex h-11 items-center gap-2 rounded-full bg-gradient-to-r from-accent-500 to-fuchsia-500 px-5 text-sm font-semibold text-white shadow-lg shadow-accent-600/25 hover:brightness-110",
          )}
        >
          <RotateCcw className="size-4" aria-hidden /> {COMPARE_TEXTS.compareAnother}
        </a>
        <ButtonLink to="/comparison-history" variant="secondary">
          View History
        </ButtonLink>
        <ButtonLink to="/library" variant="secondary" icon={<Library className="size-4" aria-hidden />}>
          {fromLibrary || detail.reference_video_id ? COMPARE_TEXTS.backToLibrary : COMPARE_TEXTS.browseLibrary}
        </ButtonLink>
      </div>
    </div>
  );
}
