import { DRILL, type Verdict } from "@stepsync/contracts";
import { Crown, Footprints, Gauge, Play, Square, TriangleAlert } from "lucide-react";
import { moveName, VERDICT_LOOK } from "../../lib/verdicts";
import { Button } from "../Button";
import { cx } from "../cx";
import { Dialog } from "../Dialog";
import { LivePoseNote } from "../dance-along/LivePoseNote";
import { ReferenceTile } from "../dance-along/ReferenceTile";
import { type DrillMove, type DrillSpeed, GREAT_OR_BETTER, speedName, speedRate, streakText } from "./drill-plan";
import { type DrillFlow, useDrill } from "./useDrill";
import type { AnalysisSource } from "../../api/reference-analysis";
import { CameraPreview, CameraStartingOverlay, CountInOverlay } from "../recording/StageOverlays";

/** The dialog's words, in one place. */
export const DRILL_TEXTS = {
  title: (move: DrillMove) => `Drill ${moveName(move)}`,
  description: `Dance it until it scores Great ${DRILL.streak} times in a row at half speed, then at full speed. Nothing is recorded or uploaded, and it costs no credits.`,
  intro: (move: DrillMove) =>
    `Press Start: after a 3-2-1 count-in, ${moveName(move)} plays over and over from a second before it, each time judged as you dance.`,
  faster: `${DRILL.streak} Great in a row at half speed: now at full speed.`,
  mastered: (move: DrillMove) =>
    `Mastered: ${moveName(move)} scored Great ${DRILL.streak} times in a row at full speed.`,
  notSeen: "That pass wasn't judged: step back so your whole body is in the frame.",
  again: "Again: keep going.",
  passes: "Passes",
} as const;

/**
 * "Drill this move": the reference loops just the move (with a lead-in) beside the camera and its
 * live skeleton; each pass gets its verdict, the streak and the speed show, and the dialog says
 * when the speed goes up and when the move is mastered. Stop and close any time.
 */
export function DrillDialog({
  open,
  onClose,
  reference,
  referenceUrl,
  move,
}: {
  open: boolean;
  onClose: () => void;
  /** Whose analysis the passes are judged against: a library video's (the drill is kept in its progress) or a comparison's reference. */
  reference: AnalysisSource;
  referenceUrl: string;
  move: DrillMove;
}) {
  const flow = useDrill({ open, reference, move });
  const { phase, start, stop } = flow;
  const running = phase === "counting" || phase === "pass" || phase === "judging";
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={DRILL_TEXTS.title(move)}
      description={DRILL_TEXTS.description}
      icon={<Footprints className="size-5" aria-hidden />}
      className="sm:max-w-5xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Done
          </Button>
          {running ? (
            <Button variant="secondary" onClick={stop} icon={<Square className="size-4" aria-hidden />}>
              Stop
            </Button>
          ) : phase === "mastered" || phase === "error" ? null : (
            <Button
              onClick={start}
              disabled={phase !== "ready"}
              loading={phase === "initializing"}
              icon={<Play className="size-4" aria-hidden />}
            >
              {flow.drill.passes.length ? "Start again" : "Start"}
            </Button>
          )}
        </>
      }
    >
      <DrillStatus flow={flow} move={move} />
      <DrillStage flow={flow} referenceUrl={referenceUrl} />
      <PassList passes={flow.drill.passes} />
      <LivePoseNote status={flow.poseStatus} />
    </Dialog>
  );
}

/** Speed, streak and what just happened: one line each, read out as they change. */
function DrillStatus({ flow, move }: { flow: DrillFlow; move: DrillMove }) {
  const { drill, step, phase, lastVerdict } = flow;
  const message =
    phase === "mastered"
      ? DRILL_TEXTS.mastered(move)
      : step === "faster"
        ? DRILL_TEXTS.faster
        : lastVerdict && lastVerdict.verdict === null
          ? DRILL_TEXTS.notSeen
          : !drill.passes.length && phase !== "error"
            ? DRILL_TEXTS.intro(move)
            : null;
  return (
    <div className="mb-3 space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <span
          className={cx(
            "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset",
            drill.speed === 1
              ? "bg-fuchsia-500/15 text-fuchsia-100 ring-fuchsia-300/40"
              : "bg-sky-400/15 text-sky-100 ring-sky-300/35",
          )}
          data-testid="drill-speed"
          data-speed={drill.speed}
        >
          <Gauge className="size-4" aria-hidden />
          {speedName(drill.speed)} <span className="tabular-nums text-xs opacity-80">{speedRate(drill.speed)}</span>
        </span>
        {phase === "mastered" ? (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-400/15 px-3 py-1 text-sm font-semibold text-emerald-100 ring-1 ring-inset ring-emerald-300/40">
            <Crown className="size-4" aria-hidden />
            Mastered
          </span>
        ) : (
          <Streak streak={drill.streak} />
        )}
      </div>
      {message ? (
        <p
          aria-live="polite"
          data-testid="drill-message"
          data-step={phase === "mastered" ? "mastered" : (step ?? undefined)}
          className={cx(
            "text-sm",
            phase === "mastered" || step === "faster" ? "font-semibold text-emerald-200" : "text-slate-300",
          )}
        >
          {message}
        </p>
      ) : null}
      {phase === "error" && flow.error ? (
        <p role="alert" className="flex items-center gap-2 text-sm text-rose-200">
          <TriangleAlert className="size-4 shrink-0" aria-hidden />
          {flow.error}
        </p>
      ) : null}
    </div>
  );
}

function Streak({ streak }: { streak: number }) {
  return (
    <span
      className="inline-flex items-center gap-2 rounded-full bg-white/6 px-3 py-1 text-sm text-slate-200"
      data-testid="drill-streak"
      data-streak={streak}
    >
      <span className="flex gap-1" aria-hidden>
        {Array.from({ length: DRILL.streak }, (_, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions of the streak
            key={i}
            className={cx("size-2.5 rounded-full", i < streak ? "bg-lime-400" : "bg-white/15")}
          />
        ))}
      </span>
      <span aria-live="polite">{streakText(streak)}</span>
    </span>
  );
}

/** The camera beside the looping reference (on a phone: the reference full width, the camera over it). */
function DrillStage({ flow, referenceUrl }: { flow: DrillFlow; referenceUrl: string }) {
  const { phase, count, lastVerdict, videoRef, skeletonRef, referenceRef } = flow;
  const verdict = lastVerdict?.verdict ?? null;
  return (
    <div className="relative sm:grid sm:grid-cols-2 sm:gap-3" data-testid="drill-stage">
      <ReferenceTile
        src={referenceUrl}
        videoRef={referenceRef}
        mirrored
        className="h-[min(40vh,28rem)] sm:h-[min(52vh,30rem)]"
      />
      <div className="absolute bottom-3 right-3 z-10 aspect-[3/4] w-[34%] overflow-hidden rounded-2xl border border-white/10 bg-black shadow-xl shadow-black/60 sm:static sm:aspect-auto sm:h-[min(52vh,30rem)] sm:w-auto sm:shadow-none">
        <CameraPreview
          videoRef={videoRef}
          skeletonRef={skeletonRef}
          poseStatus={flow.poseStatus}
          videoClassName="object-cover sm:object-contain"
        />
      </div>
      {lastVerdict && verdict ? (
        <output
          key={lastVerdict.n}
          aria-live="polite"
          aria-label={`Pass ${lastVerdict.n}: ${VERDICT_LOOK[verdict].label}`}
          className={cx(
            "pointer-events-none absolute left-3 top-12 z-20 animate-fade-up rounded-2xl px-3 py-1.5 text-2xl font-black uppercase tracking-wide shadow-lg shadow-black/40 ring-1 backdrop-blur sm:text-3xl",
            VERDICT_LOOK[verdict].chip,
            "bg-night-950/75",
          )}
          data-testid="drill-verdict"
          data-verdict={verdict}
        >
          {VERDICT_LOOK[verdict].label}
          <span className="block text-[0.7rem] font-semibold normal-case tracking-normal text-slate-200">
            Pass {lastVerdict.n}
          </span>
        </output>
      ) : null}
      {phase === "counting" ? <CountInOverlay count={count} label={`The move starts in ${count}`} /> : null}
      {phase === "initializing" ? <CameraStartingOverlay /> : null}
    </div>
  );
}

/** Every pass so far, its verdict at its speed: a Great-or-better one marked as counting for the streak. */
function PassList({ passes }: { passes: ReadonlyArray<{ speed: DrillSpeed; verdict: Verdict | null }> }) {
  if (!passes.length) return null;
  return (
    <ol aria-label={DRILL_TEXTS.passes} className="mt-3 flex flex-wrap gap-1.5" data-testid="drill-passes">
      {passes.map((p, i) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: passes only ever grow at the end
          key={i}
          className={cx(
            "rounded-full px-2.5 py-0.5 text-xs font-semibold tabular-nums ring-1 ring-inset",
            p.verdict ? VERDICT_LOOK[p.verdict].chip : "bg-white/6 text-slate-400 ring-white/10",
            p.verdict && GREAT_OR_BETTER.has(p.verdict) && "ring-2",
          )}
          data-verdict={p.verdict ?? "none"}
        >
          {i + 1}. {p.verdict ? VERDICT_LOOK[p.verdict].label : "Not seen"}
          <span className="ml-1 font-normal opacity-75">{speedRate(p.speed)}</span>
        </li>
      ))}
    </ol>
  );
}
