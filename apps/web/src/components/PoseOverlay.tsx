import { type RefObject, useEffect, useRef } from "react";
import type { CompactTrack } from "@stepsync/contracts";

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

const boneKey = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);

/** Keys of the bones to draw red for these problematic joints. */
export function problemBones(joints: ReadonlyArray<string>): Set<string> {
  const out = new Set<string>();
  for (const joint of joints) for (const [a, b] of JOINT_BONES[joint] ?? []) out.add(boneKey(a, b));
  return out;
}

/** The displayed picture inside an element of w×h showing a vw×vh video with object-fit: contain. */
export function containRect(w: number, h: number, vw: number, vh: number) {
  if (!vw || !vh || !w || !h) return { x: 0, y: 0, width: w, height: h };
  const scale = Math.min(w / vw, h / vh);
  const width = vw * scale;
  const height = vh * scale;
  return { x: (w - width) / 2, y: (h - height) / 2, width, height };
}

/** Index of the frame whose time is nearest t (frames sorted by time), or -1. */
export function nearestFrame(frames: ReadonlyArray<ReadonlyArray<number>>, t: number): number {
  if (!frames.length) return -1;
  let lo = 0;
  let hi = frames.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((frames[mid]?.[0] ?? 0) <= t) lo = mid;
    else hi = mid;
  }
  const a = frames[lo]?.[0] ?? 0;
  const b = frames[hi]?.[0] ?? 0;
  return Math.abs(t - a) <= Math.abs(b - t) ? lo : hi;
}

const ACCENT = "#ff6fae";
const PROBLEM = "#f43f5e";

function draw(
  canvas: HTMLCanvasElement,
  video: HTMLVideoElement,
  track: CompactTrack,
  bad: Set<string>,
  show: boolean,
) {
  const dpr = window.devicePixelRatio || 1;
  const w = video.clientWidth;
  const h = video.clientHeight;
  if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
  }
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, w, h);
  if (!show) return;
  const index = nearestFrame(track.frames, video.currentTime);
  const frame = index >= 0 ? track.frames[index] : undefined;
  if (!frame) return;
  // No pose for a moment more than half a second away: draw nothing rather than a stale skeleton.
  if (Math.abs((frame[0] ?? 0) - video.currentTime) > 0.5) return;
  const rect = containRect(w, h, video.videoWidth, video.videoHeight);
  const point = (k: number) => {
    const s = frame[1 + k * 3 + 2] ?? 0;
    if (s <= 0) return null;
    return { x: rect.x + (frame[1 + k * 3] ?? 0) * rect.width, y: rect.y + (frame[1 + k * 3 + 1] ?? 0) * rect.height };
  };
  const line = Math.max(2, Math.min(5, rect.width / 160));
  ctx.lineCap = "round";
  for (const [a, b] of COCO_BONES) {
    const p = point(a);
    const q = point(b);
    if (!p || !q) continue;
    const red = bad.has(boneKey(a, b));
    ctx.strokeStyle = red ? PROBLEM : ACCENT;
    ctx.lineWidth = red ? line * 1.25 : line;
    ctx.shadowColor = red ? "rgba(244,63,94,0.7)" : "rgba(255,111,174,0.6)";
    ctx.shadowBlur = 6;
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    ctx.lineTo(q.x, q.y);
    ctx.stroke();
  }
  ctx.shadowBlur = 0;
  for (let k = 0; k < 17; k++) {
    const p = point(k);
    if (!p) continue;
    ctx.fillStyle = "#fff";
    ctx.beginPath();
    ctx.arc(p.x, p.y, line * 0.9, 0, Math.PI * 2);
    ctx.fill();
  }
}

/**
 * The skeleton of the stored pose track drawn on a canvas over a <video>: the frame nearest the
 * video's current time, scaled into the letterboxed picture, redrawn every animation frame while
 * playing and on seek/resize otherwise.
 */
export function PoseOverlay({
  videoRef,
  track,
  problematicJoints,
  visible,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  track: CompactTrack | null | undefined;
  problematicJoints: ReadonlyArray<string>;
  visible: boolean;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const video = videoRef.current;
    const canvas = canvasRef.current;
    if (!video || !canvas || !track) return;
    const bad = problemBones(problematicJoints);
    let raf = 0;
    const paint = () => draw(canvas, video, track, bad, visible);
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
      for (const e of events) video.removeEventListener(e, paint);
      video.removeEventListener("play", start);
      video.removeEventListener("playing", start);
      observer?.disconnect();
    };
  }, [videoRef, track, problematicJoints, visible]);

  if (!track) return null;
  return <canvas ref={canvasRef} aria-hidden className="pointer-events-none absolute inset-0 size-full" />;
}
