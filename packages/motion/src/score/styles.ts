import { ACTIVITY_TYPES, type ActivityType, SCORING_CATEGORIES } from "@stepsync/contracts";
import { MotionError } from "../errors.ts";

/** The dance styles and their four scoring categories: the contracts' (server and web show the same). */
export const STYLES = ACTIVITY_TYPES;
export type Style = ActivityType;
export const STYLE_CATEGORIES = SCORING_CATEGORIES;

export function isStyle(v: string): v is Style {
  return (STYLES as readonly string[]).includes(v);
}

/** The style asked for, checked before any work: an unknown one is refused, naming the styles there are. */
export function assertStyle(v: string): asserts v is Style {
  if (!isStyle(v))
    throw new MotionError("INVALID_OPTIONS", `Unknown style "${v}". Choose one of: ${STYLES.join(", ")}.`);
}

/** What the category formulas are built from, each 0–100 (see score/judge.ts). */
export interface Primitives {
  /** Whole-body shape at the matched moments. */
  shape: number;
  /** Shape of the arms, of the legs, of torso and head only. */
  arms: number;
  legs: number;
  posture: number;
  /** Timing: pace and each move's timing against it (null when the routines do not match). */
  timing: number | null;
  /** As much movement as the reference (too little or too much both cost). */
  energy: number;
  /** Range of motion per body segment relative to the reference. */
  range: number;
  /** Smoothness: jerk relative to the reference's. */
  smoothness: number;
}

/**
 * Category formulas: every category is a weighted mean of the primitives above, built from the
 * two judgments (shape and timing) plus the movement qualities a category names (energy, range,
 * smoothness). Each keeps at least half its weight on shape or timing, so energy or range alone
 * cannot make a different dance look right. Weights sum to 1.
 */
type Weights = Partial<Record<keyof Primitives, number>>;

const FORMULAS: Record<Style, Record<string, Weights>> = {
  ballet: {
    // Upright, aligned torso and head, and the overall line of the body.
    posture: { posture: 0.6, shape: 0.4 },
    // Arm shapes (upper arms, forearms) against the reference's.
    arm_positions: { arms: 0.8, shape: 0.2 },
    // Leg shapes: extensions, pliés, lines as shown.
    leg_technique: { legs: 0.8, shape: 0.2 },
    // The whole line, moved as smoothly and as much in time as the reference.
    grace: { shape: 0.5, smoothness: 0.2, timing: 0.3 },
  },
  hip_hop: {
    // On the beat: timing first, on the reference's shapes.
    rhythm: { timing: 0.7, shape: 0.3 },
    // As much movement as the reference, on its shapes.
    energy: { energy: 0.4, shape: 0.6 },
    // Each body part doing its own move: arm and leg shapes separately, plus range per segment.
    isolation: { arms: 0.35, legs: 0.35, range: 0.3 },
    // Posture and the full shape, committed (range of motion).
    attitude: { posture: 0.3, shape: 0.4, range: 0.3 },
  },
  contemporary: {
    // Smooth, continuous movement along the reference's path, in its time.
    flow: { shape: 0.5, smoothness: 0.3, timing: 0.2 },
    // Full shapes with the reference's range of motion.
    expression: { shape: 0.7, range: 0.3 },
    // Reaching the reference's extremes: range of motion and leg and arm shapes.
    flexibility: { range: 0.4, legs: 0.3, arms: 0.3 },
    // Moving with the reference: shape and timing together.
    connection: { shape: 0.5, timing: 0.5 },
  },
  jazz: {
    rhythm: { timing: 0.7, shape: 0.3 },
    // Crisp stops and hits: shapes, the reference's acceleration profile, and landing on time.
    sharpness: { shape: 0.6, smoothness: 0.2, timing: 0.2 },
    // Timing and movement amount following the reference's phrasing.
    musicality: { timing: 0.5, shape: 0.3, energy: 0.2 },
    performance: { shape: 0.6, energy: 0.2, range: 0.2 },
  },
  latin: {
    // Hip and leg action against the reference.
    hip_movement: { legs: 0.6, posture: 0.4 },
    rhythm: { timing: 0.7, shape: 0.3 },
    passion: { shape: 0.6, energy: 0.2, range: 0.2 },
    connection: { shape: 0.5, timing: 0.5 },
  },
  ballroom: {
    // A held upper body: posture and arm shapes.
    frame: { posture: 0.4, arms: 0.6 },
    connection: { shape: 0.5, timing: 0.5 },
    // Leg shapes and steps in time.
    footwork: { legs: 0.6, timing: 0.4 },
    elegance: { shape: 0.6, smoothness: 0.2, posture: 0.2 },
  },
  breakdance: {
    power: { shape: 0.6, energy: 0.4 },
    rhythm: { timing: 0.7, shape: 0.3 },
    // Using the full range of the moves shown.
    creativity: { shape: 0.6, range: 0.4 },
    athleticism: { legs: 0.4, arms: 0.2, energy: 0.2, range: 0.2 },
  },
  folk: {
    // Faithful steps and figures: whole-body shape.
    tradition: { shape: 0.8, posture: 0.2 },
    rhythm: { timing: 0.7, shape: 0.3 },
    expression: { shape: 0.7, range: 0.3 },
    // Following the sequence as a whole: shape, timing and range across sections.
    storytelling: { shape: 0.5, timing: 0.3, range: 0.2 },
  },
};

/**
 * The style's four category scores (0–100) from one set of primitives, scaled by `scale` like the
 * overall score (routines that do not match: see notSameScore). Without a timing judgment, timing's
 * weight goes to shape.
 */
export function categoryScores(style: Style, p: Primitives, scale = 1): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of STYLE_CATEGORIES[style]) {
    const w = FORMULAS[style][name] ?? {};
    let s = 0;
    let total = 0;
    for (const [key, weight] of Object.entries(w) as Array<[keyof Primitives, number]>) {
      s += weight * ((key === "timing" ? (p.timing ?? p.shape) : p[key]) as number);
      total += weight;
    }
    out[name] = total ? (s / total) * scale : 0;
  }
  return out;
}
