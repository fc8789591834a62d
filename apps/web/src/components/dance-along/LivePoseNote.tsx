import type { LivePoseStatus } from "../../lib/browser-pose/live-pose";

const NOTES: Record<LivePoseStatus, string> = {
  loading: "Loading body tracking…",
  ready: "Body tracking on: your skeleton follows you in the preview.",
  unavailable: "Body tracking isn't available on this device. Recording still works.",
};

/** One quiet line under the preview on the live skeleton's state. */
export function LivePoseNote({ status }: { status: LivePoseStatus | null }) {
  if (!status) return null;
  return (
    <p className="mt-2 flex items-center gap-2 text-xs text-slate-400" aria-live="polite" data-testid="live-pose-note">
      <span
        aria-hidden
        className={
          status === "ready"
            ? "size-1.5 rounded-full bg-emerald-400"
            : status === "loading"
              ? "size-1.5 animate-pulse rounded-full bg-slate-400"
              : "size-1.5 rounded-full bg-slate-500"
        }
      />
      {NOTES[status]}
    </p>
  );
}
