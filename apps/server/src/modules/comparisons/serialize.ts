import type { ComparisonDetail, ComparisonPart, ComparisonSummary, Overview } from "@stepsync/contracts";
import type { ComparisonResult as EngineResult } from "@stepsync/motion";
import type { comparisons } from "../../db/schema.ts";
import { libraryVideoUrl } from "../library/urls.ts";
import { analysingSeconds } from "../../jobs/progress.ts";
import { countedAs } from "./policy.ts";
import { userVideoUrl } from "../videos/urls.ts";

/** Where the player fetches the reference: the uploaded file, or the library video. */
export function referenceUrlOf(row: typeof comparisons.$inferSelect): string | null {
  if (row.referenceUploadId) return userVideoUrl(row.referenceUploadId);
  if (row.referenceVideoId) return libraryVideoUrl(row.referenceVideoId);
  return null;
}

export function toComparisonSummary(row: typeof comparisons.$inferSelect): ComparisonSummary {
  return {
    id: row.id,
    activity_type: row.activityType,
    status: row.status,
    progress: row.progress,
    attempt: row.attempts,
    analysing_s: analysingSeconds(row.status === "processing" ? row.analysisStartedAt : null),
    error: row.error,
    overall_score: row.overallScore,
    reference_title: row.referenceTitle,
    contributor_name: row.contributorName,
    thumbnail_path: row.thumbnailPath,
    reference_video_path: referenceUrlOf(row),
    user_video_path: row.userVideoId ? userVideoUrl(row.userVideoId) : null,
    user_framing: row.userFraming ?? null,
    reference_video_id: row.referenceVideoId,
    created_at: row.createdAt.toISOString(),
    same_routine: row.sameRoutine,
    dancer_call: row.dancerCall,
    same_performance: row.samePerformance === true,
    counted: countedAs(row),
    take_track: row.takeTrack,
    part: partOf(row),
  };
}

/**
 * A stored result: what the engine wrote when it ran. Typed by the current engine (so a change of
 * its shape that the contract does not follow fails to compile here), but a stored row may lack any
 * field a later engine added: scores, same_routine, moves, counts, section moves, alignment
 * confidence, limb scores (and the tracks' video size), sameness, danced, the alignment's clock.
 * Each missing one is answered as null, or absent where the contract allows it.
 */
type StoredResult = Partial<Omit<EngineResult, "alignment" | "tracks">> & {
  tracks?: { reference: StoredTrack; user: StoredTrack };
  alignment?: Omit<EngineResult["alignment"], "confidence" | "clock"> & {
    confidence?: number;
    clock?: EngineResult["alignment"]["clock"];
  };
};

type StoredTrack = Omit<EngineResult["tracks"]["user"], "width" | "height"> & { width?: number; height?: number };

/** The stored engine result, reshaped into the fields the spec's result view reads. */
export function toComparisonDetail(row: typeof comparisons.$inferSelect): ComparisonDetail {
  const result = (row.result ?? null) as StoredResult | null;
  const referenceUrl = referenceUrlOf(row);
  const userUrl = row.userVideoId ? userVideoUrl(row.userVideoId) : null;
  const alignment = result?.alignment;
  const summary = toComparisonSummary(row);
  return {
    ...summary,
    // A quick result's score (the column stays empty until the server's own result: it counts nowhere).
    overall_score: summary.overall_score ?? result?.overall_score ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
    results: result
      ? {
          sections: result.sections ?? [],
          categories: result.categories ?? {},
          overallFeedback: result.overallFeedback ?? "",
          overview: result.overview ?? earlierOverview(result.overallFeedback ?? ""),
          jointSpecificFeedback: result.jointSpecificFeedback ?? {},
          problematicJoints: result.problematicJoints ?? [],
          // Null where the stored result has none: the web app then shows no judgments.
          scores: result.scores ?? null,
          same_routine: result.same_routine ?? null,
          moves: result.moves ?? null,
          counts: result.counts ?? null,
          limb_scores: result.limb_scores ?? null,
          sameness: result.sameness ?? null,
          danced: result.danced ?? null,
          same_performance: row.samePerformance,
          pose_source: row.poseSource,
        }
      : null,
    alignment_info: alignment
      ? { ...alignment, confidence: alignment.confidence ?? null, clock: alignment.clock ?? null }
      : null,
    tracks: result?.tracks ?? null,
    aligned_videos: {
      reference_url: referenceUrl,
      user_url: userUrl,
      sync_quality: alignment?.sync_quality ?? null,
      segment_duration: alignment?.segment_duration ?? null,
    },
    reference_url: referenceUrl,
    user_url: userUrl,
  };
}

/**
 * The overview of a result stored without one, which has the overall feedback as one paragraph: its
 * first sentence is the headline (the verdict, or "This does not look like the same routine.").
 */
export function earlierOverview(feedback: string): Overview {
  const end = feedback.search(/[.!?](\s|$)/);
  if (end < 0) return { headline: feedback, details: "" };
  return { headline: feedback.slice(0, end + 1), details: feedback.slice(end + 1).trim() };
}

/** "Practise this part": the span of the reference a comparison covers; null for the whole video. */
function partOf(row: typeof comparisons.$inferSelect): ComparisonPart | null {
  if (row.referenceStartS === null || row.referenceEndS === null) return null;
  return {
    start_s: row.referenceStartS,
    end_s: row.referenceEndS,
    parent_id: row.parentComparisonId,
    label: row.partLabel ?? "",
  };
}
