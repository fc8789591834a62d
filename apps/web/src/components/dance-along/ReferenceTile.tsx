import type { RefObject } from "react";
import { useState } from "react";
import { cx } from "../cx";

/**
 * The reference to dance along with: paused on its first frame until the take starts, mirrored by
 * default (so the teacher's right is on the dancer's right, as in a studio mirror), with its sound.
 */
export function ReferenceTile({
  src,
  videoRef,
  mirrored,
  className,
}: {
  src: string;
  videoRef: RefObject<HTMLVideoElement | null>;
  mirrored: boolean;
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  return (
    <div className={cx("relative overflow-hidden rounded-2xl border border-white/10 bg-black", className)}>
      <video
        ref={videoRef}
        src={src}
        preload="auto"
        playsInline
        aria-label="Dance-along reference"
        data-testid="dance-along-reference"
        data-mirrored={mirrored}
        className={cx("size-full object-contain", mirrored && "-scale-x-100")}
        onError={() => setBroken(true)}
        onLoadedData={() => setBroken(false)}
      >
        <track kind="captions" />
      </video>
      <span className="absolute left-3 top-3 rounded-full bg-black/60 px-2.5 py-1 text-xs font-semibold text-teal-300">
        Reference
      </span>
      {broken ? (
        <p className="absolute inset-x-3 bottom-3 rounded-xl bg-night-950/85 p-2 text-center text-xs text-slate-300">
          This reference can't play here; you can still record.
        </p>
      ) : null}
    </div>
  );
}
