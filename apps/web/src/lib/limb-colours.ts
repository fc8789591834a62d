// The skeleton on the user's video coloured limb by limb: each limb's score from the engine
// (results.limb_scores, on the user's timeline) at the nearest analysed moment, in the spec's
// score bands (scoreBand: green ≥ 80, yellow ≥ 60, red below).
import { type LimbName, type LimbScores, scoreBand } from "@stepsync/contracts";
import { nearestIndex } from "@stepsync/contracts";

export type Band = ReturnType<typeof scoreBand>;
export type Bone = readonly [number, number];

/** One key per bone, whichever end is named first. */
export const boneKey = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);

/** The COCO-17 bones drawn for each limb the engine scores (LIMB_NAMES; see the contract). */
export const LIMB_BONES: Readonly<Record<LimbName, ReadonlyArray<Bone>>> = {
  left_upper_arm: [[5, 7]],
  right_upper_arm: [[6, 8]],
  left_forearm: [[7, 9]],
  right_forearm: [[8, 10]],
  left_thigh: [[11, 13]],
  right_thigh: [[12, 14]],
  left_shin: [[13, 15]],
  right_shin: [[14, 16]],
  torso: [
    [5, 11],
    [6, 12],
  ],
  shoulders: [[5, 6]],
  hips: [[11, 12]],
  head: [
    [0, 1],
    [0, 2],
    [1, 3],
    [2, 4],
  ],
};

/** Samples are one analysed frame apart (about 1/7 s): one further than this from t says nothing about t. */
export const LIMB_SAMPLE_MAX_GAP_S = 0.25;

/**
 * The band of every bone at user time t (bone key → band), from the nearest sample. Bones of a limb
 * without a score then (not visible, no move matched) are absent, as is everything away from the samples.
 */
export function limbBandsAt(scores: LimbScores | null | undefined, t: number): Map<string, Band> {
  const out = new Map<string, Band>();
  if (!scores) return out;
  const i = nearestIndex(scores.times.length, (k) => scores.times[k] ?? 0, t);
  const row = i >= 0 ? scores.scores[i] : undefined;
  if (!row || Math.abs((scores.times[i] ?? 0) - t) > LIMB_SAMPLE_MAX_GAP_S) return out;
  return limbBands(Object.fromEntries(scores.limbs.map((limb, k) => [limb, row[k] ?? null])));
}

/** The band of every bone of the limbs scored (limb name → 0–100, null: no score then). */
export function limbBands(scores: Readonly<Record<string, number | null | undefined>>): Map<string, Band> {
  const out = new Map<string, Band>();
  for (const [limb, score] of Object.entries(scores)) {
    if (typeof score !== "number") continue;
    // A limb this app does not know (a later engine) stays uncoloured.
    for (const [a, b] of LIMB_BONES[limb as LimbName] ?? []) out.set(boneKey(a, b), scoreBand(score));
  }
  return out;
}
