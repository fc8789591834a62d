import { audioOffset } from "../audio/offset.ts";
import type { AudioBeats } from "../types.ts";

/**
 * The two sound tracks must line up at least this clearly to count as the same music. Their line-up
 * alone decides it, not whether the music has a beat to count: a 7-s clip or a soft track has no
 * confident beat, yet two videos carrying it share a clock all the same (beats only decide counts).
 */
const MIN_MATCH = 0.5;

/** How far (seconds) from the start the music's offset may lie: a late start, a lead-in… */
const SEARCH_S = 20;
/** …or from where the dance places a part of a long routine: close, so a chorus the song repeats elsewhere does not compete. */
export const PLACED_S = 3;

/**
 * When both videos carry the same music, where the reference's time zero falls in the user's
 * video (seconds), so timing is judged against the music; null when they do not share it. Looked
 * for within `within` seconds of `around`: of the start, or (PLACED_S) of where the dance places
 * a part of a long routine. Never over the whole song, where a repeated chorus fits as well.
 */
export function musicOffset(
  reference: AudioBeats | null,
  user: AudioBeats | null,
  around = 0,
  within = SEARCH_S,
): number | null {
  if (!reference || !user) return null;
  const found = audioOffset(reference, user, within, around);
  return found && found.confidence >= MIN_MATCH ? found.offset_s : null;
}
