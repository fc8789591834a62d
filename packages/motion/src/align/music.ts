import { audioOffset } from "../audio/offset.ts";
import type { AudioBeats } from "../types.ts";

/** The two sound tracks must line up at least this clearly to count as the same music. */
const MIN_MATCH = 0.5;
/** …and the reference's music must have a beat worth keeping time to. */
const MIN_BEAT = 0.5;

/**
 * When both videos carry the same music, where the reference's time zero falls in the user's
 * video (seconds), so timing is judged against the music; null when they do not share it.
 */
export function musicOffset(reference: AudioBeats | null, user: AudioBeats | null): number | null {
  if (!reference || !user || reference.confidence < MIN_BEAT) return null;
  const found = audioOffset(reference, user);
  return found && found.confidence >= MIN_MATCH ? found.offset_s : null;
}
