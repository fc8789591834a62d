import { alongTimeMap } from "@stepsync/contracts";
import { DEFAULTS, tooLong } from "./analyze.ts";
import { analyzeAudio } from "./audio/index.ts";
import { cacheKey, folderTrackStore, withAudio } from "./cache.ts";
import { compareTracks } from "./compare.ts";
import { forVideo } from "./errors.ts";
import { poseAdapter } from "./pose/models.ts";
import { preparePosePool } from "./pose/pool.ts";
import { assertStyle } from "./score/styles.ts";
import type { CompareVideosOptions } from "./index.ts";
import type { CompactTrack, ComparisonResult, PoseTrack } from "./types.ts";
import { type MoveSpan, tooSparse, type TrackCheck, verifyTakeTrack } from "./verify-track.ts";
import { round3 } from "./numbers.ts";
import { probeVideo } from "./video/probe.ts";

export type TakeTrackOutcome =
  | { result: ComparisonResult; check: TrackCheck & { ok: true } }
  /** Not used: why (the reference not analysed yet, or the track refused); the caller analyses in full. */
  | { result?: undefined; sparse?: undefined; reason: string; check?: TrackCheck }
  /**
   * An honest track of too few poses to time the moves by: the caller analyses in full, with the
   * take's offset moved to its video's clock (`takeOffset`; undefined when the take had none).
   */
  | { result?: undefined; sparse: true; reason: string; check: TrackCheck & { ok: true }; takeOffset?: number };

/**
 * The reference's pose track when it is already known (given, or in the pose cache), without
 * analysing it: the fast path is only fast when the reference's poses are already there (and a
 * take is scored live only against a reference whose poses are known).
 */
export async function knownReference(
  referencePath: string,
  opts: CompareVideosOptions,
): Promise<PoseTrack | undefined> {
  const maxDuration = opts.maxDuration ?? DEFAULTS.maxDuration;
  if (opts.referenceTrack) return withAudio(opts.referenceTrack, referencePath, maxDuration);
  const store = opts.trackStore ?? (opts.cacheDir ? folderTrackStore(opts.cacheDir) : undefined);
  if (!store) return undefined;
  const { onProgress: _, ...settings } = opts;
  const json = await store.read(await cacheKey(referencePath, settings)).catch(() => undefined);
  if (!json) return undefined;
  const track = JSON.parse(json) as PoseTrack;
  if (track.version !== 1) return undefined;
  if (track.duration > maxDuration) throw forVideo(tooLong(track.duration, maxDuration), "reference");
  return withAudio(track, referencePath, maxDuration);
}

/** The result's moves as danced on the user's clock: each move's reference span through the time map. */
export function movesDanced(result: Pick<ComparisonResult, "moves" | "alignment">): MoveSpan[] {
  const map = result.alignment.time_map;
  return result.moves.map((m) => ({
    start: alongTimeMap(map, m.start_s, "reference"),
    end: alongTimeMap(map, m.end_s, "reference"),
  }));
}

/**
 * The fast path of a dance-along take: the browser's pose track of it stands in for the server's
 * analysis when the reference's poses are already known and sampled frames of the take, estimated
 * again here, agree with it (verify-track.ts). The result is the engine's own comparison of the two
 * tracks, as `compareVideos` would give it; `reason` when the caller must analyse in full instead.
 */
export async function compareWithTakeTrack(
  referencePath: string,
  userPath: string,
  compact: CompactTrack,
  opts: CompareVideosOptions,
): Promise<TakeTrackOutcome> {
  const model = opts.model ?? DEFAULTS.model;
  assertStyle(opts.style);
  preparePosePool(model);
  const reference = await knownReference(referencePath, opts);
  if (!reference) return { reason: "the reference's poses are not analysed yet" };
  const maxDuration = opts.maxDuration ?? DEFAULTS.maxDuration;
  const info = await probeVideo(userPath).catch((e) => {
    throw forVideo(e, "user");
  });
  if (info.duration > maxDuration) throw forVideo(tooLong(info.duration, maxDuration), "user");
  opts.onProgress?.(10, "user");
  // The take's music is read as a full analysis reads it, beside the check (it is cheap).
  const audio = info.hasAudio
    ? analyzeAudio(userPath, { maxSeconds: maxDuration + 1 }).catch(() => null)
    : Promise.resolve(null);
  // The result comes from the track as sent; the check then looks inside each of its moves as the
  // track dances them (a forger gains only by changing moves).
  let result: ComparisonResult | undefined;
  const movesOf = async (track: PoseTrack) => {
    if (track.duration > maxDuration) return [];
    opts.onProgress?.(30, "compare");
    // The track as the server's own analysis of the take would be: the model it is checked against.
    const user: PoseTrack = { ...track, model, minScore: poseAdapter(model).minKeypointScore, audio: await audio };
    result = compareTracks(reference, user, {
      style: opts.style,
      window: opts.referenceWindow,
      takeOffset: opts.takeOffset,
    });
    return movesDanced(result);
  };
  const { check, track } = await verifyTakeTrack(userPath, info, compact, { model, movesOf });
  if (!check.ok || !track) {
    await audio;
    return { reason: check.ok ? "no track" : check.reason, check };
  }
  // A take with no duration in its file is as long as its track: the full analysis judges one too long.
  if (track.duration > maxDuration) return { reason: "longer than the recording limit", check };
  // Too few poses to time the moves by (a slow device): the video's own analysis does, on the clock
  // the track was found on (the recorder's first frame is the video's time 0, not the take's).
  if (tooSparse(compact, track.fps)) {
    await audio;
    const takeOffset = opts.takeOffset === undefined ? undefined : Math.max(0, round3(opts.takeOffset - check.shiftS));
    return {
      sparse: true,
      reason: `${compact.posesPerSecond} poses a second, too few to time the moves by`,
      check,
      takeOffset,
    };
  }
  if (!result) return { reason: "no result", check };
  opts.onProgress?.(100, "done");
  return { result, check };
}
