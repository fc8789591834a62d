import type { Primitives } from "./metrics.ts";

export const STYLES = ["ballet", "hip_hop", "contemporary", "jazz", "latin", "ballroom", "breakdance", "folk"] as const;
export type Style = (typeof STYLES)[number];

export const STYLE_CATEGORIES: Record<Style, readonly [string, string, string, string]> = {
  ballet: ["posture", "arm_positions", "leg_technique", "grace"],
  hip_hop: ["rhythm", "energy", "isolation", "attitude"],
  contemporary: ["flow", "expression", "flexibility", "connection"],
  jazz: ["rhythm", "sharpness", "musicality", "performance"],
  latin: ["hip_movement", "rhythm", "passion", "connection"],
  ballroom: ["frame", "connection", "footwork", "elegance"],
  breakdance: ["power", "rhythm", "creativity", "athleticism"],
  folk: ["tradition", "rhythm", "expression", "storytelling"],
};

export function isStyle(v: string): v is Style {
  return (STYLES as readonly string[]).includes(v);
}

/**
 * Category formulas. Every category is a weighted mean of the primitives (each 0–100, see
 * metrics.ts), and every one keeps at least 60% on matching the reference's poses: energy,
 * range or smoothness alone cannot make a different dance look right. Weights sum to 1.
 *
 * Primitive meanings: pose = all joint angles + body shape; arms / legs / posture = angle accuracy
 * of that joint group (posture = torso lean and head); shape = body point positions; timing =
 * steadiness of the user's timing against the reference; energy = amount of movement vs the
 * reference; range = range of motion per joint vs the reference; smoothness = jerk vs the reference.
 */
type Weights = Partial<
  Record<"pose" | "arms" | "legs" | "posture" | "shape" | "timing" | "energy" | "range" | "smoothness", number>
>;

const FORMULAS: Record<Style, Record<string, Weights>> = {
  ballet: {
    // Upright, aligned torso and head, and the overall line of the body.
    posture: { posture: 0.5, shape: 0.3, pose: 0.2 },
    // Arm angles (shoulders, elbows) against the reference's positions.
    arm_positions: { arms: 0.8, shape: 0.2 },
    // Hip and knee angles: extension, turnout lines, pliés as shown.
    leg_technique: { legs: 0.8, shape: 0.2 },
    // Whole-body accuracy, moved as smoothly and as steadily in time as the reference.
    grace: { pose: 0.6, smoothness: 0.2, timing: 0.2 },
  },
  hip_hop: {
    // Staying in step: steady timing, on the reference's poses.
    rhythm: { timing: 0.4, pose: 0.6 },
    // As much movement as the reference, on its poses.
    energy: { energy: 0.3, pose: 0.7 },
    // Each body part doing its own move: arm and leg accuracy separately, plus range per joint.
    isolation: { arms: 0.35, legs: 0.35, range: 0.3 },
    // Posture and the full pose, committed (range of motion).
    attitude: { posture: 0.3, pose: 0.4, range: 0.3 },
  },
  contemporary: {
    // Smooth, continuous movement along the reference's path.
    flow: { pose: 0.6, smoothness: 0.4 },
    // Full pose with the reference's range of motion.
    expression: { pose: 0.7, range: 0.3 },
    // Reaching the reference's extremes: range of motion and leg/arm angles.
    flexibility: { range: 0.4, legs: 0.3, arms: 0.3 },
    // Moving with the reference: shape and timing.
    connection: { shape: 0.6, timing: 0.4 },
  },
  jazz: {
    rhythm: { timing: 0.4, pose: 0.6 },
    // Crisp stops and hits: accuracy plus matching the reference's acceleration profile.
    sharpness: { pose: 0.7, smoothness: 0.3 },
    // Timing and movement amount following the reference's phrasing.
    musicality: { pose: 0.6, timing: 0.2, energy: 0.2 },
    performance: { pose: 0.6, energy: 0.2, range: 0.2 },
  },
  latin: {
    // Hip and leg action against the reference.
    hip_movement: { legs: 0.7, posture: 0.3 },
    rhythm: { timing: 0.4, pose: 0.6 },
    passion: { pose: 0.6, energy: 0.2, range: 0.2 },
    connection: { shape: 0.6, timing: 0.4 },
  },
  ballroom: {
    // A held upper body: posture and arm angles.
    frame: { posture: 0.4, arms: 0.6 },
    connection: { shape: 0.6, timing: 0.4 },
    // Leg angles and steps in time.
    footwork: { legs: 0.7, timing: 0.3 },
    elegance: { pose: 0.6, smoothness: 0.2, posture: 0.2 },
  },
  breakdance: {
    power: { pose: 0.6, energy: 0.4 },
    rhythm: { timing: 0.4, pose: 0.6 },
    // Using the full range of the moves shown.
    creativity: { pose: 0.6, range: 0.4 },
    athleticism: { legs: 0.4, arms: 0.2, energy: 0.2, range: 0.2 },
  },
  folk: {
    // Faithful steps and figures: whole-pose accuracy.
    tradition: { pose: 0.8, shape: 0.2 },
    rhythm: { timing: 0.4, pose: 0.6 },
    expression: { pose: 0.7, range: 0.3 },
    // Following the sequence as a whole: shape and timing across sections.
    storytelling: { shape: 0.6, timing: 0.2, pose: 0.2 },
  },
};

/** The style's four category scores (0–100) from one set of primitives. */
export function categoryScores(style: Style, p: Primitives): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of STYLE_CATEGORIES[style]) {
    const w = FORMULAS[style][name] ?? {};
    let s = 0;
    let total = 0;
    for (const [key, weight] of Object.entries(w) as Array<[keyof Weights, number]>) {
      s += weight * (p[key] as number);
      total += weight;
    }
    out[name] = total ? s / total : 0;
  }
  return out;
}
