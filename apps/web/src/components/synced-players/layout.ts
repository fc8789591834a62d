/**
 * How the two players share the space. Each box takes its video's own shape (width / height from
 * the file), so a portrait dancer fills a portrait box instead of a third of a 16:9 one. From the
 * md breakpoint they are side by side. On a phone both show at once ("both": side by side when both
 * are portrait, else one above the other, each kept short enough that the pair and the controls fit
 * a screen), or the reference sits as a small picture over yours ("pip", a remembered switch).
 */

export type PlayerLayout = "both" | "pip";

/** On a phone in the "both" layout: two upright (or square) videos fit side by side; a wide one needs the width. */
export function phoneArrangement(aspects: ReadonlyArray<number | null>): "side" | "stacked" {
  return aspects.every((a) => (a ?? DEFAULT_ASPECT) <= 1) ? "side" : "stacked";
}

/** Until the file says otherwise. */
export const DEFAULT_ASPECT = 16 / 9;

/** width / height of a video, or null before its metadata (or for a file without a picture). */
export function aspectOf(width: number, height: number): number | null {
  return width > 0 && height > 0 && Number.isFinite(width / height) ? width / height : null;
}

const LAYOUT_KEY = "stepsync.playerLayout";

export function readLayout(): PlayerLayout {
  try {
    return localStorage.getItem(LAYOUT_KEY) === "pip" ? "pip" : "both";
  } catch {
    return "both";
  }
}

export function saveLayout(layout: PlayerLayout): void {
  try {
    localStorage.setItem(LAYOUT_KEY, layout);
  } catch {
    // Storage disabled (private mode): the switch still works for this visit.
  }
}
