import { COMPARE_MESSAGES, type ComparisonDetail, type ComparisonPart, LIMITS, PART_LIMITS } from "@stepsync/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Coins, Crosshair, Dumbbell, ExternalLink, RefreshCw, Send } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { errorMessage } from "../../api/client";
import { useStartComparison } from "../../api/comparisons";
import { Alert } from "../../components/Alert";
import { Button, ButtonLink } from "../../components/Button";
import { cx } from "../../components/cx";
import { Dialog } from "../../components/Dialog";
import { RecordingDialog } from "../../components/RecordingDialog";
import { LiveSummary } from "../../components/recording/LiveVerdicts";
import type { LiveTake } from "../../components/recording/useLiveScoring";
import { formatClock, formatCredits } from "../../lib/format";
import { resultView } from "./moves";
import { useCredits } from "../../api/credits";
import { useObjectUrl } from "../../components/VideoPicker";

/** Why a practised part's take did not match, in this flow's words: the dancer chose no video here. */
export function partMismatchText(label: string): string {
  return `That take didn't match ${label || "this part"} — try again with your whole body in the frame.`;
}

/**
 * A practised part's result as the page shows it: when its take did not match, the engine's advice
 * about choosing the right reference video (which the dancer never chose: the part came from a
 * result) gives way to this flow's words.
 */
export function practisedPartResult(detail: ComparisonDetail): ComparisonDetail {
  const { part, results } = detail;
  if (!part || !results || resultView(detail).sameRoutine) return detail;
  const overview = { headline: `${COMPARE_MESSAGES.notSameRoutine}.`, details: partMismatchText(part.label) };
  return {
    ...detail,
    results: { ...results, overallFeedback: `${overview.headline} ${overview.details}`, overview },
  };
}

/** Credits are bought in a new tab, so the take recorded here stays here to be compared after. */
function BuyCreditsLink() {
  return (
    <a
      href="/credits"
      target="_blank"
      rel="noopener"
      className="inline-flex items-center gap-1 font-semibold underline underline-offset-2 hover:text-white"
    >
      Buy credits
      <ExternalLink className="size-3.5" aria-hidden />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

/** A part of the reference to practise: seconds in the reference, and what the dancer calls it. */
export type PartToPractise = { start_s: number; end_s: number; label: string };

/** A part shorter than this is widened (a single move can be under a second: too little to match). */
export const PRACTISE_MIN_S = Math.max(2, PART_LIMITS.minSeconds);

/**
 * The span to practise for a move or section: at least PRACTISE_MIN_S long (widened forwards, then
 * backwards at the reference's end) and at most the part limit, inside the reference when its
 * length is known.
 */
export function practiseSpan(
  start: number,
  end: number,
  referenceEnd: number | null,
): { start_s: number; end_s: number } {
  const limit = referenceEnd ?? Number.POSITIVE_INFINITY;
  let s = Math.max(0, start);
  let e = Math.min(Math.max(end, s + PRACTISE_MIN_S), s + PART_LIMITS.maxSeconds, limit);
  if (e - s < PRACTISE_MIN_S) s = Math.max(0, e - PRACTISE_MIN_S);
  const r2 = (v: number) => Math.round(v * 100) / 100;
  e = Math.max(e, s);
  return { start_s: r2(s), end_s: r2(e) };
}

/** Where the reference's analysed poses end: its length as far as the result knows it. */
export function referenceEndOf(detail: Pick<ComparisonDetail, "tracks">): number | null {
  const last = detail.tracks?.reference.frames.at(-1)?.[0];
  return typeof last === "number" ? last : null;
}

/** The "Practise this part" action on a move row or section card: an icon with its word. */
export function PractiseButton({
  label,
  onClick,
  compact = false,
  className,
}: {
  label: string;
  onClick: () => void;
  /** On a move row: the icon alone on a phone (the row is narrow there), with its word from sm up. */
  compact?: boolean;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={`Practise ${label}`}
      title={`Record just ${label} against the reference and get its verdicts (${formatCredits(LIMITS.comparisonCost)})`}
      data-testid="practise-part"
      className={cx(
        "inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full border border-white/12 bg-white/8 px-3 text-xs font-semibold text-slate-300 transition hover:bg-white/14 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400",
        className,
      )}
    >
      <Dumbbell className="size-3.5" aria-hidden />
      <span className={compact ? "sr-only sm:not-sr-only" : undefined}>Practise</span>
    </button>
  );
}

/** A part's result says which part of which comparison it practised, and leads back to it. */
export function PartHeader({ part }: { part: ComparisonPart }) {
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 rounded-3xl border border-accent-400/40 bg-accent-500/10 px-4 py-3"
      data-testid="part-header"
    >
      <span className="inline-flex min-w-0 items-center gap-2 text-sm font-semibold text-accent-100">
        <Crosshair className="size-4 shrink-0 text-accent-300" aria-hidden />
        <span>
          Practising {part.label}
          {part.parent_id !== null ? ` of comparison #${part.parent_id}` : ""}
          <span className="ml-2 text-xs font-normal text-slate-400 tabular-nums">
            {formatClock(part.start_s)} – {formatClock(part.end_s)}
          </span>
        </span>
      </span>
      {part.parent_id !== null ? (
        <Link
          to={`/compare?id=${part.parent_id}`}
          className="inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-accent-200 hover:bg-accent-500/15"
        >
          <ArrowLeft className="size-4" aria-hidden />
          Back to the full result
        </Link>
      ) : null}
    </div>
  );
}

/**
 * Practising a part: the recording dialog dances along with just that part of the reference (with
 * live verdicts once the reference's poses are known); the take is looked at beside its live score,
 * then compared with that part (LIMITS.comparisonCost, like any comparison; the take's poses go with
 * it for a quick result), and the page follows the new comparison to its result.
 */
export function PractisePartFlow({
  detail,
  part,
  onClose,
}: {
  detail: Pick<ComparisonDetail, "id" | "activity_type" | "reference_url" | "reference_video_id" | "part">;
  part: PartToPractise | null;
  onClose: () => void;
}) {
  // The take, with where the part's start played in it when it was danced along (null otherwise),
  // and what the dancer saw live.
  const [take, setTake] = useState<{ file: File; offsetS: number | null; live: LiveTake | null } | null>(null);
  const takeUrl = useObjectUrl(take?.file);
  // Out of credits: said before recording (not after a whole take), with a way to buy.
  const credits = useCredits({ enabled: part !== null });
  const noCredits = credits.kind === "known" && credits.credits < LIMITS.comparisonCost;
  const [recordAnyway, setRecordAnyway] = useState(false);
  const navigate = useNavigate();
  const _client = useQueryClient();
  // A part of a part is a part of the same full comparison.
  const parentId = detail.part?.parent_id ?? detail.id;
  const start = useStartComparison({
    onSuccess: (started) => {
      close();
      navigate(`/compare?id=${started.comparison_id}`);
    },
  });
  const send = ({ file, offsetS, live }: { file: File; offsetS: number | null; live: LiveTake | null }) =>
    start.mutate({
      activityType: detail.activity_type,
      userFile: file,
      part: part ? { startS: part.start_s, endS: part.end_s, parentId, label: part.label } : null,
      takeOffsetS: offsetS,
      poseTrack: live?.track ?? null,
    });
  function close() {
    setTake(null);
    setRecordAnyway(false);
    start.reset();
    onClose();
  }
  const askFirst = part !== null && take === null && noCredits && !recordAnyway;
  return (
    <>
      <Dialog
        open={askFirst}
        onClose={close}
        title={COMPARE_MESSAGES.insufficientCredits}
        description={`Comparing a take of ${part?.label ?? "this part"} uses ${formatCredits(LIMITS.comparisonCost)}, and you have none left.`}
        icon={<Coins className="size-5" aria-hidden />}
        footer={
          <>
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <Button variant="secondary" onClick={() => setRecordAnyway(true)}>
              Record anyway
            </Button>
            <ButtonLink
              to="/credits"
              target="_blank"
              rel="noopener"
              icon={<ExternalLink className="size-4" aria-hidden />}
            >
              Buy credits<span className="sr-only"> (opens in a new tab)</span>
            </ButtonLink>
          </>
        }
      >
        <p className="text-sm text-slate-300">
          Buying opens in a new tab. Or record now: your take waits here until you have a credit to compare it.
        </p>
      </Dialog>
      <RecordingDialog
        open={part !== null && take === null && !askFirst}
        referenceUrl={detail.reference_url}
        part={part}
        // A library routine's analysis is the library's (shared); an uploaded one's, this result's.
        live={detail.reference_video_id !== null ? { videoId: detail.reference_video_id } : { comparisonId: parentId }}
        onClose={close}
        onRecorded={(file, offsetS, live) => setTake({ file, offsetS, live })}
      />
      <Dialog
        open={part !== null && take !== null}
        onClose={close}
        dismissible={!start.isPending}
        title={`Your take of ${part?.label ?? "this part"}`}
        description={`Compare it with this part of the reference to get its verdicts. It costs ${formatCredits(LIMITS.comparisonCost)}, like any comparison.`}
        icon={<Dumbbell className="size-5" aria-hidden />}
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => {
                start.reset();
                setTake(null);
              }}
              disabled={start.isPending}
              icon={<RefreshCw className="size-4" aria-hidden />}
            >
              Record again
            </Button>
            <Button
              onClick={() => take && send(take)}
              loading={start.isPending}
              disabled={noCredits}
              icon={<Send className="size-4" aria-hidden />}
            >
              Compare this take
            </Button>
          </>
        }
      >
        {takeUrl ? (
          <video
            src={takeUrl}
            controls
            playsInline
            aria-label="Your take"
            className="aspect-video w-full rounded-2xl bg-black object-contain"
          >
            <track kind="captions" />
          </video>
        ) : null}
        {take?.live ? <LiveSummary moves={take.live.moves} score={take.live.score} /> : null}
        {noCredits ? (
          <Alert>
            <span className="font-semibold">{COMPARE_MESSAGES.insufficientCredits}</span> — your take stays here.{" "}
            <BuyCreditsLink />, then come back to compare it.
          </Alert>
        ) : start.error ? (
          <Alert>{errorMessage(start.error, COMPARE_MESSAGES.failed)}</Alert>
        ) : null}
      </Dialog>
    </>
  );
}
