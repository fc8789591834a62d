import { COMPARE_MESSAGES, type ComparisonDetail } from "@stepsync/contracts";
import { ExternalLink, ScanSearch, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { errorMessage, isApiError } from "../../api/client";
import { useAnalyseAnyway } from "../../api/comparisons";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { Dialog } from "../../components/Dialog";
import { SyncedPlayers } from "../../components/synced-players/SyncedPlayers";
import { activityLabel } from "../../lib/format";
import { ANALYSE_ANYWAY, analyseAnywayCost, CREDIT_GIVEN_BACK, type ResultView } from "./moves";
import { PartHeader } from "./PractisePart";
import { ResultLinks } from "./ResultLinks";
import { useCredits } from "../../api/credits";

/**
 * A result found not to show the reference's routine: it judged nothing, so it shows no score, no
 * verdicts and nothing to practise — only why, the two videos side by side, and, when its credit
 * was given back, the dancer's way to have it scored as the routine anyway.
 */
export function RefusedResult({
  detail,
  view,
  fromLibrary,
}: {
  detail: ComparisonDetail;
  view: ResultView;
  fromLibrary: boolean;
}) {
  const referenceUrl = detail.aligned_videos?.reference_url ?? detail.reference_url ?? detail.reference_video_path;
  const userUrl = detail.aligned_videos?.user_url ?? detail.user_url ?? detail.user_video_path;
  const why = detail.results?.overview.details || null;
  return (
    <div className="space-y-6" data-testid="comparison-result">
      {detail.part ? <PartHeader part={detail.part} /> : null}
      <section
        aria-labelledby="not-same-routine"
        data-testid="not-same-routine"
        className="rounded-3xl border border-amber-300/40 bg-amber-400/10 p-5 sm:p-6"
      >
        <div className="flex gap-3">
          <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-300" aria-hidden />
          <div className="min-w-0">
            <p className="text-xs font-semibold uppercase tracking-[0.2em] text-amber-200/80">
              {activityLabel(detail.activity_type)} · Comparison #{detail.id}
            </p>
            <h2 id="not-same-routine" className="mt-1 text-base font-semibold text-amber-100 sm:text-lg">
              {COMPARE_MESSAGES.notSameRoutine}
            </h2>
            {detail.reference_title ? (
              <p className="mt-0.5 text-sm text-amber-50/70">
                Against <span className="text-amber-50">{detail.reference_title}</span>
                {detail.contributor_name ? ` by ${detail.contributor_name}` : ""}
              </p>
            ) : null}
            {why ? <p className="mt-2 text-sm leading-relaxed text-amber-50/85">{why}</p> : null}
            {view.creditReturned ? (
              <p className="mt-2 text-sm font-medium text-amber-100" data-testid="credit-given-back">
                {CREDIT_GIVEN_BACK}
              </p>
            ) : null}
          </div>
        </div>
        {view.creditReturned ? <AnalyseAnyway comparisonId={detail.id} /> : null}
      </section>

      {referenceUrl && userUrl ? (
        <div className="glass p-3 sm:p-6">
          {/* Nothing lines up: the two videos simply play side by side, the skeletons claiming nothing. */}
          <SyncedPlayers
            referenceUrl={referenceUrl}
            userUrl={userUrl}
            timeMap={null}
            tracks={detail.tracks}
            problematicJoints={[]}
            judged={false}
            startAt={detail.part?.start_s}
          />
        </div>
      ) : null}

      <ResultLinks detail={detail} fromLibrary={fromLibrary} />
    </div>
  );
}

/** "It is this routine — analyse it anyway", behind a confirmation that says what it costs. */
function AnalyseAnyway({ comparisonId }: { comparisonId: number }) {
  const [open, setOpen] = useState(false);
  const credits = useCredits({ enabled: open });
  const known = credits.kind === "known" ? credits.credits : null;
  const call = useAnalyseAnyway(comparisonId);
  const broke = known === 0 || isApiError(call.error, 402);
  const close = () => {
    if (call.isPending) return;
    setOpen(false);
    call.reset();
  };
  return (
    <div className="mt-4 flex flex-col gap-3 border-t border-amber-300/20 pt-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-amber-50/85">{ANALYSE_ANYWAY.question}</p>
      <Button
        variant="secondary"
        className="shrink-0 whitespace-normal text-center"
        icon={<ScanSearch className="size-4" aria-hidden />}
        onClick={() => setOpen(true)}
      >
        {ANALYSE_ANYWAY.button}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        dismissible={!call.isPending}
        title={ANALYSE_ANYWAY.title}
        description={analyseAnywayCost(known)}
        icon={<ScanSearch className="size-5" aria-hidden />}
        footer={
          <>
            <Button variant="ghost" onClick={close} disabled={call.isPending}>
              {ANALYSE_ANYWAY.cancel}
            </Button>
            <Button onClick={() => call.mutate()} loading={call.isPending} disabled={broke}>
              {ANALYSE_ANYWAY.confirm}
            </Button>
          </>
        }
      >
        <p className="text-sm leading-relaxed text-slate-300">{ANALYSE_ANYWAY.explain}</p>
        {broke ? (
          <Alert className="mt-4">
            <span className="font-semibold">{COMPARE_MESSAGES.insufficientCredits}</span> —{" "}
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
            , then come back to analyse it.
          </Alert>
        ) : call.error ? (
          <Alert className="mt-4">{errorMessage(call.error, COMPARE_MESSAGES.analyseAnywayFailed)}</Alert>
        ) : null}
      </Dialog>
    </div>
  );
}
