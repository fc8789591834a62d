import { type RefObject, useEffect, useRef } from "react";
import type { CompactTrack, LimbScores } from "@stepsync/contracts";
import { type Ghost, ghostPose } from "../lib/ghost-pose";
import { boneKey, limbBandsAt } from "../lib/limb-colours";
import { fittedRect, prepareCanvas } from "../lib/canvas";
import { frameAt, type Pt } from "../lib/pose-frames";
import {
  bandBone,
  type BoneStyle,
  SEEN_CONFIDENCE,
  SKELETON_COLOURS,
  strokeSkeleton,
  TEACHER_BONE,
  UNSEEN_BONE,
} from "../lib/skeleton-style";
import { cx } from "./cx";
import { BAND_MARK, BAND_STROKE, type BandMark } from "../lib/score-colours";

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
      return band ? bandBone(band) : UNSEEN_BONE;
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
  /** The track is the teacher's (the reference video): drawn in the teacher's colour, judged nowhere. */
  teacher: boolean;
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
        () => TEACHER_BONE,
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
  const style = scene.teacher
    ? (a: number, b: number) => (seen(a) && seen(b) ? TEACHER_BONE : UNSEEN_BONE)
    : boneStyles(t, scene.limbScores, scene.problematic, seen);
  strokeSkeleton(ctx, point, style, line, seen);
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
  teacher = false,
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
  /** The track is the teacher's own (the reference video): the teacher's colour, no judgement. */
  teacher?: boolean;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // The latest props, read by the painter, so a new `ghost` object each render does not re-subscribe.
  const scene = useRef<Omit<Scene, "track" | "problematic"> & { problematicJoints: ReadonlyArray<string> }>(null);
  scene.current = { problematicJoints, limbScores, showSkeleton: visible, ghost, showGhost, teacher };
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
 * The key of the skeletons, shown under the players: the user's limbs by score band (each band's
 * colour and mark: its second cue) when the limbs are scored ("limbs"), else "on track / needs work"
 * ("joints"), or just the pose when nothing was judged (another routine: "none"), and "not seen";
 * the teacher's colour, whenever a teacher's skeleton is drawn (on the reference video, or as the
 * ghost on the user's). An entry switched off keeps its place (invisible), so switching the
 * skeleton or the ghost never moves the layout.
 */
export function SkeletonKey({
  scored,
  skeleton,
  ghost,
}: {
  scored: "limbs" | "joints" | "none";
  /** The skeletons of both videos: whether there are any, and whether they are shown. */
  skeleton: { available: boolean; shown: boolean };
  ghost: { available: boolean; shown: boolean };
}) {
  const bones: Array<{ color: string; label: string; mark?: BandMark | null }> =
    scored === "limbs"
      ? [
          { color: BAND_STROKE.green, label: "80+", mark: BAND_MARK.green },
          { color: BAND_STROKE.yellow, label: "60–79", mark: BAND_MARK.yellow },
          { color: BAND_STROKE.red, label: "below 60", mark: BAND_MARK.red },
        ]
      : scored === "joints"
        ? [
            { color: SKELETON_COLOURS.onTrack, label: "on track" },
            { color: SKELETON_COLOURS.needsWork, label: "needs work" },
          ]
        : [{ color: SKELETON_COLOURS.onTrack, label: "your pose" }];
  type Entry = { color: string; label: string; shown: boolean; dashed?: boolean; mark?: BandMark | null };
  const entries: Entry[] = [];
  if (skeleton.available) {
    for (const bone of bones) entries.push({ ...bone, shown: skeleton.shown });
    entries.push({ color: SKELETON_COLOURS.unseen, label: "not seen", shown: skeleton.shown, dashed: true });
  }
  // The teacher's skeleton is drawn on the reference video with the others, and as the ghost.
  if (skeleton.available || ghost.available)
    entries.push({
      color: SKELETON_COLOURS.ghost,
      label: "teacher",
      shown: (skeleton.available && skeleton.shown) || (ghost.available && ghost.shown),
    });
  if (!entries.length) return null;
  return (
    <p
      className="flex min-h-4 flex-wrap items-center justify-center gap-x-3 gap-y-1 text-xs text-slate-400"
      data-testid="skeleton-key"
    >
      {entries.map(({ color, label, shown, dashed, mark }) => (
        <span
          key={label}
          className={cx("inline-flex items-center gap-1", !shown && "invisible")}
          aria-hidden={!shown || undefined}
          data-key-entry={label}
          data-mark={mark ?? undefined}
        >
          <KeySwatch color={color} dashed={dashed} mark={mark ?? null} /> {label}
        </span>
      ))}
    </p>
  );
}

/** A short stretch of limb as the skeleton draws it: solid or dashed, with the band's mark at its middle. */
function KeySwatch({ color, dashed, mark }: { color: string; dashed?: boolean; mark: BandMark | null }) {
  const halo = "rgba(2, 6, 23, 0.85)";
  return (
    <svg viewBox="0 0 20 10" className="h-3 w-6 shrink-0 overflow-visible" aria-hidden>
      <line
        x1="1"
        y1="5"
        x2="19"
        y2="5"
        stroke={color}
        strokeWidth={dashed ? 1.5 : 2.5}
        strokeLinecap="round"
        strokeDasharray={dashed ? "3 3" : undefined}
      />
      {mark === "diamond" ? (
        <polygon points="10,1 14,5 10,9 6,5" fill={color} stroke={halo} strokeWidth="1" />
      ) : mark === "triangle" ? (
        <polygon points="10,0.5 14.5,9 5.5,9" fill={color} stroke={halo} strokeWidth="1" />
      ) : null}
    </svg>
  );
}
