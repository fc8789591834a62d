/** Joins class names, skipping falsy values. */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(" ");
}

/**
 * Colours of a filter chip (timeframes, styles, levels). The selected one is accent-700 behind white
 * text: the lighter accent-500 fails the WCAG AA contrast ratio for small text.
 */
export function chipColours(selected: boolean): string {
  return selected ? "bg-accent-700 text-white" : "bg-white/6 text-slate-300 hover:bg-white/12";
}
