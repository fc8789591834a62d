/**
 * How the two players share the space. Each box takes its video's own shape (width / height from
 * the file), so a portrait dancer fills a portrait box instead of a third of a 16:9 one. On a phone
 * the videos are stacked, or the reference sits as a small picture over yours (a remembered switch);
 * from the md breakpoint they are side by side.
 */

export type PlayerLayout = "stacked" | "pip";

/** Until the file says otherwise. */
export const DEFAULT_ASPECT = 16 / 9;

/** width / height of a video, or null before its metadata (or for a file without a picture). */
export function aspectOf(width: number, height: number): number | null {
  return width > 0 && height > 0 && Number.isFinite(width / height) ? width / height : null;
}

const LAYOUT_KEY = "stepsync.playerLayout";

export function readLayout(): PlayerLayout {
  try {
    return localStorage.getItem(LAYOUT_KEY) === "pip" ? "pip" : "stacked";
  } catch {
    return "stacked";
  }
}

export function saveLayout(layout: PlayerLayout): void {
  try {
    localStorage.setItem(LAYOUT_KEY, layout);
  } catch {
    // Storage disabled (private mode): the switch still works for this visit.
  }
}
