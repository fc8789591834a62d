import { ACTIVITY_LABELS, ACTIVITY_TYPES, COMPARE_MESSAGES, LIMITS } from "@stepsync/contracts";
import { Camera, Coins, Library, RotateCcw, ScanFace, Sparkles, Users } from "lucide-react";
import { Link } from "react-router";
import { Alert } from "../../components/Alert";
import { Button, ButtonLink } from "../../components/Button";
import { LiveSummary } from "../../components/recording/LiveVerdicts";
import { cx } from "../../components/cx";
import { COMPARE_TEXTS } from "../../constants/texts";
import { formatCredits } from "../../lib/format";
import { ProgressPanel } from "./ProgressPanel";
import type { CompareFormState } from "./useCompareFlow";
import { VideoPicker } from "../../components/VideoPicker";

const DANCED_ALONG = "Danced along with the reference: your timing is judged against its clock.";

/** The new-comparison form: the style, the reference and the user's video, credits, and Compare. */
export function CompareForm({ form }: { form: CompareFormState }) {
  const {
    activity,
    setActivity,
    referenceFile,
    setReferenceFile,
    library,
    setLibrary,
    userFile,
    setUserFile,
    recorded,
    setReferenceProblem,
    setUserProblem,
    takeOffsetS,
    liveTake,
    phase,
    error,
    setError,
    touched,
    analysing,
    hasReference,
    hasUserVideo,
    videoProblem,
    enabled,
    notice,
    credits,
    somethingToReset,
    onSubmit,
    reset,
    openRecording,
  } = form;
  return (
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
              <ButtonLink to="/library" variant="outline" size="sm" icon={<Library className="size-4" aria-hidden />}>
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
              onClick={openRecording}
              disabled={analysing}
              icon={<Camera className="size-4" aria-hidden />}
            >
              {recorded ? "Record again" : "Record with camera"}
            </Button>
          }
        />
      </div>
      {/* A comparison scores one dancer; a video of the whole group goes to a rehearsal, which finds and scores each. */}
      <p className="-mt-2 flex items-start gap-2 text-sm text-slate-400" data-testid="group-rehearsal-entry">
        <Users className="mt-0.5 size-4 shrink-0 text-accent-300" aria-hidden />
        <span>
          Filming a group?{" "}
          <Link
            to="/rehearsals/new"
            className="font-semibold text-accent-300 underline underline-offset-2 hover:text-white"
          >
            Analyse a group rehearsal
          </Link>
          : every dancer is found and scored against the reference.
        </span>
      </p>

      {liveTake ? <LiveSummary moves={liveTake.moves} score={liveTake.score} /> : null}

      {notice === "unconfirmed" ? <Alert>{COMPARE_MESSAGES.confirmEmailFirst}</Alert> : null}
      {notice === "insufficient" ? (
        <Alert>
          <span className="font-semibold">{COMPARE_MESSAGES.insufficientCredits}</span> — each comparison uses{" "}
          {formatCredits(LIMITS.comparisonCost)}.{" "}
          {/* With videos picked (a take perhaps), buying opens a new tab so they stay here. */}
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
              {credits.credits === 1 ? "credit" : "credits"} left · this comparison uses {LIMITS.comparisonCost}
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
  );
}
