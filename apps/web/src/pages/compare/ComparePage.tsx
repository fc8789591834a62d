import {
  ACTIVITY_LABELS,
  ACTIVITY_TYPES,
  type ActivityType,
  COMPARE_MESSAGES,
  type ComparisonDetail,
} from "@stepsync/contracts";
import { Camera, CircleCheck, Coins, History, Hourglass, Library, RotateCcw, ScanFace, Sparkles } from "lucide-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { getBalance } from "../../api/credits";
import { useAuth } from "../../auth/context";
import { type StartComparisonInput, startComparison } from "../../api/comparisons";
import { invalidate, keys, staleAfter } from "../../api/keys";
import { errorMessage, isApiError } from "../../api/client";
import { Alert } from "../../components/Alert";
import { Button, ButtonLink } from "../../components/Button";
import { cx } from "../../components/cx";
import { Dialog } from "../../components/Dialog";
import { Page, PageHeader } from "../../components/Page";
import { PageSpinner } from "../../components/Spinner";
import { RecordingDialog } from "../../components/RecordingDialog";
import { COMPARE_TEXTS } from "../../constants/texts";
import { isActivityType } from "../../lib/format";
import { ComparisonResult } from "./ComparisonResult";
import {
  type CreditsState,
  canSubmit,
  creditsNotice,
  type LibraryReference,
  overallProgress,
  readLibraryReference,
  savedComparisonError,
  stageLabel,
  submitProblem,
} from "./logic";
import { isFinalError, useComparison } from "./useComparison";
import { useObjectUrl, VideoPicker } from "./VideoPicker";

/**
 * A take recorded here with dance along on: where the reference's start played in it (seconds of
 * the take), and which reference played. Its clock goes with that file against that reference only.
 */
type DanceAlongTake = { file: File; offsetS: number; reference: File | LibraryReference };

/** The take's offset when the video sent is that take and the reference is the one it was danced to; else null. */
function takeOffsetFor(
  take: DanceAlongTake | null,
  userFile: File | null,
  reference: File | LibraryReference | null,
): number | null {
  return take && take.file === userFile && take.reference === reference ? take.offsetS : null;
}

const DANCED_ALONG = "Danced along with the reference: your timing is judged against its clock.";

type Phase =
  | { kind: "idle" }
  | { kind: "uploading"; percent: number }
  | { kind: "analysing"; id: number; percent: number }
  | { kind: "result"; detail: ComparisonDetail };

function ProgressPanel({ stage, percent }: { stage: "uploading" | "analysing"; percent: number }) {
  // One figure: the whole job's progress, named by its stage (a stage's own 0% beside the bar's 30%
  // read as two contradicting numbers).
  const value = overallProgress(stage, percent);
  const label = stageLabel(stage, value);
  return (
    <div className="glass space-y-3 p-5 sm:p-6" data-testid="compare-progress">
      <div className="flex items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm font-semibold text-white" aria-live="polite">
          <span className="size-2 animate-pulse rounded-full bg-accent-400" aria-hidden />
          <span data-testid="progress-label">{label}</span>
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Comparison progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={label}
        className="h-3 overflow-hidden rounded-full bg-white/8"
      >
        <div
          className="relative h-full rounded-full bg-gradient-to-r from-accent-500 via-fuchsia-500 to-violet-400 transition-[width] duration-500"
          style={{ width: `${Math.max(2, value)}%` }}
        >
          <span className="absolute inset-0 animate-pulse bg-white/15" />
        </div>
      </div>
      <ol className="flex gap-4 text-xs text-slate-400">
        <li className={cx(stage === "uploading" ? "font-semibold text-white" : "text-emerald-300")}>1. Upload</li>
        <li className={cx(stage === "analysing" ? "font-semibold text-white" : "")}>2. Pose analysis & scoring</li>
      </ol>
    </div>
  );
}

/** Compare (/compare): pick a style and two videos, watch the progress, then the synced result. */
export default function ComparePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const savedId = params.get("id");

  const [activity, setActivity] = useState<ActivityType>("contemporary");
  const [referenceFile, setReferenceFile] = useState<File | null>(null);
  const [library, setLibrary] = useState<LibraryReference | null>(() => readLibraryReference(location.state));
  const [userFile, setUserFile] = useState<File | null>(null);
  const [take, setTake] = useState<DanceAlongTake | null>(null);
  // The chosen reference, for dancing along with it while recording.
  const referenceFileUrl = useObjectUrl(referenceFile);
  const referenceUrl = referenceFile ? referenceFileUrl : (library?.videoUrl ?? null);
  const reference = referenceFile ?? library;
  const takeOffsetS = takeOffsetFor(take, userFile, reference);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [error, setError] = useState<string | null>(null);
  const [recordOpen, setRecordOpen] = useState(false);
  const [processingOpen, setProcessingOpen] = useState(false);
  const [completeOpen, setCompleteOpen] = useState(false);
  const [touched, setTouched] = useState(false);

  // The library's category picks the style, when it is one of the eight.
  useEffect(() => {
    if (library?.category && isActivityType(library.category)) setActivity(library.category);
  }, [library?.category]);

  const balance = useQuery({ queryKey: keys.credits.balance(), queryFn: ({ signal }) => getBalance(signal) });
  // The banner at the top says where the link went and sends it again.
  const confirmed = useAuth().user?.email_verified !== false;
  const credits: CreditsState =
    typeof balance.data?.credits === "number" ? { kind: "known", credits: balance.data.credits } : { kind: "unknown" };

  // A saved comparison from ?id= (followed while it is still analysed).
  const saved = useComparison(savedId);
  const savedError = savedId === null ? null : savedComparisonError(savedId, saved.data, saved.error);

  // The comparison started here, followed until it ends.
  const analysingId = phase.kind === "analysing" ? phase.id : null;
  const followed = useComparison(analysingId, { startedHere: true });
  useEffect(() => {
    if (analysingId === null) return;
    const comparison = followed.data;
    if (isFinalError(followed.error)) {
      setPhase({ kind: "idle" });
      setError(errorMessage(followed.error, COMPARE_MESSAGES.failed));
      return;
    }
    if (!comparison || comparison.status === "processing") return;
    setProcessingOpen(false);
    if (comparison.status === "completed" && comparison.results) {
      setPhase({ kind: "result", detail: comparison });
      setCompleteOpen(true);
    } else {
      setPhase({ kind: "idle" });
      setError(
        comparison.status === "completed"
          ? COMPARE_MESSAGES.noResults
          : comparison.error || COMPARE_MESSAGES.analysisFailed,
      );
    }
  }, [analysingId, followed.data, followed.error]);

  const start = useMutation({
    mutationFn: (input: StartComparisonInput) =>
      startComparison(input, (percent) =>
        setPhase((p) => (p.kind === "uploading" ? { kind: "uploading", percent } : p)),
      ),
    onSuccess: (started) => {
      setPhase({ kind: "analysing", id: started.comparison_id, percent: started.progress ?? 0 });
      setProcessingOpen(true);
      // The credit is charged and the comparison is listed as processing.
      void invalidate(client, staleAfter.comparison());
    },
    onError: (err) => {
      setPhase({ kind: "idle" });
      setError(errorMessage(err, COMPARE_MESSAGES.failed));
      if (isApiError(err, 402)) void client.invalidateQueries({ queryKey: keys.credits.balance() });
    },
  });

  const analysing = phase.kind === "uploading" || phase.kind === "analysing";
  const analysingPercent =
    phase.kind === "analysing" && followed.data?.status === "processing" ? followed.data.progress : null;
  const hasReference = Boolean(referenceFile || library);
  const hasUserVideo = Boolean(userFile);
  const enabled = canSubmit({ hasUserVideo, hasReference, credits, confirmed, analysing });
  const notice = creditsNotice(credits, confirmed);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (analysing) return;
    const problem = submitProblem({ hasUserVideo, hasReference, credits, confirmed });
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setPhase({ kind: "uploading", percent: 0 });
    start.mutate({
      activityType: activity,
      referenceFile,
      referenceVideoId: referenceFile ? null : (library?.id ?? null),
      userFile,
      takeOffsetS,
    });
  }

  const historyState = (message: string, id: number | null) => ({ message, comparisonId: id });

  /** Reset (part 2 §4): both videos, any result and any error go; the chosen style stays. */
  function reset() {
    setReferenceFile(null);
    setLibrary(null);
    setUserFile(null);
    setTake(null);
    setError(null);
    setTouched(false);
    setPhase({ kind: "idle" });
  }
  const somethingToReset = hasReference || hasUserVideo || error !== null || touched;

  if (savedId !== null && saved.isPending) {
    return (
      <Page title="Compare">
        <PageSpinner text="Loading comparison…" />
      </Page>
    );
  }

  const savedResult = saved.data?.status === "completed" ? saved.data : null;
  const result = savedId !== null ? savedResult : phase.kind === "result" ? phase.detail : null;
  const savedProgress = savedId !== null && saved.data?.status === "processing" ? saved.data.progress : null;

  return (
    <Page title={result ? "Comparison Results" : "Compare"}>
      <PageHeader
        eyebrow="Practice"
        title={result ? "Your Comparison" : "Compare"}
        description={
          result
            ? "Play both videos in step, watch the skeletons, and jump straight to the sections that need work."
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
        <ComparisonResult detail={result} fromLibrary={Boolean(library)} />
      ) : savedProgress !== null ? (
        <ProgressPanel stage="analysing" percent={savedProgress} />
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label="New comparison">
          <fieldset className="glass p-5 sm:p-6" disabled={analysing}>
            <legend className="sr-only">Dance style</legend>
            <div className="mb-4 flex items-center gap-3">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-white/10 text-accent-200">
                <Sparkles className="size-4" aria-hidden />
              </span>
              <div>
                <h2 className="text-base font-semibold text-white">Dance style</h2>
                <p className="text-sm text-slate-400">Sets the four categories you are scored on.</p>
              </div>
            </div>
            <div role="radiogroup" aria-label="Dance style" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {ACTIVITY_TYPES.map((type) => {
                const selected = type === activity;
                return (
                  <label
                    key={type}
                    className={cx(
                      "flex cursor-pointer items-center justify-center rounded-2xl border px-3 py-3 text-sm font-semibold transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-400",
                      selected
                        ? "border-accent-400 bg-gradient-to-br from-accent-500/25 to-fuchsia-500/15 text-white shadow-lg shadow-accent-600/10"
                        : "border-white/10 bg-white/[0.03] text-slate-300 hover:border-white/25 hover:text-white",
                    )}
                  >
                    <input
                      type="radio"
                      name="activity_type"
                      value={type}
                      checked={selected}
                      onChange={() => setActivity(type)}
                      className="sr-only"
                    />
                    {ACTIVITY_LABELS[type]}
                  </label>
                );
              })}
            </div>
          </fieldset>

          <div className="grid gap-6 lg:grid-cols-2">
            <VideoPicker
              step={1}
              title="Reference video"
              hint="The routine you are learning: a file, or a video from the library."
              inputLabel="Reference video file"
              file={referenceFile}
              onFile={(f) => {
                setReferenceFile(f);
                setError(null);
              }}
              library={library}
              onClearLibrary={() => setLibrary(null)}
              disabled={analysing}
              invalid={touched && !hasReference}
              extraActions={
                library || referenceFile ? null : (
                  <ButtonLink
                    to="/library"
                    variant="outline"
                    size="sm"
                    icon={<Library className="size-4" aria-hidden />}
                  >
                    {COMPARE_TEXTS.browseLibrary}
                  </ButtonLink>
                )
              }
            />
            <VideoPicker
              step={2}
              title="Your performance"
              hint="Upload a video of yourself, or record one now with your camera."
              inputLabel="Your performance video file"
              file={userFile}
              onFile={(f) => {
                setUserFile(f);
                setError(null);
              }}
              note={takeOffsetS !== null ? DANCED_ALONG : null}
              disabled={analysing}
              invalid={touched && !hasUserVideo}
              extraActions={
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setRecordOpen(true)}
                  disabled={analysing}
                  icon={<Camera className="size-4" aria-hidden />}
                >
                  {userFile ? "Record again" : "Record with camera"}
                </Button>
              }
            />
          </div>

          {notice === "unconfirmed" ? <Alert>{COMPARE_MESSAGES.confirmEmailFirst}</Alert> : null}
          {notice === "insufficient" ? (
            <Alert>
              <span className="font-semibold">{COMPARE_MESSAGES.insufficientCredits}</span> — each comparison uses 1
              credit.{" "}
              <Link to="/dashboard" className="font-semibold underline underline-offset-2 hover:text-white">
                {COMPARE_TEXTS.purchaseMore}
              </Link>
            </Alert>
          ) : null}
          {error ? <Alert>{error}</Alert> : null}
          {phase.kind === "uploading" || phase.kind === "analysing" ? (
            <ProgressPanel stage={phase.kind} percent={analysingPercent ?? phase.percent} />
          ) : null}

          <div className="flex flex-col-reverse items-stretch justify-between gap-4 sm:flex-row sm:items-center">
            <p className="flex items-center gap-2 text-sm text-slate-400" data-testid="credits-line">
              <Coins className="size-4 text-accent-300" aria-hidden />
              {credits.kind === "known" ? (
                <span>
                  <span className="font-semibold text-white">{credits.credits}</span>{" "}
                  {credits.credits === 1 ? "credit" : "credits"} left · this comparison uses 1
                </span>
              ) : (
                <span>{COMPARE_MESSAGES.creditsUnknown}</span>
              )}
            </p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
              {somethingToReset && !analysing ? (
                <Button variant="ghost" size="lg" onClick={reset} icon={<RotateCcw className="size-4" aria-hidden />}>
                  Reset
                </Button>
              ) : null}
              <Button
                type="submit"
                size="lg"
                disabled={!enabled}
                loading={analysing}
                icon={<ScanFace className="size-5" aria-hidden />}
              >
                {analysing ? COMPARE_TEXTS.analyzing : "Compare Videos"}
              </Button>
            </div>
          </div>
          {!enabled && !analysing && (!hasReference || !hasUserVideo) ? (
            <p className="-mt-3 text-right text-xs text-slate-500">
              {!hasReference ? COMPARE_MESSAGES.noReference : COMPARE_MESSAGES.noUserVideo}
            </p>
          ) : null}
        </form>
      )}

      <RecordingDialog
        open={recordOpen}
        referenceUrl={referenceUrl}
        onClose={() => setRecordOpen(false)}
        onRecorded={(file, offsetS) => {
          setUserFile(file);
          // Danced along: its timing is judged against the reference it was recorded with.
          setTake(offsetS !== null && reference ? { file, offsetS, reference } : null);
          setError(null);
          setRecordOpen(false);
        }}
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
            <Button
              onClick={() =>
                navigate("/comparison-history", {
                  state: historyState(COMPARE_MESSAGES.processing, analysingId),
                })
              }
            >
              {COMPARE_TEXTS.viewResults}
            </Button>
          </>
        }
      >
        {phase.kind === "analysing" ? (
          <ProgressPanel stage="analysing" percent={analysingPercent ?? phase.percent} />
        ) : null}
      </Dialog>

      <Dialog
        open={completeOpen}
        onClose={() => setCompleteOpen(false)}
        title={COMPARE_TEXTS.completeTitle}
        description={COMPARE_TEXTS.completeBody}
        icon={<CircleCheck className="size-5" aria-hidden />}
        footer={
          <>
            <Button variant="secondary" onClick={() => setCompleteOpen(false)}>
              {COMPARE_TEXTS.keepViewing}
            </Button>
            <Button
              onClick={() =>
                navigate("/comparison-history", {
                  state: historyState(COMPARE_TEXTS.comparisonReady, result?.id ?? null),
                })
              }
            >
              {COMPARE_TEXTS.goToHistory}
            </Button>
          </>
        }
      >
        {result?.overall_score != null ? (
          <p className="text-center text-5xl font-bold tabular-nums text-white">
            {Math.round(result.overall_score)}
            <span className="text-2xl text-slate-400">%</span>
          </p>
        ) : null}
      </Dialog>
    </Page>
  );
}
