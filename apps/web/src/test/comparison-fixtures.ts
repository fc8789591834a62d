import type { ComparisonDetail, ComparisonResults, MoveResult } from "@stepsync/contracts";

/** A finished comparison as GET /api/comparisons/{id} answers it, with no results or videos unless given. */
export function makeComparisonDetail(overrides: Partial<ComparisonDetail> = {}): ComparisonDetail {
  return {
    id: 12,
    activity_type: "hip_hop",
    status: "completed",
    progress: 100,
    attempt: 1,
    error: null,
    overall_score: 80,
    reference_title: "Groove basics",
    contributor_name: null,
    thumbnail_path: null,
    reference_video_path: null,
    user_video_path: null,
    reference_video_id: null,
    created_at: "2026-11-20T10:00:00.000Z",
    completed_at: "2026-11-20T10:01:00.000Z",
    results: null,
    alignment_info: null,
    tracks: null,
    aligned_videos: { reference_url: null, user_url: null, sync_quality: null, segment_duration: null },
    reference_url: null,
    user_url: null,
    part: null,
    ...overrides,
  };
}

/** A result's overall feedback as the engine gives it: the headline, the details, and the two joined. */
export function overallFeedback(
  headline: string,
  details = "",
): Pick<ComparisonResults, "overallFeedback" | "overview"> {
  return { overallFeedback: `${headline} ${details}`.trim(), overview: { headline, details } };
}

/** Move `index` of a result: two seconds long from index × 2, counted "1–2", "3–4"…, a good one on time. */
export function makeMove(index: number, over: Partial<MoveResult> = {}): MoveResult {
  return {
    index,
    start_s: index * 2,
    end_s: index * 2 + 2,
    user_start_s: index * 2,
    count_label: `${index * 2 + 1}–${index * 2 + 2}`,
    verdict: "good",
    timing_ms: 0,
    shape: 90,
    focus: null,
    cue: null,
    ...over,
  };
}
