import {
  type ComparisonDetail,
  dancerColour,
  type GroupRole,
  type Rehearsal,
  type RehearsalDancer,
  type RehearsalStatus,
  type RehearsalSummary,
  type RehearsalSync,
  type SamenessDecision,
} from "@stepsync/contracts";
import type { GroupComparisonResult } from "@stepsync/motion";
import { getTableColumns } from "drizzle-orm";
import { comparisons } from "../../db/schema.ts";
import { analysingSeconds } from "../../jobs/progress.ts";
import { toComparisonDetail } from "../comparisons/serialize.ts";
import { nameShownTo } from "../groups/policy.ts";
import { libraryThumbnailUrl, libraryVideoUrl } from "../library/urls.ts";
import type { DancerWithMember, RehearsalRow } from "./repository.ts";

export const rehearsalVideoUrl = (id: number) => `/api/rehearsals/${id}/video`;
export const referenceVideoUrlOf = (row: RehearsalRow) =>
  row.referenceVideoId === null ? null : libraryVideoUrl(row.referenceVideoId);
export const rehearsalThumbnailUrl = (id: number) => `/api/rehearsals/${id}/thumbnail`;

/** "pending" while it waits in the queue (no attempt runs), else the stored status. */
function statusOf(row: RehearsalRow): RehearsalStatus {
  return row.status === "processing" && row.analysisStartedAt === null ? "pending" : row.status;
}

export function toRehearsalSummary(row: RehearsalRow): RehearsalSummary {
  return {
    id: row.id,
    status: statusOf(row),
    progress: row.progress,
    group_id: row.groupId,
    reference: { id: row.referenceVideoId, title: row.referenceTitle },
    dancer_count: row.dancerCount,
    sync_score: row.syncScore,
    credits_charged: row.creditsCharged,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    thumbnail_url: row.thumbnailKey ? rehearsalThumbnailUrl(row.id) : null,
  };
}

/** How the viewer names members: as the groups area does (the organiser in full, others by first name). */
export type Naming = GroupRole;

function memberName(d: DancerWithMember, naming: Naming): string {
  return nameShownTo(naming, { fullName: d.memberFullName, username: d.memberUsername ?? "" });
}

export function toRehearsalDancer(d: DancerWithMember, naming: Naming): RehearsalDancer {
  return {
    id: d.dancerId,
    colour: dancerColour(d.dancerId),
    x: d.x,
    overall_score: d.overallScore,
    scores: { shape: d.shapeScore, timing: d.timingScore },
    decision: d.decision as SamenessDecision,
    offset_s: d.offsetS,
    seen_share: d.seenShare,
    member: d.userId !== null && d.memberUsername !== null ? { user_id: d.userId, name: memberName(d, naming) } : null,
    comparison_id: d.comparisonId,
    boxes: d.boxes,
  };
}

type StoredGroupResult = Omit<GroupComparisonResult, "dancers">;

/** The engine's GroupSync in the contract's words (apart → falls_apart, timing_ms → dancers). */
export function toRehearsalSync(stored: unknown): RehearsalSync | null {
  const group = (stored as StoredGroupResult | null)?.group;
  if (!group) return null;
  return {
    sync_score: group.sync_score,
    spread_ms: group.spread_ms,
    lateness_against: group.lateness_against,
    moves: group.moves.map((m) => ({
      index: m.index,
      start_s: m.start_s,
      end_s: m.end_s,
      count_label: m.count_label,
      spread_ms: m.spread_ms,
      shape_agreement: m.shape_agreement,
      sync: m.sync,
      falls_apart: m.apart,
      dancers: m.timing_ms.map((t) => ({ id: t.dancer, ms: t.ms })),
    })),
  };
}

/** Seconds of analysis left from how far it is and how long its attempt has run (as the web's secondsLeft). */
export function timeLeftSeconds(percent: number, analysingS: number | null): number | null {
  if (analysingS === null || analysingS < 2 || percent < 3) return null;
  return Math.round((analysingS * (100 - Math.min(100, percent))) / percent);
}

export function toRehearsal(
  row: RehearsalRow,
  view: {
    dancers: DancerWithMember[];
    naming: Naming;
    canTag: boolean;
    canDelete: boolean;
    members: Array<{ user_id: number; name: string }>;
    referenceThumbnail: boolean;
  },
): Rehearsal {
  const analysing = analysingSeconds(row.status === "processing" ? row.analysisStartedAt : null);
  const video = (row.result as StoredGroupResult | null)?.video;
  return {
    ...toRehearsalSummary(row),
    error: row.error,
    video_url: rehearsalVideoUrl(row.id),
    video: video
      ? { width: video.width, height: video.height, duration: video.duration }
      : row.width && row.height && row.durationS
        ? { width: row.width, height: row.height, duration: row.durationS }
        : null,
    reference: {
      id: row.referenceVideoId,
      title: row.referenceTitle,
      video_url: referenceVideoUrlOf(row),
      thumbnail_url:
        row.referenceVideoId !== null && view.referenceThumbnail ? libraryThumbnailUrl(row.referenceVideoId) : null,
    },
    can_tag: view.canTag,
    can_delete: view.canDelete,
    members: view.canTag ? view.members : [],
    dancers: row.status === "completed" ? view.dancers.map((d) => toRehearsalDancer(d, view.naming)) : [],
    sync: row.status === "completed" ? toRehearsalSync(row.result) : null,
    analysing_s: analysing,
    time_left_s: row.status === "processing" ? timeLeftSeconds(row.progress, analysing) : null,
  };
}

/**
 * One dancer's result as GET /api/comparisons/:id answers it, from their stored result: the named
 * member's comparison id (0 when nobody is named), the rehearsal video as the user's video.
 */
export function toDancerResult(row: RehearsalRow, d: DancerWithMember, result: unknown): ComparisonDetail {
  const blank = Object.fromEntries(Object.keys(getTableColumns(comparisons)).map((k) => [k, null]));
  const comparison = {
    ...blank,
    id: d.comparisonId ?? 0,
    userId: d.userId ?? row.userId,
    activityType: row.activityType,
    status: "completed" as const,
    progress: 100,
    overallScore: d.overallScore,
    referenceTitle: row.referenceTitle,
    referenceVideoId: row.referenceVideoId,
    result,
    sameRoutine: d.decision !== "not_same",
    dancerCall: false,
    poseSource: "server" as const,
    attempts: 1,
    createdAt: row.createdAt,
    completedAt: row.completedAt,
  } as typeof comparisons.$inferSelect;
  const detail = toComparisonDetail(comparison);
  const videoUrl = rehearsalVideoUrl(row.id);
  return {
    ...detail,
    user_video_path: videoUrl,
    user_url: videoUrl,
    aligned_videos: { ...detail.aligned_videos, user_url: videoUrl },
  };
}
