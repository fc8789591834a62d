import { compactTrack, trackFromCompact } from "../compact-track.ts";
import { type Counting, countReference } from "../counts/counting.ts";
import { extractFeatures, type FeatureTrack } from "../features.ts";
import type { CompactTrack, PoseTrack } from "../types.ts";
import { ENGINE_VERSION } from "../version.ts";
import { countingInWindow, type ReferenceWindow, windowTrack } from "../window.ts";

/**
 * What a browser needs of a reference to score a take live, computed once from the reference
 * alone: its poses (compact: 3 decimals) and its counting (moves and sections) by the engine that
 * judges the take on the server, so a move live is the move in the result.
 */
export interface ReferenceAnalysis {
  /** The engine that counted it (ENGINE_VERSION): a scorer of another engine should load it again. */
  engine_version: string;
  track: CompactTrack;
  counting: Counting;
}

/**
 * The analysis of a reference's pose track: its counting as a comparison counts it (the
 * reference's features at its own analysis rate, with its music), from the full track.
 */
export function analyseReference(track: PoseTrack): ReferenceAnalysis {
  return {
    engine_version: ENGINE_VERSION,
    track: compactTrack(track),
    counting: countReference(extractFeatures(track), track.audio ?? null),
  };
}

/** The reference as the live scorer reads it: its pose track back, its features and its counting. */
export interface LiveReference {
  track: PoseTrack;
  features: FeatureTrack;
  counting: Counting;
  /** The part practised, in the whole reference's seconds (null: all of it); track and counting are timed from its start. */
  window: ReferenceWindow | null;
}

/**
 * The reference, or a part of it cut as a comparison of a practised part cuts it (window.ts): the
 * part's poses timed from its start, the whole video's counting cut to it (so its moves keep their
 * counts), counted on its own only when no move lies mostly inside it.
 */
export function liveReference(analysis: ReferenceAnalysis, window?: ReferenceWindow): LiveReference {
  const whole = trackFromCompact(analysis.track);
  if (!window) return { track: whole, features: extractFeatures(whole), counting: analysis.counting, window: null };
  const track = windowTrack(whole, window);
  const features = extractFeatures(track);
  const counting = countingInWindow(analysis.counting, window) ?? countReference(features, null);
  return { track, features, counting, window };
}
