import { type RefObject, useEffect, useRef } from "react";
import type { CompactTrack, LimbScores } from "@stepsync/contracts";
import { type Ghost, ghostPose } from "../lib/ghost-pose";
import { boneKey, limbBandsAt } from "../lib/limb-colours";
import { fittedRect, prepareCanvas } from "../lib/canvas";
import { frameAt, nearestIndex, type Pt } from "../lib/pose-frames";
import { cx } from "./cx";
import { BAND_STROKE } from "./ScoreVisuals";

export type { Ghost } from "../lib/ghost-pose";

/** COCO-17 bones (index pairs). */
export const COCO_BONES: ReadonlyArray<readonly [number, number]> = [
  [0, 1],
  [0, 2],
  [1, 3],
  [2, 4],
  [5, 6],
  [5, 7],
  [7, 9],
  [6, 8],
  [8, 10],
  [5, 11],
  [6, 12],
  [11, 12],
  [11, 13],
  [13, 15],
  [12, 14],
  [14, 16],
];

/** The bones that make up each joint the engine scores (the angle's two arms). */
const JOINT_BONES: Record<string, ReadonlyArray<readonly [number, number]>> = {
  left_elbow: [
    [5, 7],
    [7, 9],
  ],
  right_elbow: [
    [6, 8],
    [8, 10],
  ],
  left_shoulder: [
    [5, 7],
    [5, 11],
  ],
  right_shoulder: [
    [6, 8],
    [6, 12],
  ],
  left_hip: [
    [5, 11],
    [11, 13],
  ],
  right_hip: [
    [6, 12],
    [12, 14],
  ],
  left_knee: [
    [11, 13],
    [13, 15],
  ],
  right_knee: [
    [12, 14],
    [14, 16],
  ],
  torso: [
    [5, 6],
    [11, 12],
    [5, 11],
    [6, 12],
  ],
  head: [
    [0, 1],
    [0, 2],
    [1, 3],
    [2, 4],
  ],
};

/** Keys of the bones to draw red for these problematic joints. */
export function problemBones(joints: ReadonlyArray<string>): Set<string> {
  const out = new Set<string>();
  for (const joint of joints) for (const [a, b] of JOINT_BONES[joint] ?? []) out.add(boneKey(a, b));
  return out;
}

/** Index of the frame whose time is nearest t (frames sorted by time), or -1. */
export function nearestFrame(frames: ReadonlyArray<ReadonlyArray<number>>, t: number): number {
  return nearestIndex(frames.length, (i) => frames[i]?.[0] ?? 0, t);
}

const ACCENT = "#ff6fae";
const PROBLEM = "#f43f5e";
/** A limb the engine could not score at this moment (not visible, or no move matched). */
const UNSCORED = "#cbd5e1";
/** The teacher's ghost: the reference's colour in the home page's skeletons. */
const GHOST = "#5eead4";
const GHOST_ALPHA = 0.45;

export interface BoneStyle {
  color: string;
  /** Drawn a little thicker: a limb that needs work. */
  strong: boolean;
}

/**
 * How each bone of the user's skeleton is drawn at user time t. With the engine's per-limb scores,
 * each limb in its score band's colour (UNSCORED where it has none then); without them (results
 * of earlier engines, a different routine), the accent colour with the problematic joints in red.
 */
export function boneStyles(
  t: number,
  limbScores: LimbScores | null | undefined,
  problematic: ReadonlySet<string>,
): (a: number, b: number) => BoneStyle {
  if (limbScores) {
    const bands = limbBandsAt(limbScores, t);
    return (a, b) => {
      const band = bands.get(boneKey(a, b));
      return { color: band ? BAND_STROKE[band] : UNSCORED, strong: band === "red" };
    };
  }
  return (a, b) =>
    problematic.has(boneKey(a, b)) ? { color: PROBLEM, strong: true } : { color: ACCENT, strong: false };
}

function strokeSkeleton(
  ctx: CanvasRenderingContext2D,
  point: (k: number) => Pt | null,
  style: (a: number, b: number) => BoneStyle,
  line: number,
  dots: boolean,
) {
  ctx.lineCap = "round";
  for (const [a, b] of COCO_BONES) {
    const p = point(a);
    const q = point(b);
    if (!p || !q) continue;
    const { color, strong } = style(a, b);
    ctx.strokeStyle = color;
    ctx.lineWidth = strong ? line * 1.25 : line;
    ctx.shadowColor = color;
    ctx.shadowBlur = 6;
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    ctx.lineTo(q.x, q.y);
    ctx.stroke();
  }
  ctx.shadowBlur = 0;
  if (!dots) return;
  for (let k = 0; k < 17; k++) {
    const p = point(k);
    if (!p) continue;
    ctx.fillStyle = "#fff";
    ctx.beginPath();
    ctx.arc(p.x, p.y, line * 0.9, 0, Math.PI * 2);
    ctx.fill();
  }
}

interface Scene {
  track: CompactTrack;
  problematic: ReadonlySet<string>;
  limbScores: LimbScores | null | undefined;
  showSkeleton: boolean;
  ghost: Ghost | null | undefined;
  showGhost: boolean;
}

function draw(canvas: HTMLCanvasElement, video: HTMLVideoElement, scene: Scene) {
  const w = video.clientWidth;
  const h = video.clientHeight;
  const ctx = prepareCanvas(canvas, w, h);
  if (!ctx) return;
  const t = video.currentTime;
  const rect = fittedRect("contain", w, h, video.videoWidth, video.videoHeight);
  const line = Math.max(2, Math.min(5, rect.width / 160));
  const onScreen = (p: Pt | null | undefined) =>
    p ? { x: rect.x + p.x * rect.width, y: rect.y + p.y * rect.height } : null;

  // The ghost first, so the user's own skeleton stays on top.
  if (scene.showGhost && scene.ghost) {
    const size = {
      width: video.videoWidth || scene.track.width || 1,
      height: video.videoHeight || scene.track.height || 1,
    };
    const ghost = ghostPose(scene.ghost, scene.track, t, size);
    if (ghost) {
      ctx.globalAlpha = GHOST_ALPHA;
      strokeSkeleton(
        ctx,
        (k) => onScreen(ghost[k]),
        () => ({ color: GHOST, strong: false }),
        line,
        false,
      );
      ctx.globalAlpha = 1;
    }
  }

  if (!scene.showSkeleton) return;
  const frame = frameAt(scene.track, t);
  if (!frame) return;
  const point = (k: number) =>
    (frame[1 + k * 3 + 2] ?? 0) > 0 ? onScreen({ x: frame[1 + k * 3] ?? 0, y: frame[1 + k * 3 + 1] ?? 0 }) : null;
  strokeSkeleton(ctx, point, boneStyles(t, scene.limbScores, scene.problematic), line, true);
}

/**
 * The skeleton of the stored pose track drawn on a canvas over a <video>: the frame nearest the
 * video's current time, scaled into the letterboxed picture, redrawn every animation frame while
 * playing and on seek/resize otherwise. On the user's video, with `limbScores` each limb takes the
 * colour of its score at that moment, and with `showGhost` the teacher's pose (`ghost`) is drawn
 * faintly on the user's body.
 */
export function PoseOverlay({
  videoRef,
  track,
  problematicJoints,
  visible,
  limbScores,
  ghost,
  showGhost = false,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  track: CompactTrack | null | undefined;
  problematicJoints: ReadonlyArray<string>;
  /** The skeleton of this video's own track. */
  visible: boolean;
  /** results.limb_scores: colours the skeleton limb by limb (user's video only). */
  limbScores?: LimbScores | null;
  /** The teacher's pose to draw over this (the user's) video; null when there is no pairing to trust. */
  ghost?: Ghost | null;
  showGhost?: boolean;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // The latest props, read by the painter, so a new `ghost` object each render does not re-subscribe.
  const scene = useRef<Omit<Scene, "track" | "problematic"> & { problematicJoints: ReadonlyArray<string> }>(null);
  scene.current = { problematicJoints, limbScores, showSkeleton: visible, ghost, showGhost };
  const repaint = useRef<() => void>(() => {});

  useEffect(() => {
    const video = videoRef.current;
    const canvas = canvasRef.current;
    if (!video || !canvas || !track) return;
    let problematicFor: ReadonlyArray<string> | null = null;
    let problematic: ReadonlySet<string> = new Set();
    let raf = 0;
    const paint = () => {
      const now = scene.current;
      if (!now) return;
      if (now.problematicJoints !== problematicFor) {
        problematicFor = now.problematicJoints;
        problematic = problemBones(now.problematicJoints);
      }
      draw(canvas, video, { ...now, track, problematic });
    };
    repaint.current = paint;
    const loop = () => {
      paint();
      if (!video.paused && !video.ended) raf = requestAnimationFrame(loop);
      else raf = 0;
    };
    const start = () => {
      if (!raf) raf = requestAnimationFrame(loop);
    };
    paint();
    const events = ["seeked", "loadeddata", "loadedmetadata", "timeupdate", "pause"] as const;
    for (const e of events) video.addEventListener(e, paint);
    video.addEventListener("play", start);
    video.addEventListener("playing", start);
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(paint) : null;
    observer?.observe(video);
    if (!video.paused) start();
    return () => {
      cancelAnimationFrame(raf);
      repaint.current = () => {};
      for (const e of events) video.removeEventListener(e, paint);
      video.removeEventListener("play", start);
      video.removeEventListener("playing", start);
      observer?.disconnect();
    };
  }, [videoRef, track]);

  // A switch or new scores show at once, also while paused (one draw per render: cheap).
  useEffect(() => {
    repaint.current();
  });

  if (!track) return null;
  return <canvas ref={canvasRef} aria-hidden className="pointer-events-none absolute inset-0 size-full" />;
}

/**
 * The colour key of the user's skeleton, for the player's caption: the score bands when the limbs
 * are scored, else "on track / needs work"; the ghost's colour when it is shown.
 */
export function SkeletonKey({ scored, ghost = false }: { scored: boolean; ghost?: boolean }) {
  const entries: Array<[string, string]> = scored
    ? [
        [BAND_STROKE.green, "80+"],
        [BAND_STROKE.yellow, "60–79"],
        [BAND_STROKE.red, "below 60"],
      ]
    : [
        [ACCENT, "on track"],
        [PROBLEM, "needs work"],
      ];
  if (ghost) entries.push([GHOST, "teacher"]);
  return (
    <span className="inline-flex flex-wrap items-center gap-3 text-xs text-slate-400" data-testid="skeleton-key">
      {entries.map(([color, label]) => (
        <span key={label} className="inline-flex items-center gap-1">
          <span
            className={cx("h-1 w-4 rounded-full", label === "teacher" && "opacity-60")}
            style={{ backgroundColor: color }}
            aria-hidden
          />{" "}
          {label}
        </span>
      ))}
    </span>
  );
}
