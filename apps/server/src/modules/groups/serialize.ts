import type { Group, GroupMember, GroupRole, GroupRoutine, RoutineMove } from "@stepsync/contracts";
import type { LibraryVideoRow } from "../library/service.ts";
import { libraryThumbnailUrl, libraryVideoUrl } from "../library/urls.ts";
import { daysToEvent } from "./board.ts";
import { nameShownTo } from "./policy.ts";
import type { GroupListing, MemberWithUser } from "./repository.ts";

/** A group as `listing.role` sees it: only the organiser gets the invite code. */
export function toGroup(listing: GroupListing, now = new Date()): Group {
  const { group, role } = listing;
  return {
    id: group.id,
    name: group.name,
    event_date: group.eventDate,
    days_to_event: daysToEvent(group.eventDate, now),
    role,
    organiser_name: nameShownTo(role, { fullName: listing.organiserFullName, username: listing.organiserUsername }),
    invite_code: role === "organiser" ? group.inviteCode : null,
    member_count: listing.memberCount,
    reference_video_id: group.referenceVideoId,
    parts: group.parts,
    created_at: group.createdAt.toISOString(),
  };
}

export function toMember(member: MemberWithUser, viewerRole: GroupRole): GroupMember {
  return {
    user_id: member.userId,
    name: nameShownTo(viewerRole, member),
    role: member.role,
    joined_at: member.joinedAt.toISOString(),
  };
}

export function toRoutine(video: LibraryVideoRow, moves: RoutineMove[] | null): GroupRoutine {
  return {
    reference_video_id: video.id,
    title: video.title,
    private: video.audience === "group",
    category: video.category,
    duration_s: video.durationS,
    file_url: libraryVideoUrl(video.id),
    thumbnail_url: video.thumbnailKey ? libraryThumbnailUrl(video.id) : null,
    pose_status: video.poseStatus,
    moves,
  };
}
