import { type Ref, useEffect, useImperativeHandle, useRef, useState } from "react";
import type { RehearsalDancer } from "@stepsync/contracts";
import { boxAt, personBox } from "./rehearsal-view";

export type RehearsalVideoHandle = {
  /** Jumps to `t` seconds of the video and plays from there. */
  seek: (t: number) => void;
};

/**
 * The rehearsal video with each dancer's box at the video's current time, in the dancer's colour
 * with their number (a number says who it is without the colour). The boxes follow the playing
 * video frame by frame; `onTime` hears the time as it moves.
 */
export function RehearsalVideo({
  ref,
  src,
  size,
  dancers,
  label,
  onTime,
}: {
  ref?: Ref<RehearsalVideoHandle>;
  src: string;
  /** The video's frame in pixels (the boxes are fractions of it); null when unknown. */
  size: { width: number; height: number } | null;
  dancers: readonly RehearsalDancer[];
  label: string;
  onTime?: (t: number) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [time, setTime] = useState(0);
  const [frame, setFrame] = useState(size);
  const onTimeRef = useRef(onTime);
  onTimeRef.current = onTime;

  useImperativeHandle(ref, () => ({
    seek: (t: number) => {
      const v = video.current;
      if (!v) return;
      v.currentTime = Math.max(0, t);
      setTime(v.currentTime);
      void v.play()?.catch(() => undefined);
    },
  }));

  // While playing, the boxes move with every frame the browser paints (timeupdate comes 4 times a second).
  useEffect(() => {
    const v = video.current;
    if (!v) return;
    let raf = 0;
    const tick = () => {
      setTime(v.currentTime);
      onTimeRef.current?.(v.currentTime);
      if (!v.paused && !v.ended) raf = requestAnimationFrame(tick);
    };
    const start = () => {
      cancelAnimationFrame(raf);
      raf = requestAnimationFrame(tick);
    };
    const once = () => {
      setTime(v.currentTime);
      onTimeRef.current?.(v.currentTime);
    };
    v.addEventListener("play", start);
    v.addEventListener("seeked", once);
    v.addEventListener("timeupdate", once);
    return () => {
      cancelAnimationFrame(raf);
      v.removeEventListener("play", start);
      v.removeEventListener("seeked", once);
      v.removeEventListener("timeupdate", once);
    };
  }, []);

  const width = frame?.width ?? 16;
  const height = frame?.height ?? 9;
  const unit = Math.min(width, height);
  return (
    <div
      className="relative mx-auto w-full overflow-hidden rounded-2xl bg-black"
      style={{ aspectRatio: `${width} / ${height}`, maxWidth: `calc(70vh * ${width / height})` }}
    >
      <video
        ref={video}
        src={src}
        controls
        playsInline
        preload="metadata"
        aria-label={label}
        className="absolute inset-0 size-full object-contain"
        onLoadedMetadata={(e) => {
          const v = e.currentTarget;
          if (!frame && v.videoWidth > 0) setFrame({ width: v.videoWidth, height: v.videoHeight });
        }}
      >
        <track kind="captions" />
      </video>
      {/* Above the picture, below the controls' reach: the overlay takes no clicks. */}
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="pointer-events-none absolute inset-0 size-full"
        aria-hidden
        data-testid="dancer-boxes"
      >
        {dancers.map((d) => {
          const box = boxAt(d.boxes, time);
          if (!box) return null;
          const [x0, y0, x1, y1] = personBox(box);
          const x = x0 * width;
          const y = y0 * height;
          const tag = unit * 0.075;
          return (
            <g key={d.id} data-testid="dancer-box" data-dancer={d.id}>
              <rect
                x={x}
                y={y}
                width={(x1 - x0) * width}
                height={(y1 - y0) * height}
                fill="none"
                stroke={d.colour}
                strokeWidth={unit * 0.008}
                rx={unit * 0.01}
              />
              <rect x={x} y={Math.max(0, y - tag)} width={tag} height={tag} fill={d.colour} rx={unit * 0.01} />
              <text
                x={x + tag / 2}
                y={Math.max(0, y - tag) + tag * 0.75}
                textAnchor="middle"
                fontSize={tag * 0.8}
                fontWeight={700}
                fill="#0b1020"
              >
                {d.id}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
