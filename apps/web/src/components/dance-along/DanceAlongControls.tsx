import { FlipHorizontal2, Music } from "lucide-react";
import { cx } from "../cx";

/** The dance-along switch and the reference's mirror toggle, above the recording stage. */
export function DanceAlongControls({
  danceAlong,
  onDanceAlong,
  mirrored,
  onMirrored,
  locked,
}: {
  danceAlong: boolean;
  onDanceAlong: (on: boolean) => void;
  mirrored: boolean;
  onMirrored: (on: boolean) => void;
  /** While counting in or recording the choice of take is fixed (the mirror may still change). */
  locked: boolean;
}) {
  return (
    <div className="mb-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
      <label className={cx("inline-flex items-center gap-2.5", locked ? "opacity-60" : "cursor-pointer")}>
        <button
          type="button"
          role="switch"
          aria-checked={danceAlong}
          disabled={locked}
          onClick={() => onDanceAlong(!danceAlong)}
          className={cx(
            "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400",
            danceAlong ? "bg-accent-500" : "bg-white/15",
          )}
        >
          <span
            aria-hidden
            className={cx(
              "inline-block size-5 rounded-full bg-white shadow transition-transform",
              danceAlong ? "translate-x-5.5" : "translate-x-0.5",
            )}
          />
        </button>
        <span className="inline-flex items-center gap-1.5 font-medium text-white">
          <Music className="size-4 text-accent-300" aria-hidden /> Dance along
        </span>
      </label>
      {danceAlong ? (
        <button
          type="button"
          aria-pressed={mirrored}
          onClick={() => onMirrored(!mirrored)}
          className={cx(
            "inline-flex h-8 items-center gap-1.5 rounded-full border px-3 font-medium transition focus-visible:outline-2 focus-visible:outline-accent-400",
            mirrored
              ? "border-accent-400/60 bg-accent-500/15 text-accent-200"
              : "border-white/12 bg-white/8 text-slate-300 hover:bg-white/14",
          )}
        >
          <FlipHorizontal2 className="size-4" aria-hidden /> Mirror
        </button>
      ) : null}
      {danceAlong ? (
        <span className="hidden text-xs text-slate-400 sm:inline">
          3-2-1, then the reference plays while you record
        </span>
      ) : null}
    </div>
  );
}
