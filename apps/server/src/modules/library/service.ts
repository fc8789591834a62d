import {
  type ActivityType,
  type Difficulty,
  LIBRARY_MESSAGES,
  NOTIFICATION_LINKS,
  SOCIAL_MESSAGES,
  type ReferenceVideo,
} from "@stepsync/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { PoseTrack } from "@stepsync/motion";
import type { Db, Queryable } from "../../db/client.ts";
import { HttpError } from "../../http/errors.ts";
import { JOB_NAMES, type JobQueue } from "../../jobs/queue.ts";
import { type BlobStore, readText } from "../../storage/blob-store.ts";
import { type Notice, notify } from "../notifications/service.ts";
import type { StoredVideo } from "../videos/upload.ts";
import {
  canManageLibraryVideo,
  canSeeLibraryVideo,
  countsAsView,
  editNeedsReview,
  isOpenForReactions,
  type Viewer,
} from "./policy.ts";
import * as repo from "./repository.ts";
import type { LibraryVideoRow, VideoStatus, VideoTexts } from "./repository.ts";
import { type ViewerOfDay, viewDay } from "./views.ts";
import { toCard, type CardRow } from "./serialize.ts";

type Actor = { id: number; role: string; username: string };
const notFound = () => new HttpError(404, LIBRARY_MESSAGES.videoNotFound);

// Seeing and finding ------------------------------------------------------------------------------

/** Whether `viewer` may see `video` (policy.ts), asking who practises a group's own routine only for one. */
async function maySee(db: Queryable, video: LibraryVideoRow, viewer: Viewer): Promise<boolean> {
  const inAudience = video.audience === "group" && !!viewer && (await repo.inGroupAudience(db, video.id, viewer.id));
  return canSeeLibraryVideo(video, viewer, inAudience);
}

/** The video when `viewer` may see it; "not found" otherwise, so unapproved and private ids do not leak. */
export async function visibleLibraryVideo(db: Queryable, id: number, viewer: Viewer): Promise<LibraryVideoRow> {
  const video = await repo.findVideo(db, id);
  if (!video || !(await maySee(db, video, viewer))) throw notFound();
  return video;
}

/** The video when `user` may edit or delete it; "not found" for anyone else. */
export async function managedLibraryVideo(db: Queryable, id: number, user: Viewer): Promise<LibraryVideoRow> {
  const video = await visibleLibraryVideo(db, id, user);
  if (!canManageLibraryVideo(video, user)) throw notFound();
  return video;
}

/** The video when `user` may like, share or comment on it (it is approved); "not found" otherwise. */
export async function reactableLibraryVideo(db: Queryable, id: number, user: Viewer): Promise<LibraryVideoRow> {
  const video = await visibleLibraryVideo(db, id, user);
  if (!isOpenForReactions(video)) throw notFound();
  return video;
}

/** One video as a card row for `viewerId` (is_liked / is_following). */
export async function libraryCard(db: Queryable, id: number, viewerId: number | undefined): Promise<CardRow> {
  const row = await repo.findCard(db, id, viewerId);
  if (!row) throw notFound();
  return row;
}

/**
 * The one home of "views": opening or practising an approved video counts one view per viewer (user
 * or visitor) per day; its contributor's own views do not count. The unique index on (video, viewer,
 * day) decides, so repeated and concurrent opens that day count once.
 */
export async function countLibraryView(
  db: Db,
  video: LibraryVideoRow,
  viewer: Viewer,
  seen: ViewerOfDay,
): Promise<void> {
  if (!countsAsView(video, viewer)) return;
  await db.transaction(async (tx) => {
    if (await repo.insertView(tx, video.id, seen.key, seen.day)) await repo.countView(tx, video.id);
  });
}

/**
 * Removes the view records of past days: only today's decide whether a view counts (the count itself
 * lives on the video), so earlier rows would only grow the table. Answers how many.
 */
export function pruneOldViews(db: Queryable, now = new Date()): Promise<number> {
  return repo.deleteViewsBefore(db, viewDay(now));
}

/**
 * Opens a video's page (a shared link), counting a view (`countLibraryView`). `own` tells whether the
 * viewer manages it (and so sees its review and pose state).
 */
export async function openLibraryVideoPage(db: Db, id: number, viewer: Viewer, seen: ViewerOfDay) {
  const video = await visibleLibraryVideo(db, id, viewer);
  await countLibraryView(db, video, viewer, seen);
  return { row: await libraryCard(db, id, viewer?.id), own: canManageLibraryVideo(video, viewer) };
}

/**
 * An approved library video `viewer` may see (a public one, or a group's own routine of a group they
 * are in), to compare against or make a group's routine, with its contributor's name; "not available"
 * otherwise.
 */
export async function comparableLibraryVideo(db: Queryable, id: number, viewer: Viewer, notAvailable: () => Error) {
  const row = await repo.findWithContributor(db, id);
  if (row?.video.status !== "approved" || !(await maySee(db, row.video, viewer))) throw notAvailable();
  return row;
}

export type { LibraryVideoRow } from "./repository.ts";

/** Lists are plain reads: the routes serialise and page them. */
export {
  allWithContributor as allLibraryVideosWithContributor,
  listApprovedCards,
  listCardsOf,
  listCommentsWithContext,
  listForReview,
  listWithContributor as listLibraryVideosWithContributor,
} from "./repository.ts";

/**
 * Features or unfeatures a video; only an approved one can be featured (400 otherwise). Undefined when
 * there is no such video.
 */
export async function featureLibraryVideo(
  db: Queryable,
  id: number,
  isFeatured: boolean,
): Promise<LibraryVideoRow | undefined> {
  const row = await repo.setFeatured(db, id, isFeatured);
  if (row) return row;
  if (!(await repo.findVideo(db, id))) return undefined;
  throw new HttpError(400, LIBRARY_MESSAGES.cannotFeatureUnapproved);
}

/** A contributor's newest approved videos, as cards for `viewerId` (their public profile). */
export async function recentLibraryCardsOf(
  db: Queryable,
  contributorId: number,
  viewerId: number | undefined,
  limit: number,
): Promise<ReferenceVideo[]> {
  return (await repo.recentApprovedCardsOf(db, contributorId, viewerId, limit)).map(toCard);
}

/** How many approved videos a contributor has and how often they were viewed. */
export const contributorLibraryTotals = repo.approvedTotalsOf;

/** One more comparison completed against the video (in the completing transaction). */
export const countLibraryUsage = repo.countUsage;

// Contributing ------------------------------------------------------------------------------------

export type NewLibraryVideo = {
  title: string;
  description: string;
  category: ActivityType;
  difficulty: Difficulty;
  tags: string[];
};

/**
 * Adds an upload to the library. It starts pending (an admin reviews it); its poses are computed in
 * the background right away, and a thumbnail is made from the video there when none was given.
 */
export async function addLibraryVideo(
  deps: { db: Queryable; queue: JobQueue },
  contributorId: number,
  input: NewLibraryVideo,
  video: StoredVideo,
  thumbnailKey: string | undefined,
): Promise<number> {
  const id = await repo.insertVideo(deps.db, {
    contributorId,
    title: input.title,
    description: input.description || null,
    category: input.category,
    difficulty: input.difficulty,
    tags: input.tags,
    videoKey: video.key,
    thumbnailKey,
    mimeType: video.sniffed.mime,
    // Never the client's figure: what ffprobe read from the file.
    durationS: video.info.duration,
    status: "pending",
  });
  await deps.queue.send(JOB_NAMES.referencePoses, { referenceVideoId: id });
  return id;
}

/**
 * A routine an organiser uploads for their group only (audience "group"): analysed like any library
 * video (the pose job, a thumbnail from the video), seen only by them and the members of their groups
 * practising it, never listed in the library. It needs no review, so it starts approved; an admin
 * may still reject it.
 */
export async function addGroupRoutineVideo(
  deps: { db: Queryable; queue: JobQueue },
  ownerId: number,
  input: { title: string; category: ActivityType },
  video: StoredVideo,
): Promise<LibraryVideoRow> {
  const id = await repo.insertVideo(deps.db, {
    contributorId: ownerId,
    title: input.title,
    category: input.category,
    videoKey: video.key,
    mimeType: video.sniffed.mime,
    durationS: video.info.duration,
    status: "approved",
    audience: "group",
  });
  await deps.queue.send(JOB_NAMES.referencePoses, { referenceVideoId: id });
  const row = await repo.findVideo(deps.db, id);
  if (!row) throw notFound();
  return row;
}

/** The fields of `edit` that differ from the video's live texts (an edit back to them is no edit). */
function changedTexts(video: LibraryVideoRow, edit: VideoTexts): VideoTexts {
  const changed: VideoTexts = {};
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  for (const field of ["title", "description", "category", "difficulty", "tags"] as const) {
    if (edit[field] !== undefined && !same(edit[field], video[field])) Object.assign(changed, { [field]: edit[field] });
  }
  return changed;
}

/**
 * Changes the texts of a video the user manages (`managedLibraryVideo`); the file stays.
 * - A contributor's edit of an approved video waits for review (added to any edit already waiting):
 *   the approved texts stay live until an admin approves it.
 * - A contributor's edit of a rejected video sends it back to the review queue.
 * - Anything else (admins, videos still pending) applies at once.
 */
export async function editLibraryVideo(
  db: Queryable,
  video: LibraryVideoRow,
  texts: VideoTexts,
  editor: NonNullable<Viewer>,
): Promise<void> {
  const defined = Object.fromEntries(Object.entries(texts).filter(([, v]) => v !== undefined)) as VideoTexts;
  if (editNeedsReview(video, editor)) {
    const edit = changedTexts(video, { ...(video.pendingEdit as VideoTexts | null), ...defined });
    await repo.setPendingEdit(db, video.id, Object.keys(edit).length > 0 ? edit : null);
    return;
  }
  if (Object.keys(defined).length > 0) await repo.updateTexts(db, video.id, defined);
  if (video.status === "rejected" && editor.role !== "admin") {
    await repo.resubmit(db, video.id);
  }
}

/** The stored files of a library video: the video, its thumbnail and its pose track. */
function filesOf(video: LibraryVideoRow): string[] {
  return [video.videoKey, video.thumbnailKey, video.poseTrackKey].filter((k): k is string => !!k);
}

/**
 * Removes stored files once the rows that named them are gone (committed): a failed removal leaves an
 * orphan file, never a row pointing at nothing, so it is not an error.
 */
export async function removeStoredFiles(storage: BlobStore, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => {})));
}

/**
 * Deletes a library video with its files: the row first (likes, shares and comments cascade;
 * comparisons against it keep their copied title), then the files. Undefined when there was none.
 */
export async function deleteLibraryVideo(
  deps: { db: Queryable; storage: BlobStore },
  id: number,
): Promise<LibraryVideoRow | undefined> {
  const video = await repo.deleteVideoRow(deps.db, id);
  if (video) await removeStoredFiles(deps.storage, filesOf(video));
  return video;
}

/**
 * Deletes every library video of a contributor inside the caller's transaction (an account being
 * deleted) and answers their file keys, for `removeStoredFiles` once that transaction committed.
 */
export async function deleteLibraryVideosOf(tx: Queryable, contributorId: number): Promise<string[]> {
  return (await repo.deleteVideoRowsOf(tx, contributorId)).flatMap(filesOf);
}

/** Its contributor (or an admin) deletes a video with its files. */
export async function deleteOwnLibraryVideo(
  deps: { db: Queryable; storage: BlobStore },
  id: number,
  user: Viewer,
): Promise<void> {
  await managedLibraryVideo(deps.db, id, user);
  await deleteLibraryVideo(deps, id);
}

/**
 * The likes a user gave, for `recountLibraryLikes` after their account (and with it their likes) is
 * deleted: the stored counters then match the likes that remain.
 */
export const likedLibraryVideoIdsOf = repo.likedVideoIdsOf;
export const recountLibraryLikes = repo.recountLikes;

// Likes, shares, comments -------------------------------------------------------------------------

/**
 * Like / unlike: one row per (user, video) under a unique index; the counter moves only when a row
 * was really added or removed, in the same transaction — exact however often and however
 * concurrently it is pressed. A new like tells the contributor. Answers the like count.
 */
export async function likeLibraryVideo(db: Db, id: number, user: Actor): Promise<number> {
  const video = await reactableLibraryVideo(db, id, user);
  return db.transaction(async (tx) => {
    if (!(await repo.insertLike(tx, user.id, id))) return repo.likesCountOf(tx, id);
    const likes = await repo.moveLikesCount(tx, id, 1);
    await notify(tx, {
      userId: video.contributorId,
      actorId: user.id,
      type: "like",
      title: SOCIAL_MESSAGES.newLikeTitle,
      message: SOCIAL_MESSAGES.newLike(user.username, video.title),
      link: NOTIFICATION_LINKS.libraryVideo(id),
    });
    return likes;
  });
}

export async function unlikeLibraryVideo(db: Db, id: number, user: { id: number; role: string }): Promise<number> {
  await visibleLibraryVideo(db, id, user);
  return db.transaction(async (tx) =>
    (await repo.deleteLike(tx, user.id, id)) ? repo.moveLikesCount(tx, id, -1) : repo.likesCountOf(tx, id),
  );
}

/** Records a public share of a video the user may react to (`reactableLibraryVideo`). */
export async function shareLibraryVideo(
  db: Queryable,
  video: LibraryVideoRow,
  user: Actor,
  shareType: "public",
): Promise<void> {
  await repo.insertShare(db, { userId: user.id, videoId: video.id, shareType });
}

/** How many comments a video's page shows at most. */
const COMMENTS_SHOWN = 500;

/** A visible video's comments, oldest first. */
export async function libraryVideoComments(db: Queryable, id: number, viewer: Viewer) {
  await visibleLibraryVideo(db, id, viewer);
  return repo.commentsOf(db, id, COMMENTS_SHOWN);
}

/** Adds a comment to a video the user may react to and tells its contributor, in one transaction. */
export async function commentOnLibraryVideo(db: Db, video: LibraryVideoRow, user: Actor, content: string) {
  return db.transaction(async (tx) => {
    const comment = await repo.insertComment(tx, { videoId: video.id, userId: user.id, content });
    await notify(tx, {
      userId: video.contributorId,
      actorId: user.id,
      type: "comment",
      title: SOCIAL_MESSAGES.newCommentTitle,
      message: SOCIAL_MESSAGES.newComment(user.username, video.title),
      link: NOTIFICATION_LINKS.libraryVideo(video.id),
    });
    return comment;
  });
}

/** Its author deletes a comment (admins any); false when there is no such comment they may delete. */
export function deleteLibraryComment(db: Queryable, id: number, user: { id: number; role: string }): Promise<boolean> {
  return repo.deleteComment(db, id, user.role === "admin" ? undefined : user.id);
}

// Review (admin) ----------------------------------------------------------------------------------

type ReviewOutcome = (Notice & { userId: number }) | undefined;

/**
 * Approves or rejects, telling the contributor when the status changes. A video whose poses could not
 * be computed (no person found…) cannot be approved: no comparison against it could ever work. Poses
 * still being computed do not block approval (comparisons fall back to analysing the reference).
 * An approved video with a contributor's edit waiting: the review decides the edit (`reviewPendingEdit`).
 * Answers the outcome the contributor was told (to mail it too), or undefined when nothing changed.
 */
export async function reviewLibraryVideo(
  db: Db,
  id: number,
  status: Exclude<VideoStatus, "pending">,
  reason: string | undefined,
): Promise<ReviewOutcome> {
  const video = await repo.findVideo(db, id);
  if (!video) throw notFound();
  if (video.status === "approved" && video.pendingEdit) return reviewPendingEdit(db, video, status, reason);
  if (status === "approved" && video.poseStatus === "failed") {
    throw new HttpError(
      409,
      `${LIBRARY_MESSAGES.cannotApproveNoPoses}${video.poseError ? ` (${video.poseError})` : ""}`,
    );
  }
  return db.transaction(async (tx) => {
    await repo.setReview(tx, id, { status, reviewReason: status === "rejected" ? reason || null : null });
    if (video.status === status || !video.contributorId) return undefined;
    const outcome = {
      userId: video.contributorId,
      type: "system" as const,
      title: status === "approved" ? LIBRARY_MESSAGES.approvedTitle : LIBRARY_MESSAGES.rejectedTitle,
      message:
        status === "approved"
          ? LIBRARY_MESSAGES.approvedMessage(video.title)
          : LIBRARY_MESSAGES.rejectedMessage(video.title, reason),
      link: NOTIFICATION_LINKS.contributor,
    };
    await notify(tx, outcome);
    return outcome;
  });
}

/**
 * Approving a waiting edit puts its texts live; rejecting drops it (the approved texts stay) and keeps
 * the reason for the contributor. Either way the contributor is told, like for a video's review.
 */
async function reviewPendingEdit(
  db: Db,
  video: LibraryVideoRow,
  status: Exclude<VideoStatus, "pending">,
  reason: string | undefined,
): Promise<ReviewOutcome> {
  const edit = video.pendingEdit as VideoTexts;
  const title = edit.title ?? video.title;
  return db.transaction(async (tx) => {
    if (status === "approved") await repo.applyPendingEdit(tx, video.id, edit);
    else await repo.dropPendingEdit(tx, video.id, reason ?? "");
    if (!video.contributorId) return undefined;
    const outcome = {
      userId: video.contributorId,
      type: "system" as const,
      title: status === "approved" ? LIBRARY_MESSAGES.editApprovedTitle : LIBRARY_MESSAGES.editRejectedTitle,
      message:
        status === "approved"
          ? LIBRARY_MESSAGES.editApprovedMessage(title)
          : LIBRARY_MESSAGES.editRejectedMessage(video.title, reason ?? ""),
      link: NOTIFICATION_LINKS.contributor,
    };
    await notify(tx, outcome);
    return outcome;
  });
}

// Poses (the reference-poses job) -----------------------------------------------------------------

/** A pose job taking its video: counts the attempt and starts its heartbeat; undefined when not pending. */
export const claimReferencePoses = repo.claimPoses;
/** The running pose job's sign of life. */
export const beatReferencePoses = repo.beatPoses;
/** How far the running pose job is (0–99 while it runs). */
export async function reportReferencePoseProgress(db: Queryable, id: number, percent: number): Promise<void> {
  await repo.setPoseProgress(db, id, Math.max(0, Math.min(99, Math.round(percent))));
}
/** Takes the pending videos whose pose job went silent. */
export const takeSilentReferencePoses = repo.takeSilentPoses;

/** The engine could not use the video (or the job kept dying): admins see why before approving. */
export async function failReferencePoses(db: Queryable, id: number, reason: string, onlyIfPending = false) {
  await repo.setPosesFailed(db, id, reason, onlyIfPending);
}

/** Records the stored pose track; false when the video was deleted meanwhile (the caller removes the track). */
export const readyReferencePoses = repo.setPosesReady;

/** Sets a thumbnail made from the video unless one was set meanwhile; false when it was (or the video is gone). */
export const setGeneratedThumbnail = repo.setThumbnailIfNone;

/**
 * A library video's stored pose track (the reference-poses job wrote it); undefined when there is
 * none or it cannot be read: the comparison then analyses the reference itself.
 */
export async function libraryPoseTrack(
  deps: { storage: BlobStore; log: FastifyBaseLogger },
  key: string | null,
): Promise<PoseTrack | undefined> {
  if (!key) return undefined;
  try {
    return JSON.parse(await readText(deps.storage, key)) as PoseTrack;
  } catch (err) {
    deps.log.warn({ err, key }, "stored reference track unreadable; analysing the reference instead");
    return undefined;
  }
}
