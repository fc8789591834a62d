import { type AlignmentInfo, alongTimeMap, type CompactTrack, hasTimeMap, nearestFrame } from "@stepsync/contracts";

/**
 * "Is the user's video the reference's own recording?" — the reference itself, a re-encoded or
 * trimmed copy, or its mirror image. Such a comparison scores near 100 % and counts nowhere (no
 * statistics, achievement or leaderboard place: policy.ts countedAs). Two people, or one dancer's two takes, never put every
 * joint in the same place of the frame moment after moment; a copy does, to within the pose
 * model's jitter. Decided on the stored tracks and time map, so no engine change is needed.
 */

/** A frame matches when its joints sit, on average, this close (share of the frame) to the reference's. */
const SAME_FRAME_DISTANCE = 0.02;
/**
 * The share of the compared frames that must match: a copy matches most of them (a mirrored copy of
 * a dancer turning away: 79 %; the same dance by another body: none, see same-performance.test.ts).
 */
const SAME_FRAME_SHARE = 0.7;
/** Joints seen at least this surely are compared. */
const MIN_SCORE = 0.3;
/** Fewer joints than this in common: the frame says nothing. */
const MIN_JOINTS = 6;
/** Fewer compared frames than this: too little to call it a copy. */
const MIN_FRAMES = 10;

type Tracks = { reference: CompactTrack; user: CompactTrack };
type Alignment = Pick<AlignmentInfo, "time_map" | "offset_s" | "tempo_ratio">;

/** The reference second a user second maps to: along the time map, else the constant fit. */
function referenceTime(alignment: Alignment, userT: number): number {
  return hasTimeMap(alignment.time_map)
    ? alongTimeMap(alignment.time_map, userT, "user")
    : (userT - alignment.offset_s) / (alignment.tempo_ratio || 1);
}

/** Where each user joint is looked for in the reference: the same joint, or (a mirror image) its other side. */
function jointPairs(user: CompactTrack, reference: CompactTrack, swapSides: boolean): Array<[number, number]> {
  const other = (name: string) =>
    name.startsWith("left_") ? `right_${name.slice(5)}` : name.startsWith("right_") ? `left_${name.slice(6)}` : name;
  return user.keypointNames.flatMap((name, u) => {
    const r = reference.keypointNames.indexOf(swapSides ? other(name) : name);
    return r < 0 ? [] : [[u, r] as [number, number]];
  });
}

/** Mean distance (share of the frame) between the joints both frames see surely; null when too few. */
function frameDistance(
  user: number[],
  ref: number[],
  pairs: Array<[number, number]>,
  flip: boolean,
  /** Also try each joint against these (its other side): the nearer counts. */
  alternatives?: Array<[number, number]>,
): number | null {
  const joint = (u: number, r: number): number | null => {
    if ((user[1 + u * 3 + 2] ?? 0) < MIN_SCORE || (ref[1 + r * 3 + 2] ?? 0) < MIN_SCORE) return null;
    const ux = user[1 + u * 3] ?? 0;
    const dx = (flip ? 1 - ux : ux) - (ref[1 + r * 3] ?? 0);
    return Math.hypot(dx, (user[1 + u * 3 + 1] ?? 0) - (ref[1 + r * 3 + 1] ?? 0));
  };
  let sum = 0;
  let n = 0;
  pairs.forEach(([u, r], i) => {
    const d = joint(u, r);
    const alt = alternatives?.[i] ? joint(...alternatives[i]) : null;
    const near = d === null ? alt : alt === null ? d : Math.min(d, alt);
    if (near === null) return;
    sum += near;
    n += 1;
  });
  return n >= MIN_JOINTS ? sum / n : null;
}

/**
 * How much of the user's video sits on the reference's own joints: the share of compared frames
 * within SAME_FRAME_DISTANCE, and the median frame distance, in the view (as recorded or mirrored)
 * that fits best; null when too little can be compared.
 */
export function copyEvidence(
  tracks: Tracks | null | undefined,
  alignment: Alignment | null | undefined,
): { share: number; median: number } | null {
  if (!tracks || !alignment || tracks.reference.frames.length === 0) return null;
  const same = jointPairs(tracks.user, tracks.reference, false);
  const swapped = jointPairs(tracks.user, tracks.reference, true);
  // As recorded, or mirrored (x flipped). In a mirror image the pose model may call the sides either
  // way, and a dancer turning away can flip its naming from one frame to the next: each frame takes
  // the naming that fits it.
  const views = [
    (user: number[], ref: number[]) => frameDistance(user, ref, same, false),
    (user: number[], ref: number[]) => frameDistance(user, ref, same, true, swapped),
  ];
  // The time map, but also the constant fit and no shift at all: a warping path a frame off on a
  // fast move puts a copy's joints 5 % of the frame apart.
  const clocks: Alignment[] = [
    alignment,
    { ...alignment, time_map: [] },
    { time_map: [], offset_s: 0, tempo_ratio: 1 },
  ];
  let best: { share: number; median: number } | null = null;
  for (const distance of views)
    for (const clock of clocks) {
      const distances: number[] = [];
      for (const frame of tracks.user.frames) {
        const ref = nearestFrame(tracks.reference.frames, referenceTime(clock, frame[0] ?? 0));
        const d = ref ? distance(frame, ref) : null;
        if (d !== null) distances.push(d);
      }
      if (distances.length < MIN_FRAMES) continue;
      distances.sort((x, y) => x - y);
      const share = distances.filter((d) => d <= SAME_FRAME_DISTANCE).length / distances.length;
      const median = distances[Math.floor(distances.length / 2)] as number;
      if (!best || median < best.median) best = { share, median };
    }
  return best;
}

export function isSamePerformance(tracks: Tracks | null | undefined, alignment: Alignment | null | undefined): boolean {
  const evidence = copyEvidence(tracks, alignment);
  return evidence !== null && evidence.share >= SAME_FRAME_SHARE;
}
