import { STALE_AFTER_MS } from "../../jobs/heartbeat.ts";
import { Readable } from "node:stream";
import {
  ACTIVITY_TYPES,
  type ActivityType,
  CARD_ASPECT,
  COMPARE_MESSAGES,
  type GroupRole,
  REHEARSAL_LIMITS,
  REHEARSAL_MESSAGES,
  type RehearsalUploadFields,
} from "@stepsync/contracts";
import {
  type ComparisonResult,
  compactFramingTrack,
  extractFrame,
  type GroupComparisonResult,
  type PoseTrack,
  previewFraming,
} from "@stepsync/motion";
import type { AppContext } from "../../context.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { HttpError } from "../../http/errors.ts";
import { JOB_NAMES, type JobQueue } from "../../jobs/queue.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { storageKeys } from "../../storage/keys.ts";
import { awardAchievements } from "../achievements/service.ts";
import { countsAsSameRoutine, mayStartComparisons } from "../comparisons/policy.ts";
import * as comparisonsRepo from "../comparisons/repository.ts";
import { changeCredits, currentBalance } from "../credits/service.ts";
import { canManageGroup, isInGroup, type Membership, nameShownTo } from "../groups/policy.ts";
import * as groupsRepo from "../groups/repository.ts";
import { memberOf } from "../groups/service.ts";
import { comparableLibraryVideo, libraryPoseTrack } from "../library/service.ts";
import { insertUpload } from "../videos/repository.ts";
import { deleteUpload } from "../videos/service.ts";
import type { StoredVideo } from "../videos/upload.ts";
import * as repo from "./repository.ts";
import type { DancerWithMember, RehearsalRow } from "./repository.ts";

type Deps = Pick<AppContext, "db" | "storage" | "log" | "queue">;
type User = { id: number; role: string; emailVerifiedAt: Date | null };

const notFound = () => new HttpError(404, REHEARSAL_MESSAGES.notFound);

/** The lists are plain reads: the routes serialise them. */
export { dancerResultOf, dancersOf, uploadedBy as rehearsalsUploadedBy } from "./repository.ts";

// Who sees what -----------------------------------------------------------------------------------

/** A rehearsal as one viewer may see it: the viewer's place in its group (undefined: none). */
export type Seen = { row: RehearsalRow; membership: Membership | undefined };

/**
 * A rehearsal its uploader or a member of its group (organiser included) may see; anyone else is
 * told "not found", as for one that does not exist.
 */
export async function visibleRehearsal(db: Queryable, id: number, user: { id: number }): Promise<Seen> {
  const row = await repo.findRehearsal(db, id);
  if (!row) throw notFound();
  const found = row.groupId === null ? undefined : await groupsRepo.membershipOf(db, row.groupId, user.id);
  const membership = isInGroup(found) ? found : undefined;
  if (row.userId !== user.id && !membership) throw notFound();
  return { row, membership };
}

/** The organiser of the rehearsal's group names its dancers. */
export function canTag(seen: Seen): boolean {
  return !!seen.membership && canManageGroup(seen.membership);
}

/** Its uploader or the group's organiser deletes it. */
export function canDelete(seen: Seen, user: { id: number }): boolean {
  return seen.row.userId === user.id || canTag(seen);
}

/** A group's rehearsals, to its members only (404 for anyone else, as for a missing group). */
export async function groupRehearsals(db: Queryable, groupId: number, user: { id: number }): Promise<RehearsalRow[]> {
  await memberOf(db, groupId, user);
  return repo.ofGroup(db, groupId);
}

/** Who may start one: as for comparisons, an account whose address is proven (credits are spent). */
export const mayStartRehearsals = mayStartComparisons;

/** The group's members by name as `naming` sees them (the organiser first), to name the dancers. */
export async function memberNamesOf(db: Queryable, groupId: number, naming: GroupRole) {
  const members = await groupsRepo.activeMembersOf(db, groupId);
  return members.map((m) => ({ user_id: m.userId, name: nameShownTo(naming, m) }));
}

/** The reference's thumbnail key and contributor, when it is still there. */
export const referenceFacts = repo.referenceOf;

// Starting ----------------------------------------------------------------------------------------

/**
 * Starts a rehearsal: the group (one the user is in) and the reference (an approved library video
 * or the group's own routine the user may see; by default the group's routine) checked, then in one
 * transaction a credit is held and the rehearsal created; then its analysis is queued. 402 without
 * a credit. The upload is the caller's to remove when this throws.
 */
export async function startRehearsal(
  deps: Deps,
  user: User,
  input: { upload: { stored: StoredVideo; originalName: string }; fields: RehearsalUploadFields },
): Promise<RehearsalRow> {
  const { db } = deps;
  if (!mayStartComparisons(user)) throw new HttpError(403, COMPARE_MESSAGES.confirmEmailFirst);
  const group =
    input.fields.group_id === undefined ? undefined : (await memberOf(db, input.fields.group_id, user)).group;
  const referenceId = input.fields.reference_video_id ?? group?.referenceVideoId ?? undefined;
  if (referenceId === undefined)
    throw new HttpError(400, group ? REHEARSAL_MESSAGES.groupHasNoRoutine : REHEARSAL_MESSAGES.referenceRequired);
  const { video } = await comparableLibraryVideo(
    db,
    referenceId,
    user,
    () => new HttpError(404, REHEARSAL_MESSAGES.referenceNotAvailable),
  );
  const style: ActivityType =
    input.fields.style ??
    ((ACTIVITY_TYPES as readonly string[]).includes(video.category)
      ? (video.category as ActivityType)
      : "contemporary");
  const { stored, originalName } = input.upload;
  const created = await db.transaction(async (tx) => {
    if (!(await changeCredits(tx, user.id, -REHEARSAL_LIMITS.creditsPerDancer, "usage", REHEARSAL_MESSAGES.heldCharge)))
      throw new HttpError(402, REHEARSAL_MESSAGES.insufficientCredits);
    return repo.insertRehearsal(tx, {
      userId: user.id,
      groupId: group?.id ?? null,
      referenceVideoId: video.id,
      referenceTitle: video.title,
      activityType: style,
      videoKey: stored.key,
      originalName,
      mimeType: stored.sniffed.mime,
      sizeBytes: stored.size,
      durationS: stored.info.duration,
      width: stored.info.width,
      height: stored.info.height,
      creditsCharged: REHEARSAL_LIMITS.creditsPerDancer,
      // No heartbeat while it waits in the queue: the sweep takes back only jobs a worker started.
      heartbeatAt: null,
    });
  });
  try {
    await sendRehearsal(deps.queue, created.id);
  } catch (err) {
    // Not queued, so nothing would ever run it: it fails now, with the credit back.
    await failRehearsal(db, created.id, REHEARSAL_MESSAGES.analysisFailed);
    throw err;
  }
  return created;
}

export async function sendRehearsal(queue: JobQueue, id: number, startAfterSeconds?: number): Promise<void> {
  await queue.send(JOB_NAMES.rehearsal, { rehearsalId: id }, { startAfterSeconds });
}

// The analysis job's lifecycle --------------------------------------------------------------------

export const claimRehearsal = repo.claimAttempt;
/** One rehearsal per user analysed at a time, like comparisons (a group video is minutes of work). */
export const rehearsalOwnerBusy = (db: Queryable, id: number) => repo.ownerBusyElsewhere(db, id, STALE_AFTER_MS);
export const beatRehearsal = repo.beat;
export const takeSilentRehearsals = repo.takeSilent;

export async function requeueRehearsal(db: Queryable, queue: JobQueue, id: number): Promise<void> {
  await repo.clearHeartbeat(db, id);
  await sendRehearsal(queue, id);
}

export async function reportRehearsalProgress(db: Queryable, id: number, percent: number): Promise<void> {
  await repo.setProgress(db, id, Math.max(0, Math.min(99, Math.round(percent))));
}

/** Where the analysis reads its videos: the rehearsal's file, the reference's, and its stored poses when ready. */
export async function rehearsalInputs(
  deps: Pick<AppContext, "db" | "storage" | "log">,
  row: RehearsalRow,
): Promise<{ groupKey: string; referenceKey: string; referenceTrack?: PoseTrack } | undefined> {
  const reference = row.referenceVideoId === null ? undefined : await repo.referenceOf(deps.db, row.referenceVideoId);
  if (!reference) return undefined;
  const trackKey = reference.poseStatus === "ready" ? reference.poseTrackKey : null;
  return {
    groupKey: row.videoKey,
    referenceKey: reference.videoKey,
    referenceTrack: trackKey ? await libraryPoseTrack(deps, trackKey) : undefined,
  };
}

/**
 * Keeps a finished analysis, exactly once: under a lock on the rehearsal (still processing), the
 * dancers found beyond the held credit are charged in one go and the rehearsal completes with its
 * dancers. When the balance cannot pay for every dancer it fails instead, saying so, and the held
 * credit goes back. Answers what happened ("gone": deleted or finished meanwhile).
 */
export async function completeRehearsal(
  db: Db,
  id: number,
  result: GroupComparisonResult,
): Promise<"completed" | "short" | "gone"> {
  const dancers = result.dancers.length;
  const outcome = await db.transaction(async (tx) => {
    const row = await repo.lockRehearsal(tx, id);
    if (row?.status !== "processing") return { done: "gone" as const };
    const more = dancers * REHEARSAL_LIMITS.creditsPerDancer - row.creditsCharged;
    if (more > 0 && !(await changeCredits(tx, row.userId, -more, "usage", REHEARSAL_MESSAGES.dancersCharge(id, more))))
      return { done: "short" as const, userId: row.userId };
    if (more < 0) await changeCredits(tx, row.userId, -more, "refund", REHEARSAL_MESSAGES.refund(id));
    const { dancers: _dancers, ...kept } = result;
    await repo.markCompleted(tx, id, {
      credits: row.creditsCharged + more,
      dancerCount: dancers,
      syncScore: result.group.sync_score,
      result: kept,
    });
    await repo.insertDancers(
      tx,
      result.dancers.map((d) => {
        const other = d.sameness.decision === "not_same";
        return {
          rehearsalId: id,
          dancerId: d.id,
          x: d.x,
          seenShare: d.seen_share,
          overallScore: other ? null : d.overall_score,
          shapeScore: other ? null : d.scores.shape,
          timingScore: other ? null : d.scores.timing,
          decision: d.sameness.decision,
          offsetS: d.offset_s,
          boxes: d.boxes,
          result: d.result,
        };
      }),
    );
    return { done: "completed" as const };
  });
  if (outcome.done === "short") {
    const balance = (await currentBalance(db, outcome.userId)) ?? 0;
    await failRehearsal(db, id, REHEARSAL_MESSAGES.notEnoughCredits(dancers, balance), dancers);
  }
  return outcome.done;
}

/**
 * Fails the rehearsal with a message for the user and gives back every credit it held, in one
 * transaction (its row locked: what it held is read and cleared together, so the refund is once).
 */
export async function failRehearsal(db: Db, id: number, message: string, dancerCount?: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await repo.lockRehearsal(tx, id);
    if (row?.status !== "processing" || !(await repo.markFailed(tx, id, message, dancerCount))) return false;
    if (row.creditsCharged > 0)
      await changeCredits(tx, row.userId, row.creditsCharged, "refund", REHEARSAL_MESSAGES.refund(id));
    return true;
  });
}

/** A frame of the video as its thumbnail; never worth failing over (the list shows none). */
export async function makeRehearsalThumbnail(deps: Pick<AppContext, "db" | "storage" | "log">, row: RehearsalRow) {
  try {
    const jpeg = await extractFrame(await deps.storage.localPath(row.videoKey), {
      duration: row.durationS ?? undefined,
      width: 640,
    });
    if (!jpeg) return;
    const key = storageKeys.rehearsalThumbnail(row.id);
    await deps.storage.put(key, Readable.from([jpeg]));
    // Deleted meanwhile: the file would be nobody's.
    if (!(await repo.setThumbnail(deps.db, row.id, key)) && !(await repo.findRehearsal(deps.db, row.id)))
      await deps.storage.delete(key);
  } catch (err) {
    deps.log.warn({ err, rehearsalId: row.id }, "could not store a rehearsal's thumbnail");
  }
}

// Naming the dancers ------------------------------------------------------------------------------

/**
 * The organiser names dancer `dancerId` as member `userId` (or nobody: null). Naming makes the
 * member a completed comparison of their own against the rehearsal's reference with that dancer's
 * result (their history, the group's board), on their own copy of the video (so their history, the
 * result and deleting it work as for any comparison); naming them again elsewhere moves it, naming
 * nobody removes it. One change at a time per rehearsal (its row locked), so a member is one dancer
 * per rehearsal however many requests race. No credits move.
 */
export async function tagDancer(
  deps: Deps,
  user: { id: number },
  id: number,
  dancerId: number,
  userId: number | null,
): Promise<void> {
  const { db, storage } = deps;
  const seen = await visibleRehearsal(db, id, user);
  const groupId = seen.row.groupId;
  if (groupId === null) throw new HttpError(403, REHEARSAL_MESSAGES.notInAGroup);
  if (!canTag(seen)) throw new HttpError(403, REHEARSAL_MESSAGES.organiserOnly);
  if (seen.row.status !== "completed") throw new HttpError(409, REHEARSAL_MESSAGES.notYetAnalysed);
  const dancers = await repo.dancersOf(db, id);
  const dancer = dancers.find((d) => d.dancerId === dancerId);
  if (!dancer) throw new HttpError(404, REHEARSAL_MESSAGES.dancerNotFound);
  if (userId !== null && !isInGroup(await groupsRepo.membershipOf(db, groupId, userId)))
    throw new HttpError(400, REHEARSAL_MESSAGES.notAMember);
  if (alreadyNamed(dancer, userId)) return;

  // The member's copy of the video, made before the transaction (a file); removed again when unused.
  const copy = userId === null ? undefined : await copyVideo(storage, seen.row, userId);
  const reference =
    seen.row.referenceVideoId === null ? undefined : await repo.referenceOf(db, seen.row.referenceVideoId);
  let copyUsed = false;
  const orphanKeys: string[] = [];
  try {
    await db.transaction(async (tx) => {
      const locked = await repo.lockRehearsal(tx, id);
      if (!locked) throw notFound();
      const current = await repo.lockDancer(tx, id, dancerId);
      if (!current) throw new HttpError(404, REHEARSAL_MESSAGES.dancerNotFound);
      if (alreadyNamed(current, userId)) return;
      const elsewhere = userId === null ? [] : await repo.dancersNamed(tx, id, userId);
      for (const named of [current, ...elsewhere]) {
        if (named.comparisonId !== null) orphanKeys.push(...(await removeComparison(tx, named.comparisonId)));
        if (named.id !== current.id) await repo.setDancerMember(tx, named.id, { userId: null, comparisonId: null });
      }
      if (userId === null || !copy) {
        await repo.setDancerMember(tx, current.id, { userId: null, comparisonId: null });
        return;
      }
      const result = current.result as ComparisonResult;
      const userVideoId = await insertUpload(tx, {
        ownerId: userId,
        kind: "user",
        storageKey: copy.key,
        originalName: seen.row.originalName,
        mimeType: seen.row.mimeType,
        sizeBytes: copy.size,
        durationS: seen.row.durationS,
        width: seen.row.width,
        height: seen.row.height,
      });
      const now = new Date();
      const comparison = await comparisonsRepo.insertComparison(tx, {
        userId,
        activityType: seen.row.activityType,
        status: "completed",
        progress: 100,
        overallScore: result.overall_score,
        referenceTitle: seen.row.referenceTitle,
        contributorName: reference?.contributor ?? null,
        // The card shows this dancer, framed out of the group.
        userFraming: previewFraming(compactFramingTrack(result.tracks.user), CARD_ASPECT) ?? null,
        userVideoId,
        referenceVideoId: seen.row.referenceVideoId,
        result,
        sameRoutine: countsAsSameRoutine(result),
        poseSource: "server",
        attempts: 1,
        // Danced when the rehearsal was filmed (uploaded), not when it was named.
        createdAt: seen.row.createdAt,
        completedAt: now,
      });
      copyUsed = true;
      await repo.setDancerMember(tx, current.id, { userId, comparisonId: comparison.id });
      // As a finished comparison does: achievements behind a savepoint (never worth losing the tag over).
      try {
        await tx.transaction(async (sp) =>
          awardAchievements(sp, userId, await comparisonsRepo.countedHistoryOf(sp, userId)),
        );
      } catch (err) {
        deps.log.warn({ err, rehearsalId: id }, "awarding achievements after naming a dancer failed");
      }
    });
  } finally {
    if (copy && !copyUsed) orphanKeys.push(copy.key);
  }
  await Promise.all(orphanKeys.map((key) => storage.delete(key).catch(() => undefined)));
}

/**
 * Nothing to do: the dancer is named so already (and the member still has its comparison: one they
 * deleted is made again when they are named again).
 */
function alreadyNamed(dancer: { userId: number | null; comparisonId: number | null }, userId: number | null) {
  return dancer.userId === userId && (userId === null || dancer.comparisonId !== null);
}

/** A copy of the rehearsal's video for a member's own comparison (their upload, as any other). */
async function copyVideo(storage: BlobStore, row: RehearsalRow, ownerId: number) {
  const key = storageKeys.video(ownerId, "user");
  const { size } = await storage.put(key, await storage.open(row.videoKey));
  return { key, size };
}

/** Deletes a comparison made from a named dancer, and its copy of the video; answers the files to remove. */
async function removeComparison(tx: Queryable, comparisonId: number): Promise<string[]> {
  const row = await comparisonsRepo.findComparison(tx, comparisonId);
  if (!row) return [];
  await comparisonsRepo.deleteComparisonRow(tx, comparisonId);
  if (!row.userVideoId || (await comparisonsRepo.isUploadUsed(tx, row.userVideoId))) return [];
  const key = await deleteUpload(tx, row.userVideoId);
  return key ? [key] : [];
}

// Deleting ----------------------------------------------------------------------------------------

/**
 * Deletes a rehearsal (its uploader or the group's organiser): its file and thumbnail, and the
 * comparisons its named dancers made (with their copies). Deleted while its analysis ran, it
 * gives back the credits it held (the job then finds no row and keeps nothing).
 */
export async function deleteRehearsal(deps: Deps, user: { id: number }, id: number): Promise<{ refunded: boolean }> {
  const seen = await visibleRehearsal(deps.db, id, user);
  if (!canDelete(seen, user)) throw new HttpError(403, REHEARSAL_MESSAGES.deleteNotAllowed);
  const { keys, refunded } = await deps.db.transaction(async (tx) => {
    const keys: string[] = [];
    for (const comparisonId of await repo.namedComparisonsOf(tx, id))
      keys.push(...(await removeComparison(tx, comparisonId)));
    const deleted = await repo.deleteRehearsalRow(tx, id);
    if (!deleted) return { keys, refunded: false };
    keys.push(deleted.videoKey);
    if (deleted.thumbnailKey) keys.push(deleted.thumbnailKey);
    const cancelled = deleted.status === "processing" && deleted.creditsCharged > 0;
    if (cancelled)
      await changeCredits(tx, deleted.userId, deleted.creditsCharged, "refund", REHEARSAL_MESSAGES.deletedRefund(id));
    return { keys, refunded: cancelled };
  });
  // Files go after the rows: a failed removal leaves an orphan file, never a broken row.
  await Promise.all(keys.map((key) => deps.storage.delete(key).catch(() => undefined)));
  return { refunded };
}

/**
 * An account being deleted: the files of the rehearsals it uploaded, to remove once its rows are
 * gone (they cascade with the user). Members' comparisons named from them are the members' own, on
 * their own copies, and stay.
 */
export const rehearsalFilesOf = repo.filesUploadedBy;

export type { DancerWithMember, RehearsalRow };
