import { ArrowLeft } from "lucide-react";
import { isApiError, errorMessage } from "../../api/client";
import type { Rehearsal } from "@stepsync/contracts";
import { REHEARSAL_FALLBACKS } from "../../api/rehearsals";
import { Alert } from "../../components/Alert";
import { Button, ButtonLink } from "../../components/Button";
import { Card } from "../../components/Card";
import { Spinner } from "../../components/Spinner";
import { roughTime } from "../../lib/analysis-progress";

/** A labelled progress bar, 0–100. */
export function Progress({ label, percent, detail }: { label: string; percent: number; detail?: string | null }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="space-y-2" data-testid="rehearsal-progress">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="text-sm font-semibold text-white" aria-live="polite" data-testid="progress-label">
          {label} {value}%
        </p>
        {detail ? (
          <p className="text-sm tabular-nums text-slate-300" data-testid="time-left">
            {detail}
          </p>
        ) : null}
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-3 overflow-hidden rounded-full bg-white/8"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-accent-500 via-fuchsia-500 to-violet-400 transition-[width] duration-500"
          style={{ width: `${Math.max(2, value)}%` }}
        />
      </div>
    </div>
  );
}

/** The wait in words from the server's estimate. */
export function timeLeftWords(rehearsal: Pick<Rehearsal, "status" | "time_left_s" | "analysing_s">): string {
  if (rehearsal.status === "pending" || rehearsal.analysing_s === null) return "Waiting for its turn…";
  return rehearsal.time_left_s === null
    ? "Estimating the time left…"
    : `About ${roughTime(rehearsal.time_left_s)} left`;
}

export function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16 text-slate-400">
      <Spinner label={label} />
    </div>
  );
}

/** A rehearsal (or dancer) that cannot be shown: not found (or not the viewer's), or not loaded. */
export function LoadFailure({ error, retry, back }: { error: Error; retry: () => void; back: string }) {
  const missing = isApiError(error, 404);
  return (
    <Card className="space-y-4">
      <Alert>{missing ? REHEARSAL_FALLBACKS.notFound : errorMessage(error, "Failed to load the rehearsal")}</Alert>
      <div className="flex flex-wrap gap-2">
        {missing ? null : (
          <Button variant="secondary" onClick={retry}>
            Try again
          </Button>
        )}
        <ButtonLink to={back} variant="ghost" icon={<ArrowLeft className="size-4" aria-hidden />}>
          Back
        </ButtonLink>
      </div>
    </Card>
  );
}
