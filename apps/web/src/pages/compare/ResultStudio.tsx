import { type ComparisonDetail, type MoveResult, SCORING_CATEGORIES } from "@stepsync/contracts";
import { CircleHelp, Footprints, Info, ListChecks, MessageSquareText, Sparkles, UserCheck } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Card, CardTitle } from "../../components/Card";
import { cx } from "../../components/cx";
import { ScoreBars, ScoreRing } from "../../components/ScoreVisuals";
import { SyncedPlayers, type SyncedPlayersHandle } from "../../components/synced-players/SyncedPlayers";
import { activityLabel, isActivityType, titleWords } from "../../lib/format";
import { categoryHow } from "./categories";
import { Judgments } from "./Judgments";
import {
  currentSectionIndex,
  jointFeedbackList,
  SECTION_JUMP,
  sectionHeading,
  sectionJumpPlan,
  toggleLoop,
} from "./sections";
import { MoveTimeline } from "./MoveTimeline";
import {
  DANCER_CALL,
  dancedText,
  moveAt,
  moveReplayPlan,
  notDancedSpans,
  OWN_PACE_NOTE,
  type ResultView,
  resultView,
  sectionMoves,
  sectionOfMove,
  UNSURE_NOTICE,
} from "./moves";
import { moveName } from "../../lib/verdicts";
import { notCounted } from "../../constants/result-marks";
import { type LiveFigures, LiveEstimateNote } from "./LiveEstimateNote";
import { focusedLoopKey, loopKey, loopKeyAt, practiceLoop } from "./practice-loop";
import { PartHeader, type PartToPractise, PractisePartFlow, practiseSpan, referenceEndOf } from "./PractisePart";
import { RoutineProgress } from "./RoutineProgress";
import type { AnalysisSource } from "../../api/reference-analysis";
import { DrillHost } from "../../components/drill/DrillHost";
import { JointTag, NotDancedCard, SectionCard } from "./SectionCard";
import { RefusedResult } from "./RefusedResult";
import { ResultLinks } from "./ResultLinks";

function categoryItems(detail: ComparisonDetail): Array<{ label: string; score: number; help: string | null }> {
  const cats = detail.results?.categories ?? {};
  const order = isActivityType(detail.activity_type) ? SCORING_CATEGORIES[detail.activity_type] : Object.keys(cats);
  const keys = [...order.filter((k) => k in cats), ...Object.keys(cats).filter((k) => !order.includes(k))];
  return keys.map((k) => ({ label: titleWords(k), score: Number(cats[k] ?? 0), help: categoryHow(k) }));
}

/**
 * The finished comparison. Found not to be the reference's routine, it judged nothing: it shows as a
 * refusal (RefusedResult); otherwise the scored result.
 */
export function ResultStudio({
  detail,
  fromLibrary,
  live = null,
  quick = false,
}: {
  detail: ComparisonDetail;
  fromLibrary: boolean;
  /** The take's live scoring, while this page still holds it (just danced here). */
  live?: LiveFigures | null;
  /** A quick result shown while the video is analysed: nothing that needs the kept result (progress, practising a part). */
  quick?: boolean;
}) {
  const view = resultView(detail);
  return view.sameRoutine ? (
    <ScoredResult detail={detail} fromLibrary={fromLibrary} view={view} live={live} quick={quick} />
  ) : (
    <RefusedResult detail={detail} view={view} fromLibrary={fromLibrary} />
  );
}

/** A scored result: score, synced players with skeletons, categories, feedback and sections. */
function ScoredResult({
  detail,
  fromLibrary,
  view,
  live,
  quick,
}: {
  detail: ComparisonDetail;
  fromLibrary: boolean;
  view: ResultView;
  live: LiveFigures | null;
  quick: boolean;
}) {
  const results = detail.results;
  const sections = results?.sections ?? [];
  const players = useRef<SyncedPlayersHandle>(null);
  const playersBox = useRef<HTMLDivElement>(null);
  const [refTime, setRefTime] = useState(0);
  // The section a jump went to, and the move when it was a move's jump (both lit for 5 s).
  const [highlight, setHighlight] = useState<{ section: number; move: number | null } | null>(null);
  // What is looping, as a key ("move:3", "section:1"), and the span and name it stands for.
  const [looped, setLooped] = useState<string | null>(null);
  const moves = results?.moves ?? null;
  const loop = useMemo(() => practiceLoop(looped, moves ?? [], sections), [looped, moves, sections]);
  const toggle = (key: string) => setLooped((l) => toggleLoop(l, key));
  /** A Loop button in the list: the loop starts (or stops) and, starting, shows the players. */
  const toggleFromList = (key: string) => {
    if (looped !== key) revealPlayers();
    toggle(key);
  };
  const highlightTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(highlightTimer.current), []);
  const current = currentSectionIndex(sections, refTime);
  const referenceUrl = detail.aligned_videos?.reference_url ?? detail.reference_url ?? detail.reference_video_path;
  const userUrl = detail.aligned_videos?.user_url ?? detail.user_url ?? detail.user_video_path;
  const score = detail.overall_score ?? 0;
  const categories = categoryItems(detail);
  // Only part of the routine danced: the rest is marked as not in the user's video.
  const notDanced = notDancedSpans(view.danced, detail.part);
  const problematic = results?.problematicJoints ?? [];
  const jointTexts = jointFeedbackList(results);
  const timeMap = detail.alignment_info?.time_map ?? null;

  /** A replay or loop chosen in the list below plays where it can be seen: the players scroll into view when mostly off screen. */
  function revealPlayers() {
    const box = playersBox.current;
    if (!box || typeof box.scrollIntoView !== "function") return;
    const r = box.getBoundingClientRect();
    const seen = Math.min(r.bottom, window.innerHeight) - Math.max(r.top, 0);
    if (seen >= Math.min(r.height, window.innerHeight) / 2) return;
    const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    box.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
  }

  /** Plays a span of the reference (a section jump, a move's replay); the user player follows through the sync. */
  function jumpTo(plan: { start: number; stopAt: number }, section: number, move: number | null) {
    // Jumping is choosing a section: a running loop stops.
    setLooped(null);
    players.current?.playSpan(plan.start, plan.stopAt);
    setHighlight({ section, move });
    clearTimeout(highlightTimer.current);
    highlightTimer.current = setTimeout(() => setHighlight(null), SECTION_JUMP.highlightMs);
  }
  const jump = (index: number) => {
    const s = sections[index];
    if (s) jumpTo(sectionJumpPlan(s.timestamp), index, null);
    revealPlayers();
  };
  const jumpToMove = (move: MoveResult) =>
    jumpTo(moveReplayPlan(move), sectionOfMove(sections, move.index), move.index);
  const loopingMove = loopKey.moveIndex(looped);
  const currentMove = moveAt(view.moves, refTime)?.index ?? null;

  // "Practise this part": record one move or section again, against that part of the reference.
  const [practising, setPractising] = useState<PartToPractise | null>(null);
  const drillReference: AnalysisSource = useMemo(
    () => (detail.reference_video_id !== null ? { videoId: detail.reference_video_id } : { comparisonId: detail.id }),
    [detail.reference_video_id, detail.id],
  );
  const practise = (start: number, end: number, label: string) => {
    setLooped(null);
    // The result's players fall silent while the dancer records to the reference's music.
    for (const video of playersBox.current?.querySelectorAll("video") ?? []) video.pause();
    setPractising({ ...practiseSpan(start, end, referenceEndOf(detail)), label });
  };
  const canPractise = Boolean(detail.reference_url) && !quick;
  const practiseMove = canPractise ? (m: MoveResult) => practise(m.start_s, m.end_s, moveName(m)) : undefined;

  return (
    <div className="space-y-6" data-testid="comparison-result">
      {detail.part ? <PartHeader part={detail.part} /> : null}
      <Card className="relative overflow-hidden">
        <div
          aria-hidden
          className="pointer-events-none absolute -right-24 -top-24 size-72 rounded-full bg-accent-500/15 blur-3xl"
        />
        <div className="relative flex flex-col items-center gap-6 sm:flex-row sm:items-center">
          <div className="flex shrink-0 flex-col items-center gap-3">
            <ScoreRing score={score} />
            {view.judgments ? (
              <Judgments
                shape={view.judgments.shape}
                timing={view.judgments.timing}
                timingNote={view.ownPace ? OWN_PACE_NOTE : null}
              />
            ) : null}
          </div>
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
            {view.danced ? (
              <p
                className="mt-2 inline-flex items-start gap-1.5 rounded-2xl bg-white/[0.05] px-3 py-1.5 text-left text-sm text-slate-200 ring-1 ring-inset ring-white/10"
                data-testid="danced-part"
              >
                <Footprints className="mt-0.5 size-4 shrink-0 text-accent-300" aria-hidden />
                <span className="min-w-0">{dancedText(view.danced, detail.part)}</span>
              </p>
            ) : null}
            <LiveEstimateNote use={detail.take_track} stage="result" live={live} className="mt-2" />
            {notCounted(detail.counted) ? (
              <p className="mt-2 text-sm text-slate-400" data-testid="not-counted">
                {notCounted(detail.counted)?.note}
              </p>
            ) : null}
            {view.summary ? (
              <p className="mt-2 text-sm font-medium text-slate-300" data-testid="verdict-summary">
                {view.summary}
              </p>
            ) : null}
            {view.dancerCall ? (
              // Scored on the dancer's word: the engine's text below says how to read it.
              <div
                className="mt-3 flex flex-wrap items-center justify-center gap-x-2 gap-y-1 sm:justify-start"
                data-testid="dancer-call"
              >
                <h3 className="inline-flex items-center gap-1.5 text-sm font-semibold text-violet-100">
                  <UserCheck className="size-4 shrink-0 text-violet-300" aria-hidden />
                  {DANCER_CALL.heading}
                </h3>
                <span className="rounded-full bg-violet-400/10 px-2.5 py-0.5 text-xs font-medium text-violet-200 ring-1 ring-inset ring-violet-300/30">
                  {DANCER_CALL.badge}
                </span>
              </div>
            ) : view.sameness === "unsure" ? (
              // The engine's text below says why; the notice only names it.
              <div
                className="mt-3 flex flex-wrap items-center justify-center gap-x-2 gap-y-1 sm:justify-start"
                data-testid="unsure-routine"
              >
                <h3 className="inline-flex items-center gap-1.5 text-sm font-semibold text-sky-100">
                  <CircleHelp className="size-4 shrink-0 text-sky-300" aria-hidden />
                  {UNSURE_NOTICE.heading}
                </h3>
                <span className="rounded-full bg-sky-400/10 px-2.5 py-0.5 text-xs font-medium text-sky-200 ring-1 ring-inset ring-sky-300/30">
                  {UNSURE_NOTICE.badge}
                </span>
              </div>
            ) : null}
            {results?.overallFeedback ? (
              <p
                className={cx(
                  "max-w-2xl text-[15px] leading-relaxed text-slate-200",
                  view.sameness === "unsure" ? "mt-1.5" : "mt-3",
                )}
              >
                <span className="font-semibold text-white">{results.overview.headline}</span> {results.overview.details}
              </p>
            ) : null}
          </div>
        </div>
      </Card>

      {quick ? null : <RoutineProgress comparisonId={detail.id} referenceVideoId={detail.reference_video_id} />}

      {referenceUrl && userUrl ? (
        // Less padding on a phone: the videos get the width.
        <div ref={playersBox} className="glass scroll-mt-20 p-3 sm:p-6">
          <SyncedPlayers
            ref={players}
            referenceUrl={referenceUrl}
            userUrl={userUrl}
            timeMap={timeMap}
            tracks={detail.tracks}
            problematicJoints={problematic}
            limbScores={results?.limb_scores ?? null}
            ghost={
              detail.tracks && detail.alignment_info
                ? {
                    track: detail.tracks.reference,
                    timeMap: detail.alignment_info.time_map,
                    mirrored: detail.alignment_info.mirrored,
                  }
                : null
            }
            onTime={setRefTime}
            loop={loop}
            onStopLoop={() => setLooped(null)}
            onLoopHere={(t, focused) => {
              const key = focusedLoopKey(focused) ?? loopKeyAt(view.moves, sections, t);
              if (key) toggle(key);
            }}
            startAt={detail.part?.start_s}
            mirroredAtStart={detail.alignment_info?.mirrored === true}
            renderTimeline={(length) => (
              <MoveTimeline
                moves={view.moves}
                length={length}
                currentMove={currentMove}
                jumpedMove={highlight?.move ?? null}
                loopingMove={loopingMove}
                onJump={jumpToMove}
                notDanced={notDanced}
              />
            )}
          />
        </div>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-5">
        <div className="space-y-6 lg:col-span-2">
          {categories.length ? (
            <Card>
              <CardTitle icon={<Sparkles className="size-4" aria-hidden />}>Category scores</CardTitle>
              <ScoreBars items={categories} />
              <p className="mt-4 text-xs leading-relaxed text-slate-400">
                Each category is worked out from your body's positions and movement against the teacher's; the{" "}
                <Info className="inline size-3.5 align-[-2px]" aria-label="info" /> beside it says how.
              </p>
            </Card>
          ) : null}
          {jointTexts.length ? (
            <Card>
              <CardTitle icon={<MessageSquareText className="size-4" aria-hidden />}>What to work on</CardTitle>
              <ul className="space-y-3">
                {jointTexts.map(({ joint, feedback }) => (
                  <li key={joint} className="flex gap-3 text-sm">
                    <span className="mt-1.5 size-2 shrink-0 rounded-full bg-rose-400" aria-hidden />
                    <span className="min-w-0 text-slate-300">
                      {feedback}
                      <JointTag joint={joint} sentence={feedback} />
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
            aside={
              <span className="text-xs text-slate-400">
                {view.moves.length
                  ? "Tap a section or a move to replay it, or loop one to practise"
                  : "Tap a section to replay it, or loop it to practise"}
              </span>
            }
          >
            Section feedback
          </CardTitle>
          {sections.length ? (
            <ol className="space-y-3">
              {notDanced
                .filter((g) => g.where === "before")
                .map((g) => (
                  <NotDancedCard key="before" span={g} />
                ))}
              {sections.map((s, i) => (
                <SectionCard
                  key={`${s.timestamp}-${s.title}`}
                  section={s}
                  index={i}
                  moves={sectionMoves(s, view.moves)}
                  current={i === current}
                  highlighted={i === highlight?.section}
                  jumpedMove={i === highlight?.section ? highlight.move : null}
                  looping={looped === loopKey.section(i)}
                  loopingMove={loopingMove}
                  onJump={() => jump(i)}
                  onJumpToMove={(m) => {
                    jumpToMove(m);
                    revealPlayers();
                  }}
                  onLoop={() => toggleFromList(loopKey.section(i))}
                  onLoopMove={(m) => toggleFromList(loopKey.move(m))}
                  onPractise={
                    canPractise
                      ? () => practise(s.timestamp, s.timestamp + s.duration, sectionHeading(s, i))
                      : undefined
                  }
                  onPractiseMove={practiseMove}
                />
              ))}
              {notDanced
                .filter((g) => g.where === "after")
                .map((g) => (
                  <NotDancedCard key="after" span={g} />
                ))}
            </ol>
          ) : (
            <p className="text-sm text-slate-400">No sections in this comparison.</p>
          )}
        </Card>
      </div>

      <PractisePartFlow detail={detail} part={practising} onClose={() => setPractising(null)} />
      <DrillHost reference={drillReference} referenceUrl={detail.reference_url} />

      <ResultLinks detail={detail} fromLibrary={fromLibrary} />
    </div>
  );
}
