/**
 * The music of a video: beats, tempo and an onset envelope from its audio track, and the offset
 * between two recordings of the same song.
 */
import type { AudioBeats } from "../types.ts";
import { detectBeats } from "./beats.ts";
import { DEFAULT_RATE, type ExtractOptions, extractAudio } from "./extract.ts";

export { detectBeats } from "./beats.ts";
export { DEFAULT_RATE, type ExtractOptions, extractAudio } from "./extract.ts";
export { audioOffset } from "./offset.ts";

/** Bump when the beats found in the same sound change: tracks stored with older beats get new ones (cache.ts). */
export const AUDIO_ANALYSIS_VERSION = 2;

/**
 * Beats of a video's sound track: null when it has no audio, or too little or only silence to
 * analyse. Check `confidence` before counting on the beats (speech and noise still get a result).
 */
export async function analyzeAudio(path: string, opts: ExtractOptions = {}): Promise<AudioBeats | null> {
  const rate = opts.rate ?? DEFAULT_RATE;
  const samples = await extractAudio(path, { ...opts, rate });
  const found = samples ? detectBeats(samples, rate) : null;
  return found && { ...found, version: AUDIO_ANALYSIS_VERSION };
}
