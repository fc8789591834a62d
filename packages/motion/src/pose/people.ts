/**
 * Following everyone in a video, inside one pose worker: each person followed is read by the
 * single-person model in a crop around their last pose (as one dancer is: estimator.ts; a wider
 * one when that shows no one), and the whole frame is searched for people not yet followed
 * (people-detector.ts) on a chunk's first frame, every few frames after (SEARCH_EVERY), and on a
 * frame where someone followed was lost. Two crops that end on one person (two dancers crossing: the one
 * in front fills both) keep the one that follows on most smoothly. Identities here are local to a chunk of frames; the engine links them over the
 * whole video (group/follow.ts).
 */
import type { PoseEstimate, PoseModelAdapter } from "./adapters/adapter.ts";
import { MOVENET_KEYPOINTS, TORSO } from "./adapters/movenet-constants.ts";
import type { PoseEstimator } from "./estimator.ts";
import { DETECTOR_SLOTS, type Detection, type Region } from "./people-detector.ts";
import { type CropBox, isFullFrame } from "./tracker.ts";

/** One person in one frame: 17 keypoints [x, y, score] in frame pixels, the pose's confidence, and who it is within the chunk. */
export interface PersonPose {
  keypoints: Float32Array;
  score: number;
  /** Local to the chunk: the same number on consecutive frames is the same crop followed. */
  id: number;
}

interface Followed {
  id: number;
  crop: CropBox;
  centre: [number, number];
  scale: number;
}

/** Where the following stands within a chunk (one per chunk; frames in order). */
export interface PeopleState {
  frame: number;
  followed: Followed[];
  nextId: number;
  /** The most people followed at once in this chunk: fewer now, someone is missing (hidden, gone). */
  most: number;
}

export function newPeopleState(): PeopleState {
  return { frame: 0, followed: [], nextId: 1, most: 0 };
}

/**
 * Frames between two searches of the whole frame for people not yet followed: about 2 s at 7 fps
 * while everyone is followed (someone new is rare), about half a second while someone is missing
 * (a dancer hidden behind another comes out again soon).
 */
export const SEARCH_EVERY = { ALL_FOLLOWED: 16, SOMEONE_MISSING: 4 };
/** A person not seen in their crop is looked for in one this much wider, around the same place. */
const WIDER = 1.5;
/** People followed at most in one frame (the largest kept): the engine analyses up to 10 dancers. */
export const MAX_FOLLOWED = 14;

const { leftShoulder: LEFT_SHOULDER, rightShoulder: RIGHT_SHOULDER, leftHip: LEFT_HIP, rightHip: RIGHT_HIP } = TORSO;
const TORSO_POINTS = [LEFT_SHOULDER, RIGHT_SHOULDER, LEFT_HIP, RIGHT_HIP];
/** Keypoint confidence trusted for where a body is. */
const PLACED = 0.3;

/** Where a body is: the mean of its confidently placed torso points (hips and shoulders); null without any. */
export function bodyCentre(kp: ArrayLike<number>): [number, number] | null {
  let x = 0;
  let y = 0;
  let n = 0;
  for (const i of TORSO_POINTS) {
    if ((kp[i * 3 + 2] ?? 0) < PLACED) continue;
    x += kp[i * 3] as number;
    y += kp[i * 3 + 1] as number;
    n++;
  }
  return n ? [x / n, y / n] : null;
}

/**
 * How big a body is, in the keypoints' units: its torso length (shoulders' middle to hips'
 * middle), or a third of the extent of its placed points when the torso is not all seen.
 */
export function bodyScale(kp: ArrayLike<number>): number {
  const s = (i: number) => (kp[i * 3 + 2] ?? 0) >= PLACED;
  if (TORSO_POINTS.every(s)) {
    const mx = (a: number, b: number, c: number) => ((kp[a * 3 + c] as number) + (kp[b * 3 + c] as number)) / 2;
    const torso = Math.hypot(
      mx(LEFT_SHOULDER, RIGHT_SHOULDER, 0) - mx(LEFT_HIP, RIGHT_HIP, 0),
      mx(LEFT_SHOULDER, RIGHT_SHOULDER, 1) - mx(LEFT_HIP, RIGHT_HIP, 1),
    );
    if (torso > 0) return torso;
  }
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < MOVENET_KEYPOINTS; i++) {
    if (!s(i)) continue;
    x0 = Math.min(x0, kp[i * 3] as number);
    x1 = Math.max(x1, kp[i * 3] as number);
    y0 = Math.min(y0, kp[i * 3 + 1] as number);
    y1 = Math.max(y1, kp[i * 3 + 1] as number);
  }
  return x1 > x0 || y1 > y0 ? Math.max(x1 - x0, y1 - y0) / 3 : 0;
}

/** Two readings are one body when the points both place lie this close (median, in torso lengths of the larger). */
const SAME_BODY = 0.3;

/** Whether two readings of one frame are the same body (at least 4 points placed in both, lying together). */
export function sameBody(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  const d: number[] = [];
  for (let i = 0; i < MOVENET_KEYPOINTS; i++) {
    if ((a[i * 3 + 2] ?? 0) < PLACED || (b[i * 3 + 2] ?? 0) < PLACED) continue;
    d.push(
      Math.hypot((a[i * 3] as number) - (b[i * 3] as number), (a[i * 3 + 1] as number) - (b[i * 3 + 1] as number)),
    );
  }
  if (d.length < 4) return false;
  d.sort((x, y) => x - y);
  const median = d[d.length >> 1] as number;
  return median <= SAME_BODY * Math.max(bodyScale(a), bodyScale(b), 1);
}

interface Candidate {
  id: number;
  est: PoseEstimate;
  /** Where this crop's person was on the last frame (null: found on this one). */
  before: Followed | null;
}

/**
 * Reads every person in a frame and advances the chunk's state. Deterministic for the same frames
 * in the same order.
 */
export function estimatePeople(
  single: PoseEstimator,
  detector: PeopleSearch,
  rgb: Uint8Array,
  width: number,
  height: number,
  state: PeopleState,
): PersonPose[] {
  const adapter = single.adapter;
  const found: Candidate[] = [];
  for (const f of state.followed) {
    let est = single.runOnCrop(rgb, width, height, f.crop);
    // Not seen in their crop (a fast move, a turn): looked at once more in a wider one.
    if (!adapter.hasPerson(est)) est = single.runOnCrop(rgb, width, height, { ...f.crop, size: f.crop.size * WIDER });
    if (adapter.hasPerson(est)) found.push({ id: f.id, est, before: f });
  }
  // Someone lost (behind another, out of the picture): the whole frame is searched now.
  const lost = found.length < state.followed.length;
  const every = state.followed.length < state.most ? SEARCH_EVERY.SOMEONE_MISSING : SEARCH_EVERY.ALL_FOLLOWED;
  if (state.frame % every === 0 || lost) {
    for (const d of searchFrame(detector, rgb, width, height)) {
      if (found.some((c) => sameBody(c.est.keypoints, d.keypoints))) continue;
      const crop = adapter.nextCrop({ keypoints: d.keypoints, score: d.score }, width, height);
      if (isFullFrame(crop, width, height)) continue;
      const est = single.runOnCrop(rgb, width, height, crop);
      if (adapter.hasPerson(est)) found.push({ id: state.nextId++, est, before: null });
    }
  }
  const kept = largest(distinct(found));
  state.followed = [];
  for (const c of kept) {
    const next = adapter.nextCrop(c.est, width, height);
    // A turn or a bent torso can leave too few points for the next crop (the model's own rule then
    // falls back to the whole frame, which holds the others too): someone followed keeps their crop.
    const crop = isFullFrame(next, width, height) && c.before ? c.before.crop : next;
    const centre = bodyCentre(c.est.keypoints) ?? c.before?.centre ?? null;
    if (isFullFrame(crop, width, height) || !centre) continue;
    state.followed.push({ id: c.id, crop, centre, scale: bodyScale(c.est.keypoints) || (c.before?.scale ?? 0) });
  }
  state.most = Math.max(state.most, state.followed.length);
  state.frame++;
  return kept.map((c) => ({ keypoints: keypointsOf(c.est, adapter), score: c.est.score, id: c.id }));
}

/** What searches a frame for people (people-detector.ts). */
export interface PeopleSearch {
  detect(rgb: Uint8Array, width: number, height: number, region?: Region): Detection[];
}

/**
 * Everyone the detector finds in the whole frame; when it reports as many as it can (a big group),
 * also in the two halves of the frame along its long side (overlapping by a fifth), so up to 10
 * dancers are found; the same body found twice is sorted out by the caller.
 */
function searchFrame(detector: PeopleSearch, rgb: Uint8Array, width: number, height: number): Detection[] {
  const whole = detector.detect(rgb, width, height);
  if (whole.length < DETECTOR_SLOTS) return whole;
  const halves: Region[] =
    width >= height
      ? [
          { x: 0, y: 0, width: Math.round(width * 0.6), height },
          { x: Math.round(width * 0.4), y: 0, width: width - Math.round(width * 0.4), height },
        ]
      : [
          { x: 0, y: 0, width, height: Math.round(height * 0.6) },
          { x: 0, y: Math.round(height * 0.4), width, height: height - Math.round(height * 0.4) },
        ];
  return [...whole, ...halves.flatMap((r) => detector.detect(rgb, width, height, r))];
}

function keypointsOf(est: PoseEstimate, adapter: PoseModelAdapter): Float32Array {
  return est.keypoints.slice(0, adapter.keypointNames.length * 3);
}

/**
 * One reading per body. Of two that are one body, the one that follows on more smoothly stays: a
 * crop followed before beats one found on this frame, and of two followed, the one whose body
 * moved less since the last frame (in its own torso lengths).
 */
function distinct(found: Candidate[]): Candidate[] {
  const moved = (c: Candidate) => {
    if (!c.before) return Number.POSITIVE_INFINITY;
    const centre = bodyCentre(c.est.keypoints);
    if (!centre) return Number.POSITIVE_INFINITY;
    return Math.hypot(centre[0] - c.before.centre[0], centre[1] - c.before.centre[1]) / Math.max(c.before.scale, 1);
  };
  const order = found
    .map((c) => ({ c, moved: moved(c) }))
    .sort((a, b) => a.moved - b.moved || a.c.id - b.c.id)
    .map((x) => x.c);
  const kept: Candidate[] = [];
  for (const c of order) if (!kept.some((k) => sameBody(k.est.keypoints, c.est.keypoints))) kept.push(c);
  return kept.sort((a, b) => a.id - b.id);
}

function largest(found: Candidate[]): Candidate[] {
  if (found.length <= MAX_FOLLOWED) return found;
  return [...found]
    .sort((a, b) => bodyScale(b.est.keypoints) - bodyScale(a.est.keypoints) || a.id - b.id)
    .slice(0, MAX_FOLLOWED)
    .sort((a, b) => a.id - b.id);
}
