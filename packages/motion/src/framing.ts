/**
 * Framing the person for a card: which frame shows the whole body best (the thumbnail's), and the
 * window to cut around them at the card's aspect ratio, so a portrait dancer in a 16:9 card keeps
 * their head and feet. Pure: poses in, numbers out. video/frame.ts cuts the picture; the web app
 * places a preview video by the same window.
 */
import { COCO_KEYPOINTS, type CocoKeypoint } from "./pose/keypoints.ts";
import { quantile } from "./numbers.ts";
import type { CompactTrack } from "./types.ts";

/**
 * A rectangle in a video frame, normalised to it (x, w across; y, h down; 0–1). A crop window may
 * reach outside the frame (a portrait frame in a landscape card): that part is filled.
 */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A frame to show (seconds into the video) and the window to show of it. */
export interface Framing {
  at: number;
  crop: Box;
}

/** What framing reads of a pose track (a PoseTrack is one): flat [x, y, score] per keypoint, x and y 0–1. */
export interface FramingTrack {
  keypointNames: readonly string[];
  /** Display size of the video, pixels. */
  width: number;
  height: number;
  frames: ReadonlyArray<{ t: number; keypoints: ArrayLike<number> }>;
}

/** A comparison's compact track (rows of [t, x0, y0, s0, …]) as a FramingTrack. */
export function compactFramingTrack(track: CompactTrack): FramingTrack {
  return {
    keypointNames: track.keypointNames,
    width: track.width,
    height: track.height,
    frames: track.frames.map((row) => ({ t: row[0] ?? 0, keypoints: row.slice(1) })),
  };
}

/** The points that must all be seen, and seen well, for a frame to show the whole person: the body, not eyes and ears. */
export const WHOLE_BODY: ReadonlyArray<CocoKeypoint> = COCO_KEYPOINTS.filter((k) => !/_(eye|ear)$/.test(k));
/** Below this confidence a point does not count as clearly seen. */
const GOOD_SCORE = 0.3;
/** How far (share of the frame) the body, head and feet included, may run past an edge and still count as in it. */
const EDGE_SLACK = 0.01;
/** The first 10% of a clip (at most 1 s) is the dancer getting ready: a thumbnail comes from later when it can. */
const LEAD_IN_SHARE = 0.1;
const LEAD_IN_MAX_S = 1;
/** Room left around the person in a crop window, as a share of their larger side. */
const MARGIN = 0.08;
/** A crop window never zooms in further than this much of the frame (a far-away dancer stays sharp enough). */
const MIN_FRAME_SHARE = 0.5;

type Point = { x: number; y: number; s: number };
type PixelBox = { x0: number; y0: number; x1: number; y1: number };

/**
 * The frame that shows the whole person best, and a crop window around them at `aspect` (width /
 * height of the card). Prefers frames where every body point is clearly seen inside the picture,
 * then, outside the lead-in, a large, clearly seen, still person (a moving one is blurred) facing
 * the camera. Without
 * any such frame, the frame showing most of the person. Undefined when no frame shows a person.
 */
export function pickThumbnail(track: FramingTrack, aspect: number): Framing | undefined {
  const best = bestFrame(track);
  if (!best) return undefined;
  return { at: best.t, crop: cropWindow(best.box, track, aspect) };
}

/**
 * For a video shown playing in a card (a hover preview): one crop window that keeps the person in
 * view throughout (their extent over the clip, ignoring the 5% most outlying frames on each side),
 * and the thumbnail's frame as the still. Undefined when no frame shows a person.
 */
export function previewFraming(track: FramingTrack, aspect: number): Framing | undefined {
  const best = bestFrame(track);
  if (!best) return undefined;
  const boxes = track.frames.map((f) => personBox(track, f.keypoints)).filter((b): b is PixelBox => b !== undefined);
  const extent = {
    x0: quantile(
      boxes.map((b) => b.x0),
      0.05,
    ),
    y0: quantile(
      boxes.map((b) => b.y0),
      0.05,
    ),
    x1: quantile(
      boxes.map((b) => b.x1),
      0.95,
    ),
    y1: quantile(
      boxes.map((b) => b.y1),
      0.95,
    ),
  };
  return { at: best.t, crop: cropWindow(toBox(extent, track), track, aspect) };
}

/**
 * The smallest window of the card's aspect around `box` with a margin, no closer than
 * MIN_FRAME_SHARE of the frame and no wider than the whole frame needs. Kept inside the frame along an axis where it fits; where it does
 * not (a portrait frame in a landscape card), centred on the frame so both sides get the same fill.
 */
export function cropWindow(box: Box, frame: { width: number; height: number }, aspect: number): Box {
  const { width: W, height: H } = frame;
  const bw = box.w * W;
  const bh = box.h * H;
  const pad = MARGIN * Math.max(bw, bh);
  let w = bw + 2 * pad;
  let h = bh + 2 * pad;
  if (w / h < aspect) w = h * aspect;
  else h = w / aspect;
  // The largest window of this aspect inside the frame: the zoom limit is a share of it.
  const insideW = W / H > aspect ? H * aspect : W;
  // The smallest one around the whole frame: a window beyond it on every side would only add fill
  // (a person filling the frame loses the margin instead).
  const aroundW = W / H > aspect ? W : H * aspect;
  w = Math.min(Math.max(w, MIN_FRAME_SHARE * insideW), aroundW);
  h = w / aspect;
  const place = (centre: number, length: number, limit: number) =>
    length >= limit ? (limit - length) / 2 : Math.min(Math.max(centre - length / 2, 0), limit - length);
  const x = place((box.x + box.w / 2) * W, w, W);
  const y = place((box.y + box.h / 2) * H, h, H);
  return { x: x / W, y: y / H, w: w / W, h: h / H };
}

// Choosing the frame ------------------------------------------------------------------------------

function bestFrame(track: FramingTrack): { t: number; box: Box } | undefined {
  const { frames } = track;
  if (!frames.length) return undefined;
  const end = frames[frames.length - 1]?.t ?? 0;
  const leadIn = Math.min(LEAD_IN_MAX_S, LEAD_IN_SHARE * end);
  const index = indexOf(track.keypointNames);
  let best: { rank: number[]; t: number; box: PixelBox } | undefined;
  frames.forEach((frame, i) => {
    const box = personBox(track, frame.keypoints);
    if (!box) return;
    const body = WHOLE_BODY.map((name) => pointOf(frame.keypoints, index.get(name)));
    const seen = body.filter((p) => p && p.s >= GOOD_SCORE).length;
    const whole = seen === WHOLE_BODY.length && insideFrame(box, track);
    const confidence = body.reduce((a, p) => a + (p?.s ?? 0), 0) / body.length;
    const size = Math.sqrt(((box.x1 - box.x0) * (box.y1 - box.y0)) / (track.width * track.height));
    const still = 1 / (1 + 2 * speed(track, i, index));
    // Both eyes seen: facing the camera rather than turned away.
    const eyes =
      ["left_eye", "right_eye"].reduce((a, n) => a + (pointOf(frame.keypoints, index.get(n))?.s ?? 0), 0) / 2;
    const quality = confidence * Math.min(1, size) * still * (0.5 + 0.5 * eyes);
    // Whole body first, then out of the lead-in, then the picture's quality.
    const rank = [whole ? 1 : 0, whole ? 0 : seen, frame.t >= leadIn ? 1 : 0, quality];
    if (!best || isBetter(rank, best.rank)) best = { rank, t: frame.t, box };
  });
  if (!best) return undefined;
  const chosen: { t: number; box: PixelBox } = best;
  return { t: chosen.t, box: toBox(chosen.box, track) };
}

function isBetter(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  return false;
}

/** How fast the body moves around frame i, in torso lengths per second (0 when it cannot be told). */
function speed(track: FramingTrack, i: number, index: Map<string, number>): number {
  const here = track.frames[i];
  if (!here) return 0;
  const torso = torsoLength(track, here.keypoints, index);
  if (!torso) return 0;
  const rates: number[] = [];
  for (const j of [i - 1, i + 1]) {
    const there = track.frames[j];
    if (!there || there.t === here.t) continue;
    let sum = 0;
    let n = 0;
    for (const name of WHOLE_BODY) {
      const a = pixel(track, pointOf(here.keypoints, index.get(name)));
      const b = pixel(track, pointOf(there.keypoints, index.get(name)));
      if (!a || !b) continue;
      sum += Math.hypot(a.x - b.x, a.y - b.y);
      n += 1;
    }
    if (n) rates.push(sum / n / torso / Math.abs(there.t - here.t));
  }
  return rates.length ? rates.reduce((a, b) => a + b, 0) / rates.length : 0;
}

function torsoLength(track: FramingTrack, kp: ArrayLike<number>, index: Map<string, number>): number {
  const mid = (a: string, b: string) => midpoint(pixelOf(track, kp, index, a), pixelOf(track, kp, index, b));
  const shoulders = mid("left_shoulder", "right_shoulder");
  const hips = mid("left_hip", "right_hip");
  return shoulders && hips ? Math.hypot(shoulders.x - hips.x, shoulders.y - hips.y) : 0;
}

function insideFrame(box: PixelBox, frame: { width: number; height: number }): boolean {
  const sx = EDGE_SLACK * frame.width;
  const sy = EDGE_SLACK * frame.height;
  return box.x0 >= -sx && box.y0 >= -sy && box.x1 <= frame.width + sx && box.y1 <= frame.height + sy;
}

// Where the person is -----------------------------------------------------------------------------

/**
 * The person's box in pixels: every seen keypoint, grown where the points stop short of the body —
 * the head around the nose (by the nose-to-shoulders distance: the crown and hair), the hands past
 * the wrists and the feet past the ankles (by a share of the forearm and shin). Undefined without
 * at least three seen points.
 */
function personBox(track: FramingTrack, kp: ArrayLike<number>): PixelBox | undefined {
  const index = indexOf(track.keypointNames);
  const points: { x: number; y: number }[] = [];
  for (let i = 0; i < track.keypointNames.length; i++) {
    const p = pixel(track, pointOf(kp, i));
    if (p) points.push(p);
  }
  if (points.length < 3) return undefined;
  const at = (name: string) => pixelOf(track, kp, index, name);
  const grow = (centre: { x: number; y: number } | undefined, radius: number) => {
    if (!centre || !(radius > 0)) return;
    points.push({ x: centre.x - radius, y: centre.y - radius }, { x: centre.x + radius, y: centre.y + radius });
  };
  const nose = at("nose");
  const shoulders = midpoint(at("left_shoulder"), at("right_shoulder"));
  grow(nose, distance(nose, shoulders));
  for (const side of ["left", "right"]) {
    grow(at(`${side}_wrist`), 0.5 * distance(at(`${side}_elbow`), at(`${side}_wrist`)));
    grow(at(`${side}_ankle`), 0.35 * distance(at(`${side}_knee`), at(`${side}_ankle`)));
  }
  return {
    x0: Math.min(...points.map((p) => p.x)),
    y0: Math.min(...points.map((p) => p.y)),
    x1: Math.max(...points.map((p) => p.x)),
    y1: Math.max(...points.map((p) => p.y)),
  };
}

const indexCache = new WeakMap<readonly string[], Map<string, number>>();
function indexOf(names: readonly string[]): Map<string, number> {
  let index = indexCache.get(names);
  if (!index) {
    index = new Map(names.map((n, i) => [n, i]));
    indexCache.set(names, index);
  }
  return index;
}

/** A keypoint, or undefined when missing (score 0: the track zeroes points it was unsure of). */
function pointOf(kp: ArrayLike<number>, i: number | undefined): Point | undefined {
  if (i === undefined) return undefined;
  const s = kp[i * 3 + 2] ?? 0;
  if (!(s > 0)) return undefined;
  return { x: kp[i * 3] ?? 0, y: kp[i * 3 + 1] ?? 0, s };
}

function pixel(frame: { width: number; height: number }, p: Point | undefined): Point | undefined {
  return p && { x: p.x * frame.width, y: p.y * frame.height, s: p.s };
}

function pixelOf(track: FramingTrack, kp: ArrayLike<number>, index: Map<string, number>, name: string) {
  return pixel(track, pointOf(kp, index.get(name)));
}

function midpoint(a: { x: number; y: number } | undefined, b: { x: number; y: number } | undefined) {
  return a && b ? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : undefined;
}

function distance(a: { x: number; y: number } | undefined, b: { x: number; y: number } | undefined): number {
  return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
}

function toBox(b: PixelBox, frame: { width: number; height: number }): Box {
  return {
    x: b.x0 / frame.width,
    y: b.y0 / frame.height,
    w: (b.x1 - b.x0) / frame.width,
    h: (b.y1 - b.y0) / frame.height,
  };
}
