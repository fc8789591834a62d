/** Canvas and SVG colours of the score bands (scoreBand), for strokes drawn outside Tailwind classes. */
export const BAND_STROKE = { green: "#34d399", yellow: "#fde047", red: "#fb7185" } as const;
