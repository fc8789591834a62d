// The score bands (scoreBand in @stepsync/contracts: 80+, 60–79, below 60) in one set of colours, for
// canvas and SVG strokes and for Tailwind classes: teal, yellow and rose, whose lightness and hue
// both differ, so they stay at least ΔE 42 apart for normal sight and under protanopia,
// deuteranopia and tritanopia (PoseOverlay.test.tsx measures it; the emerald and rose used before
// were ΔE 9 apart for a deuteranope). The keys are scoreBand's names.

export const BAND_STROKE = { green: "#5eead4", yellow: "#facc15", red: "#f43f5e" } as const;

/** The bands as text colours (a score's figure), pill fills, bar fills and bar gradients. */
export const BAND_TEXT = { green: "text-teal-300", yellow: "text-yellow-300", red: "text-rose-500" } as const;
export const BAND_PILL = {
  green: "bg-teal-400/15 text-teal-300",
  yellow: "bg-yellow-400/15 text-yellow-300",
  red: "bg-rose-500/15 text-rose-400",
} as const;
export const BAND_FILL = { green: "bg-teal-300", yellow: "bg-yellow-400", red: "bg-rose-500" } as const;
export const BAND_GRADIENT = {
  green: "from-teal-300 to-teal-500/60",
  yellow: "from-yellow-300 to-yellow-500/60",
  red: "from-rose-500 to-rose-600/60",
} as const;

/**
 * A second cue besides colour, where a skeleton's limbs are coloured by band: the mark at a limb's
 * middle (80+ none, 60–79 a diamond, below 60 a triangle), shown in the legend as well.
 */
export const BAND_MARK = { green: null, yellow: "diamond", red: "triangle" } as const;
export type BandMark = "diamond" | "triangle";
