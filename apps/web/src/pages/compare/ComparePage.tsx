import { COMPARE_MESSAGES } from "@stepsync/contracts";
import { History, Hourglass, UserCheck } from "lucide-react";
import { useNavigate } from "react-router";
import { Alert } from "../../components/Alert";
import { Button, ButtonLink } from "../../components/Button";
import { Dialog } from "../../components/Dialog";
import { DrillHost } from "../../components/drill/DrillHost";
import { Page, PageHeader } from "../../components/Page";
import { RecordingDialog } from "../../components/RecordingDialog";
import { LiveSummary } from "../../components/recording/LiveVerdicts";
import { PageSpinner } from "../../components/Spinner";
import { COMPARE_TEXTS } from "../../constants/texts";
import { CompareForm } from "./CompareForm";
import { ANALYSE_ANYWAY, resultView } from "./moves";
import { LiveEstimateNote, liveFigures } from "./LiveEstimateNote";
import { ResultStudio } from "./ResultStudio";
import { ProgressPanel, WAIT_NOTE } from "./ProgressPanel";
import { CheckedNote, QUICK_RESULT, QuickResultBanner } from "./QuickResult";
import { useCompareFlow } from "./useCompareFlow";

/** Compare (/compare): pick a style and two videos, watch the progress, then the synced result. */
export default function ComparePage() {
  const navigate = useNavigate();
  const {
    savedId,
    saved,
    startedHere,
    startedId,
    savedError,
    result,
    quick,
    quickShownScore,
    savedProgress,
    timeLeft,
    form,
    recording,
    processing,
    liveTake,
    drill,
  } = useCompareFlow();
  const processingOpen = processing.open;
  const setProcessingOpen = processing.setOpen;
  const library = form.library;

  if (savedId !== null && saved.isPending && !startedHere) {
    return (
      <Page title="Compare">
        <PageSpinner text="Loading comparison…" />
      </Page>
    );
  }

  // What is on screen: the server's result, or meanwhile a dance-along take's quick result.
  const shown = result ?? quick;
  return (
    <Page title={shown ? "Comparison Results" : "Compare"}>
      <PageHeader
        eyebrow="Practice"
        title={shown ? "Your Comparison" : "Compare"}
        description={
          result
            ? resultView(result).sameRoutine
              ? "Play both videos in step, watch the skeletons, and jump straight to the sections that need work."
              : "Why this video was not scored against the reference, with the two videos side by side."
            : quick
              ? QUICK_RESULT.description
              : "Pick your style, add a reference and your own video, and get an overall score, section scores and joint-level coaching."
        }
        actions={
          <ButtonLink to="/comparison-history" variant="secondary" icon={<History className="size-4" aria-hidden />}>
            History
          </ButtonLink>
        }
      />

      {savedError ? (
        <div className="space-y-4">
          <Alert>{savedError}</Alert>
          <div className="flex flex-wrap gap-2">
            <ButtonLink to="/comparison-history" variant="secondary">
              Back to History
            </ButtonLink>
            <a
              href="/compare"
              className="inline-flex h-11 items-center rounded-full px-5 text-sm font-semibold text-accent-300 hover:bg-accent-500/10"
            >
              {COMPARE_TEXTS.compareAnother}
            </a>
          </div>
        </div>
      ) : result ? (
        <div className="space-y-6">
          {quickShownScore !== null ? <CheckedNote quick={quickShownScore} final={result} /> : null}
          <ResultStudio detail={result} fromLibrary={Boolean(library)} live={liveFigures(liveTake)} />
        </div>
      ) : quick ? (
        <div className="space-y-6">
          <QuickResultBanner percent={savedProgress ?? 0} timeLeft={timeLeft} />
          <ResultStudio detail={quick} fromLibrary={Boolean(library)} live={liveFigures(liveTake)} quick />
        </div>
      ) : savedProgress !== null ? (
        <div className="space-y-3">
          {saved.data?.dancer_call ? (
            <p
              className="flex items-center gap-2 text-sm font-medium text-violet-100"
              data-testid="dancer-call-analysing"
            >
              <UserCheck className="size-4 shrink-0 text-violet-300" aria-hidden />
              {ANALYSE_ANYWAY.analysing}
            </p>
          ) : null}
          <ProgressPanel stage="analysing" percent={savedProgress} timeLeft={timeLeft} />
          {/* Said once: in the processing dialog while it is open over the page. */}
          {processingOpen ? null : (
            <LiveEstimateNote use={saved.data?.take_track} stage="analysing" live={liveFigures(liveTake)} />
          )}
          {liveTake ? <LiveSummary moves={liveTake.moves} score={liveTake.score} /> : null}
          <p className="text-sm text-slate-400">{WAIT_NOTE}</p>
        </div>
      ) : (
        <CompareForm form={form} />
      )}

      {/* The live summary's weakest moves drill against the library video until the result (which hosts its own drills) is shown. */}
      {!shown && drill.reference && (liveTake || form.liveTake) ? (
        <DrillHost reference={drill.reference} referenceUrl={drill.referenceUrl} />
      ) : null}

      <RecordingDialog
        open={recording.open}
        referenceUrl={recording.referenceUrl}
        live={recording.live}
        onClose={recording.close}
        onRecorded={recording.onRecorded}
      />

      <Dialog
        open={processingOpen}
        onClose={() => setProcessingOpen(false)}
        title={COMPARE_TEXTS.processingTitle}
        description={COMPARE_MESSAGES.processing}
        icon={<Hourglass className="size-5" aria-hidden />}
        footer={
          <>
            <Button variant="secondary" onClick={() => setProcessingOpen(false)}>
              {COMPARE_TEXTS.stayHere}
            </Button>
            {/* The result appears at this address as soon as it is ready: no detour through History. */}
            <Button
              onClick={() => {
                setProcessingOpen(false);
                if (startedId !== null) navigate(`/compare?id=${startedId}`, { replace: true });
              }}
            >
              {COMPARE_TEXTS.viewResults}
            </Button>
          </>
        }
      >
        <div className="space-y-3">
          {savedProgress !== null ? (
            <ProgressPanel stage="analysing" percent={savedProgress} timeLeft={timeLeft} />
          ) : null}
          <LiveEstimateNote use={saved.data?.take_track} stage="analysing" live={liveFigures(liveTake)} />
          {liveTake ? <LiveSummary moves={liveTake.moves} score={liveTake.score} drills={false} /> : null}
        </div>
      </Dialog>
    </Page>
  );
}
