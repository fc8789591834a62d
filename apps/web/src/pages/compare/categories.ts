/**
 * How each style category is measured, in a dancer's words, for the tooltip beside its score. The
 * engine builds every category from the same few measures of the dancer against the reference
 * (packages/motion/src/score/styles.ts, FORMULAS): body shape (whole body; arms; legs; torso and
 * head), timing, amount of movement, range of motion and smoothness. A category of the same name
 * has the same recipe in every style. Ingredients are named from the largest share down; nothing
 * reads the face or judges originality, so the texts say what is really measured.
 */
export const CATEGORY_HOW: Readonly<Record<string, string>> = {
  posture: "Your upright line: your torso and head against the teacher's, plus your whole-body shape.",
  arm_positions: "Mostly your arm shapes (upper arms and forearms) against the teacher's, moment for moment.",
  leg_technique: "Mostly your leg shapes (thighs and shins: extensions, pliés, lines) against the teacher's.",
  grace: "Your whole-body shape, on time with the teacher, moving as smoothly as they do.",
  rhythm: "Mostly timing: your pace and each move landing when the teacher's does. The rest is your shape.",
  energy: "Mostly your shapes, plus moving as much as the teacher: too little or too much both cost.",
  isolation:
    "Your arms and your legs each matched on their own, and how far each body part travels against the teacher's.",
  attitude:
    "Your whole-body shape, an upright torso and head, and committing to the moves: reaching as far as the teacher.",
  flow: "Your shape along the teacher's path, moving as smoothly as they do, in their time.",
  expression:
    "Mostly your body shapes, plus reaching as far as the teacher does. Read from your joints, not your face.",
  flexibility: "How far your limbs reach against the teacher's range, plus your leg and arm shapes.",
  connection: "Moving with the teacher: your shape and your timing, in equal parts.",
  sharpness: "Mostly your shapes, plus hitting and stopping as crisply as the teacher, on time.",
  musicality: "Mostly timing with the teacher's phrasing, plus your shapes and moving as much as they do.",
  performance: "Mostly your shapes, plus moving as much and as big as the teacher.",
  hip_movement: "Mostly your leg action, plus how you carry your torso and head, against the teacher's.",
  passion: "Mostly your shapes, plus moving as much and as big as the teacher. Read from your joints, not your face.",
  frame: "A held upper body: mostly your arm shapes, plus an upright torso and head.",
  footwork: "Mostly your leg shapes, plus your steps landing on time with the teacher's.",
  elegance: "Mostly your shapes, plus moving as smoothly as the teacher with an upright torso and head.",
  power: "Mostly your shapes, plus moving as much and as fast as the teacher.",
  creativity: "Not your own ideas: your shapes against the teacher's, plus using the moves' full range.",
  athleticism: "Your leg and arm shapes, plus moving as much and as far as the teacher.",
  tradition: "Faithful steps and figures: mostly your whole-body shape, plus an upright torso and head.",
  storytelling: "Following the routine as a whole: your shapes, timing and range across every section.",
};

/** What a category's tooltip says; null for a category this app does not know (a later engine's). */
export function categoryHow(key: string): string | null {
  return CATEGORY_HOW[key] ?? null;
}
