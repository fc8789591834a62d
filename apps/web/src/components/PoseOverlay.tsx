import { type RefObject, useEffect, useRef } from "react";
import type { CompactTrack, LimbScores } from "@stepsync/contracts";
import { type Ghost, ghostPose } from "../lib/ghost-pose";
import { boneKey, limbBandsAt } from "../lib/limb-colours";
import { fittedRect, prepareCanvas } from "../lib/canvas";
import { frameAt, type Pt } from "../lib/pose-frames";
import { type BoneStyle, SEEN_CONFIDENCE, SKELETON_COLOURS, strokeSkeleton, UNSEEN_BONE } from "../lib/skeleton-style";
import { cx } from "./cx";
import { BAND_STROKE } from "../lib/score-colours";

export type { Ghost } from "../lib/ghost-pose";

const GHOST_ALPHA = 0.8;
/** The ghost is drawn wider than the user's skeleton, so it reads as the shape to fill, underneath. */
const GHOST_WIDTH = 1.8;

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

/**
 * How each bone of the user's skeleton is drawn at user time t. A bone with an end the model did
 * not see clearly (`seen` false) is drawn as not seen, whatever its score. With the engine's
 * per-limb scores, each limb in its score band's colour (not seen where it has none then); without
 * them (a result stored without them, a different routine), "on track" with the problematic joints
 * as "needs work".
 */
export function boneStyles(
  t: number,
  limbScores: LimbScores | null | undefined,
  problematic: ReadonlySet<string>,
  seen: (k: number) => boolean = () => true,
): (a: number, b: number) => BoneStyle {
  const bands = limbScores ? limbBandsAt(limbScores, t) : null;
  return (a, b) => {
    if (!seen(a) || !seen(b)) return UNSEEN_BONE;
    if (bands) {
      const band = bands.get(boneKey(a, b));
      return band ? { color: BAND_STROKE[band], strong: band === "red" } : UNSEEN_BONE;
    }
    return problematic.has(boneKey(a, b))
      ? { color: SKELETON_COLOURS.needsWork, strong: true }
      : { color: SKELETON_COLOURS.onTrack, strong: false };
  };
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
        () => ({ color: SKELETON_COLOURS.ghost, strong: false }),
        line * GHOST_WIDTH,
        null,
      );
      ctx.globalAlpha = 1;
    }
  }

  if (!scene.showSkeleton) return;
  const frame = frameAt(scene.track, t);
  if (!frame) return;
  const confidence = (k: number) => frame[1 + k * 3 + 2] ?? 0;
  const point = (k: number) =>
    confidence(k) > 0 ? onScreen({ x: frame[1 + k * 3] ?? 0, y: frame[1 + k * 3 + 1] ?? 0 }) : null;
  const seen = (k: number) => confidence(k) >= SEEN_CONFIDENCE;
  strokeSkeleton(ctx, point, boneStyles(t, scene.limbScores, scene.problematic, seen), line, seen);
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
 * The colour key of the user's skeleton, shown under the players: the score bands when the limbs are
 * scored ("limbs"), else "on track / needs work" ("joints"), or just the pose when nothing was judged
 * (another routine: "none"), and "not seen"; the ghost's colour. An entry switched off
 * keeps its place (invisible), so switching the skeleton or the ghost never moves the layout.
 */
export function SkeletonKey({
  scored,
  skeleton,
  ghost,
}: {
  scored: "limbs" | "joints" | "none";
  /** The user's skeleton: whether there is one, and whether it is shown. */
  skeleton: { available: boolean; shown: boolean };
  ghost: { available: boolean; shown: boolean };
}) {
  const bones: Array<[string, string]> =
    scored === "limbs"
      ? [
          [BAND_STROKE.green, "80+"],
          [BAND_STROKE.yellow, "60–79"],
          [BAND_STROKE.red, "below 60"],
        ]
      : scored === "joints"
        ? [
            [SKELETON_COLOURS.onTrack, "on track"],
            [SKELETON_COLOURS.needsWork, "needs work"],
          ]
        : [[SKELETON_COLOURS.onTrack, "your pose"]];
  const entries: Array<{ color: string; label: string; shown: boolean; dashed?: boolean }> = [];
  if (skeleton.available) {
    for (const [color, label] of bones) entries.push({ color, label, shown: skeleton.shown });
    entries.push({ color: SKELETON_COLOURS.unseen, label: "not seen", shown: skeleton.shown, dashed: true });
  }
  if (ghost.available) entries.push({ color: SKELETON_COLOURS.ghost, label: "teacher", shown: ghost.shown });
  if (!entries.length) return null;
  return (
    <p
      className="flex min-h-4 flex-wrap items-center justify-center gap-x-3 gap-y-1 text-xs text-slate-400"
      data-testid="skeleton-key"
    >
      {entries.map(({ color, label, shown, dashed }) => (
        <span
          key={label}
          className={cx("inline-flex items-center gap-1", !shown && "invisible")}
          aria-hidden={!shown || undefined}
          data-key-entry={label}
        >
          <span
            className={cx("w-4", dashed ? "border-t-2 border-dashed" : "h-1 rounded-full")}
            style={dashed ? { borderColor: color } : { backgroundColor: color }}
            aria-hidden
          />{" "}
          {label}
        </span>
      ))}
    </p>
  );
}
