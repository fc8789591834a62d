import { ContinuousTrack } from "../align/interp.ts";
import { type FeatureTrack, type FrameFeatures, SEGMENT_COUNT, SEGMENTS } from "../features.ts";
import type { LimbScores } from "../types.ts";
import type { MoveMeasure } from "./judge.ts";
import { compareShape, segmentSimilarity, sidesAsReference } from "./shape.ts";
import { FLOAT_SLACK } from "../numbers.ts";

/**
 * Per-limb shape along the user's video, for the skeleton drawn over it: each limb coloured by how
 * close its direction is to the reference's at that moment. The same rule as the move and section
 * shape (compareShape's segment differences, segmentSimilarity), only not averaged over the body.
 *
 * WINDOW: analysis frames either side a score is averaged over (one pose estimate alone flickers);
 * MIN_WEIGHT: the least trust (sum of both sides' segment weights over the window, 1 = one fully
 * visible, unforeshortened frame) for a score at all; a limb the model barely sees gets none.
 */
export const LIMB = { WINDOW: 1, MIN_WEIGHT: 0.5 };

/** Each segment's left ↔ right partner (index into SEGMENTS). */
const MIRROR_SEGMENT: readonly number[] = SEGMENTS.map((s) => {
  const other = s.name.startsWith("left_")
    ? s.name.replace("left_", "right_")
    : s.name.startsWith("right_")
      ? s.name.replace("right_", "left_")
      : s.name;
  return SEGMENTS.findIndex((t) => t.name === other);
});

/** The limbs scored, named as the user's own segments (COCO keypoints: see SEGMENTS). */
export const LIMB_NAMES: readonly string[] = SEGMENTS.map((s) => s.name);

/**
 * Reference time for user time u: inside the move the user is dancing then (a later move wins
 * where two overlap), along its start and the pace; null between or outside the moves found.
 */
function refTimeAt(moves: readonly MoveMeasure[], u: number, tempo: number): { t: number; mirrored: boolean } | null {
  let out: { t: number; mirrored: boolean } | null = null;
  for (const m of moves) {
    if (m.userStart === null) continue;
    const length = tempo * (m.span.end - m.span.start);
    if (u >= m.userStart - FLOAT_SLACK && u <= m.userStart + length + FLOAT_SLACK)
      out = { t: m.span.start + (u - m.userStart) / tempo, mirrored: m.mirrored };
  }
  return out;
}

/**
 * Scores per limb (0–100, null where unknown) at every analysed frame of the user's video that
 * falls within a found move. `userAs(mirrored)` gives the user's features either way round: each
 * frame is compared the way its move was danced, and the columns are named for the user's own
 * limbs, as the overlay draws them.
 */
export function limbScores(
  ref: FeatureTrack,
  userAs: (mirrored: boolean) => FeatureTrack,
  moves: readonly MoveMeasure[],
  tempo: number,
): LimbScores {
  const refCont = new ContinuousTrack(ref);
  const plain = userAs(false);
  const frameMirrored: boolean[] = [];
  // Per user frame, per compared segment: trust and similarity (NaN: not comparable there).
  const weight: Float64Array[] = [];
  const sim: Float64Array[] = [];
  const matched: boolean[] = [];
  plain.frames.forEach((f, i) => {
    const at = refTimeAt(moves, f.t, tempo);
    const t = at?.t ?? null;
    const mirrored = at?.mirrored ?? false;
    frameMirrored.push(mirrored);
    const u = (mirrored ? userAs(true).frames[i] : f) as FeatureTrack["frames"][number];
    const r = t === null ? undefined : refCont.at(refCont.clampEdge(t));
    matched.push(t !== null);
    const m = segmentMatch(r, u);
    weight.push(m.weight);
    sim.push(m.sim);
  });

  const rows: Array<Array<number | null>> = plain.frames.map((_, i) =>
    matched[i]
      ? limbsAround(
          { weight, sim, mirrored: frameMirrored },
          Math.max(0, i - LIMB.WINDOW),
          Math.min(plain.frames.length - 1, i + LIMB.WINDOW),
        )
      : LIMB_NAMES.map(() => null),
  );

  // Rows before the first and after the last scored moment say nothing: left out.
  const scored = (row: Array<number | null>) => row.some((v) => v !== null);
  const first = rows.findIndex(scored);
  const last = rows.findLastIndex(scored);
  const keep = first < 0 ? [] : rows.slice(first, last + 1);
  return {
    limbs: [...LIMB_NAMES],
    times: keep.map((_, i) => Math.round((plain.frames[first + i]?.t ?? 0) * 1000) / 1000),
    scores: keep,
  };
}

/**
 * Per segment, the trust (both sides' segment weights) and similarity (segmentSimilarity of
 * compareShape's difference) of the user's pose against the reference's at one moment; NaN
 * similarity where not comparable.
 */
export function segmentMatch(
  r: FrameFeatures | undefined,
  u: FrameFeatures | undefined,
): { weight: Float64Array; sim: Float64Array } {
  const weight = new Float64Array(SEGMENT_COUNT);
  const sim = new Float64Array(SEGMENT_COUNT).fill(Number.NaN);
  if (!r || !u?.valid) return { weight, sim };
  const seen = sidesAsReference(r, u) as FrameFeatures;
  const sample = compareShape(r, seen);
  for (let k = 0; k < SEGMENT_COUNT; k++) {
    const d = sample.segs[k] as number;
    if (Number.isNaN(d)) continue;
    weight[k] = (r.segW[k] as number) * (seen.segW[k] as number);
    sim[k] = segmentSimilarity(d);
  }
  return { weight, sim };
}

/**
 * Each limb's score (0–100, LIMB_NAMES order; null without trust enough) over frames `from`–`to`
 * (both included) of per-frame segment matches, each frame's columns named for the user's own
 * limbs (a mirrored frame's user limb is the reference's other one).
 */
export function limbsAround(
  frames: { weight: readonly Float64Array[]; sim: readonly Float64Array[]; mirrored: readonly boolean[] },
  from: number,
  to: number,
): Array<number | null> {
  return LIMB_NAMES.map((_, column) => {
    let sw = 0;
    let ss = 0;
    for (let j = from; j <= to; j++) {
      // Each frame's segments are the reference's; a mirrored frame's user limb is the other one.
      const k = frames.mirrored[j] ? (MIRROR_SEGMENT[column] as number) : column;
      const v = frames.sim[j]?.[k] as number;
      if (Number.isNaN(v)) continue;
      const w = frames.weight[j]?.[k] as number;
      sw += w;
      ss += w * v;
    }
    return sw >= LIMB.MIN_WEIGHT ? Math.round((100 * ss) / sw) : null;
  });
}
