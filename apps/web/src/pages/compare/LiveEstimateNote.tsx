import type { TakeTrackUse } from "@stepsync/contracts";
import { Gauge } from "lucide-react";
import { cx } from "../../components/cx";
import type { LiveTake } from "../../components/recording/useLiveScoring";

/** What the page still knows of the take's live scoring (null after a reload): its score and pose rate. */
export type LiveFigures = { score: number | null; posesPerSecond: number | null };

export function liveFigures(take: LiveTake | null | undefined): LiveFigures | null {
  if (!take) return null;
  return { score: take.score?.overall ?? null, posesPerSecond: take.track?.posesPerSecond ?? null };
}

/** Too few poses a second (take_track "sparse"): the device's rate when the page still knows it. */
function tooFew(live: LiveFigures | null): string {
  const rate = live?.posesPerSecond;
  return rate
    ? `Your device tracked only ${Math.round(rate * 10) / 10} poses a second while you danced, too few for the live score to stand`
    : "Your device tracked too few poses a second while you danced for the live score to stand";
}

/**
 * A dance-along take analysed in full although it came with live poses (the server's take_track):
 * while it is analysed, why it takes longer; on the result, why the live score was an estimate and
 * that the two can differ. Nothing when its live poses made the result (or it had none).
 */
export function liveEstimateText(
  use: TakeTrackUse | null | undefined,
  stage: "analysing" | "result",
  live: LiveFigures | null,
): string | null {
  const score = live?.score;
  const yours = score === null || score === undefined ? "" : ` (${Math.round(score)})`;
  if (use === "sparse")
    return stage === "analysing"
      ? `${tooFew(live)}: your video is being analysed in full, which takes longer, and the result may differ from the live score${yours}.`
      : `${tooFew(live)}: this score comes from the full analysis of your video and may differ from the live score${yours}.`;
  if (use === "unused")
    return stage === "analysing"
      ? `The live score${yours} was an estimate and is not used: your video is being analysed in full, which takes longer, and the result may differ from it.`
      : `The live score${yours} was an estimate and was not used: this score comes from the full analysis of your video, and the two can differ.`;
  return null;
}

export function LiveEstimateNote(props: {
  use: TakeTrackUse | null | undefined;
  stage: "analysing" | "result";
  live: LiveFigures | null;
  className?: string;
}) {
  const text = liveEstimateText(props.use, props.stage, props.live);
  if (!text) return null;
  return (
    <p
      className={cx(
        "flex items-start gap-2 rounded-2xl bg-sky-500/10 px-3 py-2 text-left text-sm text-sky-100 ring-1 ring-inset ring-sky-300/25",
        props.className,
      )}
      data-testid="live-estimate"
    >
      <Gauge className="mt-0.5 size-4 shrink-0 text-sky-300" aria-hidden />
      <span className="min-w-0">{text}</span>
    </p>
  );
}
