import { COMPARE_MESSAGES, PART_LIMITS, PART_MESSAGES, round1 } from "@stepsync/contracts";
import type { Queryable } from "../../db/client.ts";
import { HttpError } from "../../http/errors.ts";
import { comparableLibraryVideo } from "../library/service.ts";
import { ownUpload } from "../videos/service.ts";
import { ownComparison } from "./service.ts";

/** The form fields of "Practise this part" (all absent for a comparison of whole videos). */
export type PartFields = {
  reference_start_s?: string;
  reference_end_s?: string;
  parent_comparison_id?: string;
  part_label?: string;
};

/** A validated part: its span of the reference, and that reference, taken from the parent comparison. */
export type Part = {
  startS: number;
  endS: number;
  label: string;
  parentId: number;
  reference: { uploadId: number; title: string | null } | { libraryId: number };
};

const seconds = (s: number) => `${round1(s)} s`;

/** Slack for "ends after the reference does": durations are probed, a chosen end is rounded. */
const DURATION_SLACK_S = 0.05;

/**
 * Reads and checks a part: both ends numbers, 0 ≤ start < end, between the part limits, within the
 * reference; the parent one of the user's own completed comparisons (anyone else's is "not found").
 * Its reference is the parent's: a reference named as well must be that one. Undefined without a part.
 */
export async function readPart(
  db: Queryable,
  user: { id: number; role: string },
  fields: PartFields,
  named: { referenceUploaded: boolean; referenceVideoId?: number },
): Promise<Part | undefined> {
  const { reference_start_s: rawStart, reference_end_s: rawEnd, parent_comparison_id: rawParent } = fields;
  if (rawStart === undefined && rawEnd === undefined && rawParent === undefined) return undefined;
  if (rawParent === undefined || !/^\d+$/.test(rawParent.trim()))
    throw new HttpError(400, PART_MESSAGES.spanWithoutParent);
  const startS = Number(rawStart);
  const endS = Number(rawEnd);
  if (!rawStart?.trim() || !rawEnd?.trim() || !Number.isFinite(startS) || !Number.isFinite(endS))
    throw new HttpError(400, PART_MESSAGES.notANumber);
  if (!(startS >= 0 && endS > startS)) throw new HttpError(400, PART_MESSAGES.startBeforeEnd);
  if (endS - startS < PART_LIMITS.minSeconds) throw new HttpError(400, PART_MESSAGES.tooShort);
  if (endS - startS > PART_LIMITS.maxSeconds) throw new HttpError(400, PART_MESSAGES.tooLong);
  const label = fields.part_label?.trim() || `${seconds(startS)}–${seconds(endS)}`;
  if (label.length > PART_LIMITS.maxLabelLength) throw new HttpError(400, PART_MESSAGES.labelTooLong);

  const parent = await ownComparison(db, Number(rawParent), user);
  if (parent.status !== "completed") throw new HttpError(400, PART_MESSAGES.parentNotCompleted);
  if (named.referenceUploaded || (named.referenceVideoId && named.referenceVideoId !== parent.referenceVideoId))
    throw new HttpError(400, PART_MESSAGES.otherReference);

  let reference: Part["reference"];
  let duration: number | null;
  if (parent.referenceUploadId) {
    const upload = await ownUpload(db, parent.referenceUploadId, user);
    reference = { uploadId: upload.id, title: parent.referenceTitle };
    duration = upload.durationS;
  } else if (parent.referenceVideoId) {
    const library = await comparableLibraryVideo(
      db,
      parent.referenceVideoId,
      user,
      () => new HttpError(404, COMPARE_MESSAGES.referenceNotFound),
    );
    reference = { libraryId: library.video.id };
    duration = library.video.durationS;
  } else {
    throw new HttpError(404, COMPARE_MESSAGES.referenceNotFound);
  }
  if (duration !== null && endS > duration + DURATION_SLACK_S)
    throw new HttpError(400, PART_MESSAGES.pastEnd(duration));
  return { startS, endS, label, parentId: parent.id, reference };
}
