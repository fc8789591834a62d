import { ACTIVITY_LABELS, ACTIVITY_TYPES, type ActivityType, COMPARE_MESSAGES } from "@stepsync/contracts";
import { Camera, Coins, History, Hourglass, Library, RotateCcw, ScanFace, Sparkles } from "lucide-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
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
  canSubmit,
  creditsNotice,
  type LibraryReference,
  overallProgress,
  type ProgressSample,
  readLibraryReference,
  savedComparisonError,
  secondsLeft,
  stageLabel,
  submitProblem,
  timeLeftText,
} from "./logic";
import { practisedPartResult } from "./PractisePart";
import { useComparison, useCredits } from "./useComparison";
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

const WAIT_NOTE =
  "You can leave this page: the result opens at this address (bookmark it or share it) and in your history.";

const DANCED_ALONG = "Danced along with the reference: your timing is judged against its clock.";

/** The form's own work; once uploaded, the comparison is followed at its address (/compare?id=N). */
type Phase = { kind: "idle" } | { kind: "uploading"; percent: number };

/**
 * The analysis' time left, from its pace since this page first saw it running (a reload starts
 * anew: no server clock needed). Null percent: not analysing.
 */
function useTimeLeft(id: string | null, percent: number | null): string | null {
  const [first, setFirst] = useState<(ProgressSample & { id: string }) | null>(null);
  const [latest, setLatest] = useState<ProgressSample | null>(null);
  useEffect(() => {
    if (id === null || percent === null) return;
    const now = { at: Date.now(), percent };
    setFirst((f) => (f && f.id === id ? f : { ...now, id }));
    setLatest(now);
  }, [id, percent]);
  if (id === null || percent === null) return null;
  return timeLeftText(first && first.id === id && latest ? secondsLeft(first, latest) : null);
}

function ProgressPanel({
  stage,
  percent,
  timeLeft = null,
}: {
  stage: "uploading" | "analysing";
  percent: number;
  timeLeft?: string | null;
}) {
  // One figure: the whole job's progress, named by its stage (a stage's own 0% beside the bar's 30%
  // read as two contradicting numbers).
  const value = overallProgress(stage, percent);
  const label = stageLabel(stage, value);
  return (
    <div className="glass space-y-3 p-5 sm:p-6" data-testid="compare-progress">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="flex items-center gap-2 text-sm font-semibold text-white" aria-live="polite">
          <span className="size-2 animate-pulse rounded-full bg-accent-400" aria-hidden />
          <span data-testid="progress-label">{label}</span>
        </p>
        {timeLeft ? (
          <p className="text-sm tabular-nums text-slate-300" data-testid="time-left">
            {timeLeft}
          </p>
        ) : null}
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
  const [touched, setTouched] = useState(false);
  // What each picked file's preview found wrong with it (unplayable, too long).
  const [referenceProblem, setReferenceProblem] = useState<string | null>(null);
  const [userProblem, setUserProblem] = useState<string | null>(null);
  // The comparison uploaded from this form, followed at its address.
  const [startedId, setStartedId] = useState<string | null>(null);

  // The library's category picks the style, when it is one of the eight.
  useEffect(() => {
    if (library?.category && isActivityType(library.category)) setActivity(library.category);
  }, [library?.category]);

  // The banner at the top says where the link went and sends it again.
  const confirmed = useAuth().user?.email_verified !== false;
  const credits = useCredits();

  // The comparison at ?id=: a saved one, or the one just uploaded (followed while it is analysed).
  // Its address is the result's from the start, so a reload or a bookmark shows it.
  const startedHere = savedId !== null && savedId === startedId;
  const saved = useComparison(savedId, { startedHere });
  const savedError = savedId === null ? null : savedComparisonError(savedId, saved.data, saved.error);

  // The one uploaded here ended: the processing dialog goes; if it failed, back to the form (the
  // picked videos are still there) with why.
  const startedStatus = startedHere ? saved.data?.status : undefined;
  const startedFailure =
    startedHere &&
    saved.data &&
    saved.data.status !== "processing" &&
    !(saved.data.status === "completed" && saved.data.results)
      ? saved.data.status === "completed"
        ? COMPARE_MESSAGES.noResults
        : saved.data.error || COMPARE_MESSAGES.analysisFailed
      : null;
  useEffect(() => {
    if (startedStatus !== undefined && startedStatus !== "processing") setProcessingOpen(false);
  }, [startedStatus]);
  useEffect(() => {
    if (startedFailure === null) return;
    setError(startedFailure);
    setStartedId(null);
    navigate("/compare", { replace: true });
  }, [startedFailure, navigate]);

  const start = useMutation({
    mutationFn: (input: StartComparisonInput) =>
      startComparison(input, (percent) =>
        setPhase((p) => (p.kind === "uploading" ? { kind: "uploading", percent } : p)),
      ),
    onSuccess: (started) => {
      setPhase({ kind: "idle" });
      setStartedId(String(started.comparison_id));
      setProcessingOpen(true);
      navigate(`/compare?id=${started.comparison_id}`);
      // The credit is charged and the comparison is listed as processing.
      void invalidate(client, staleAfter.comparison());
    },
    onError: (err) => {
      setPhase({ kind: "idle" });
      setError(errorMessage(err, COMPARE_MESSAGES.failed));
      if (isApiError(err, 402)) void client.invalidateQueries({ queryKey: keys.credits.balance() });
    },
  });

  const analysing = phase.kind === "uploading";
  const hasReference = Boolean(referenceFile || library);
  const hasUserVideo = Boolean(userFile);
  const videoProblem = (referenceFile ? referenceProblem : null) ?? (userFile ? userProblem : null);
  const enabled = canSubmit({ hasUserVideo, hasReference, credits, confirmed, analysing, videoProblem });
  const notice = creditsNotice(credits, confirmed);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (analysing) return;
    const problem = submitProblem({ hasUserVideo, hasReference, credits, confirmed, videoProblem });
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

  const savedResult = saved.data?.status === "completed" && !startedFailure ? saved.data : null;
  // One object per answer: the result view's effects follow its identity.
  const result = useMemo(
    () => (savedId !== null && savedResult ? practisedPartResult(savedResult) : null),
    [savedId, savedResult],
  );
  // Analysing: what it reported, or (the upload just ended, not asked yet) its start.
  const savedProgress =
    savedId === null
      ? null
      : saved.data?.status === "processing"
        ? saved.data.progress
        : startedHere && saved.isPending
          ? 0
          : null;
  const timeLeft = useTimeLeft(savedId, savedProgress);

  if (savedId !== null && saved.isPending && !startedHere) {
    return (
      <Page title="Compare">
        <PageSpinner text="Loading comparison…" />
      </Page>
    );
  }

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
        <div className="space-y-3">
          <ProgressPanel stage="analysing" percent={savedProgress} timeLeft={timeLeft} />
          <p className="text-sm text-slate-400">{WAIT_NOTE}</p>
        </div>
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
              onProblem={setReferenceProblem}
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
              onProblem={setUserProblem}
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
              credit. {/* With videos picked (a take perhaps), buying opens a new tab so they stay here. */}
              <Link
                to="/dashboard"
                target={hasReference || hasUserVideo ? "_blank" : undefined}
                className="font-semibold underline underline-offset-2 hover:text-white"
              >
                {COMPARE_TEXTS.purchaseMore}
                {hasReference || hasUserVideo ? <span className="sr-only"> (opens in a new tab)</span> : null}
              </Link>
            </Alert>
          ) : null}
          {error ? <Alert>{error}</Alert> : null}
          {phase.kind === "uploading" ? <ProgressPanel stage="uploading" percent={phase.percent} /> : null}

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
          {!enabled && !analysing && (!hasReference || !hasUserVideo || videoProblem) ? (
            <p className="-mt-3 text-right text-xs text-slate-500" data-testid="submit-blocked">
              {!hasReference
                ? COMPARE_MESSAGES.noReference
                : !hasUserVideo
                  ? COMPARE_MESSAGES.noUserVideo
                  : "Replace the video that can't be used to compare."}
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
          <p className="text-sm text-slate-400">{WAIT_NOTE}</p>
        </div>
      </Dialog>
    </Page>
  );
}
