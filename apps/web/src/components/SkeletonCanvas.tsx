import { Pause, Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { prepareCanvas } from "../lib/canvas";
import { GROOVE, joints, type Pt, poseAt } from "../lib/skeleton-pose";
import { BAND_STROKE } from "../lib/score-colours";

const BONES: ReadonlyArray<readonly [string, string]> = [
  ["neck", "pelvis"],
  ["ls", "rs"],
  ["lh", "rh"],
  ["ls", "le"],
  ["le", "lw"],
  ["rs", "re"],
  ["re", "rw"],
  ["lh", "lk"],
  ["lk", "la"],
  ["rh", "rk"],
  ["rk", "ra"],
];

function drawFigure(
  ctx: CanvasRenderingContext2D,
  js: Record<string, Pt>,
  color: string,
  scale: number,
  flagged: Set<string>,
) {
  ctx.lineCap = "round";
  ctx.lineWidth = 7 * scale;
  for (const [a, b] of BONES) {
    const p = js[a]!;
    const q = js[b]!;
    ctx.strokeStyle = flagged.has(b) ? BAND_STROKE.red : color;
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    ctx.lineTo(q.x, q.y);
    ctx.stroke();
  }
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.arc(js.head!.x, js.head!.y, 16 * scale, 0, Math.PI * 2);
  ctx.fill();
  for (const name of ["ls", "rs", "le", "re", "lw", "rw", "lh", "rh", "lk", "rk", "la", "ra"]) {
    const p = js[name]!;
    ctx.fillStyle = "#ffffff";
    ctx.beginPath();
    ctx.arc(p.x, p.y, 5 * scale, 0, Math.PI * 2);
    ctx.fill();
  }
}

/**
 * Two animated skeletons on a canvas: the reference (teal) and "you" (pink) a little behind, with the
 * flagged limbs in red. Pauses on request and starts paused when the user prefers reduced motion.
 */
export function SkeletonCanvas({
  lag = 0.04,
  offset = 0,
  flagged = [],
  label,
  className,
}: {
  /** How far behind the reference "you" are, as a fraction of the loop. */
  lag?: number;
  /** Angle error (degrees) added to the flagged limbs. */
  offset?: number;
  /** Joint names of the end of the flagged bones: le, lw, re, rw, lk, la, rk, ra. */
  flagged?: ReadonlyArray<string>;
  label: string;
  className?: string;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  const [playing, setPlaying] = useState(
    () => typeof window === "undefined" || !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches,
  );
  const flaggedKey = flagged.join(",");

  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext("2d");
    if (!canvas || !ctx) return;
    const flaggedSet = new Set(flaggedKey ? flaggedKey.split(",") : []);
    let frame = 0;
    let start = performance.now();
    let phase = 0.1;
    const draw = (u: number) => {
      const w = canvas.clientWidth;
      const h = canvas.clientHeight;
      prepareCanvas(canvas, w, h);
      const unit = h * 0.2;
      const scale = unit / 80;
      const you = poseAt(GROOVE, u - lag);
      if (offset) {
        for (const j of flaggedSet) {
          const key = (
            { le: "lua", lw: "lfa", re: "rua", rw: "rfa", lk: "lth", la: "lsh", rk: "rth", ra: "rsh" } as const
          )[j as "le"];
          if (key) you[key] += offset;
        }
      }
      ctx.globalAlpha = 0.45;
      drawFigure(ctx, joints(poseAt(GROOVE, u), w / 2, h * 0.5, unit), "#2dd4bf", scale, new Set());
      ctx.globalAlpha = 1;
      drawFigure(ctx, joints(you, w / 2, h * 0.5, unit), "#ff4d9d", scale, flaggedSet);
    };
    if (!playing) {
      draw(phase);
      return;
    }
    const tick = (now: number) => {
      phase = ((now - start) / 4000) % 1;
      draw(phase);
      frame = requestAnimationFrame(tick);
    };
    start = performance.now() - phase * 4000;
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, lag, offset, flaggedKey]);

  return (
    <div className={className}>
      <div className="relative overflow-hidden rounded-2xl bg-gradient-to-b from-night-800 to-night-950">
        <canvas ref={ref} className="block aspect-[4/3] w-full" role="img" aria-label={label} />
        <div className="absolute left-3 top-3 flex gap-3 text-xs font-semibold">
          <span className="flex items-center gap-1.5 text-teal-300">
            <span className="size-2.5 rounded-full bg-teal-400" aria-hidden /> Reference
          </span>
          <span className="flex items-center gap-1.5 text-accent-300">
            <span className="size-2.5 rounded-full bg-accent-500" aria-hidden /> You
          </span>
        </div>
        <button
          type="button"
          onClick={() => setPlaying((p) => !p)}
          className="absolute bottom-3 right-3 flex size-10 items-center justify-center rounded-full bg-white/10 text-white backdrop-blur transition hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-accent-400"
          aria-label={playing ? "Pause animation" : "Play animation"}
        >
          {playing ? <Pause className="size-4" aria-hidden /> : <Play className="size-4" aria-hidden />}
        </button>
      </div>
    </div>
  );
}
