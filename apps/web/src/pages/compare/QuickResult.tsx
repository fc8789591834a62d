import type { ComparisonDetail } from "@stepsync/contracts";
import { BadgeCheck, Zap } from "lucide-react";
import { ProgressPanel } from "./ProgressPanel";

/**
 * A dance-along take's quick result (its live poses checked against the video) is shown while the
 * server analyses the video itself; the server's result is the one kept, and it replaces it.
 */
export const QUICK_RESULT = {
  heading: "Quick result from your live poses",
  body: "Your video's full analysis is checking it now: the score may still change a little, and it counts once checked.",
  description: "A quick result from your live poses, while the full analysis of your video checks it.",
};

/** What the check of a quick result found, said once the server's result replaced it on the page. */
export function checkedText(quick: number, final: Pick<ComparisonDetail, "overall_score" | "counted">): string {
  const shown = Math.round(quick);
  if (final.counted === "other_routine")
    return `Checked by the full analysis of your video: it does not show the routine, so the quick result (${shown}) does not stand.`;
  const score = Math.round(final.overall_score ?? 0);
  return score === shown
    ? `Checked by the full analysis of your video: your score of ${score} stands.`
    : `Checked by the full analysis of your video: ${score} (your live poses gave ${shown}).`;
}

/** Above a quick result: what it is, and the full analysis' progress. */
export function QuickResultBanner({ percent, timeLeft }: { percent: number; timeLeft: string | null }) {
  return (
    <section className="space-y-3" data-testid="quick-result" aria-labelledby="quick-result-heading">
      <div className="flex items-start gap-3 rounded-2xl bg-amber-400/10 px-4 py-3 ring-1 ring-inset ring-amber-300/30">
        <Zap className="mt-0.5 size-5 shrink-0 text-amber-300" aria-hidden />
        <div className="min-w-0">
          <h2 id="quick-result-heading" className="text-sm font-semibold text-amber-50">
            {QUICK_RESULT.heading}
          </h2>
          <p className="mt-0.5 text-sm text-amber-100/90">{QUICK_RESULT.body}</p>
        </div>
      </div>
      <ProgressPanel stage="analysing" percent={percent} timeLeft={timeLeft} />
    </section>
  );
}

/** Above the server's result when this page showed a quick one first. */
export function CheckedNote({ quick, final }: { quick: number; final: ComparisonDetail }) {
  return (
    <p
      className="flex items-start gap-2 rounded-2xl bg-white/[0.05] px-4 py-3 text-sm text-slate-200 ring-1 ring-inset ring-white/10"
      data-testid="quick-result-checked"
      aria-live="polite"
    >
      <BadgeCheck className="mt-0.5 size-4 shrink-0 text-accent-300" aria-hidden />
      <span className="min-w-0">{checkedText(quick, final)}</span>
    </p>
  );
}
