import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { type ReferenceAnalysisResponse, referenceAnalysisResponse } from "@stepsync/contracts";
import type { PoseTrack } from "@stepsync/motion";
import { analyseReference } from "@stepsync/motion/live";
import type { AppContext } from "../../context.ts";
import type { LibraryVideoRow } from "./repository.ts";
import { libraryPoseTrack } from "./service.ts";

/** A reference's analysis as it is sent: the JSON, gzipped once, and its entity tag; and its counting, read. */
export interface AnalysisAnswer {
  json: string;
  gzip: Buffer;
  etag: string;
  /** Its moves and sections (a group's parts and board are told in them). */
  counting: ReferenceAnalysisResponse["counting"];
}

/** Answers kept ready (the most recently used): counting a reference again on every take is work for nothing. */
const KEPT = 32;
const kept = new Map<string, AnalysisAnswer>();

/**
 * The live-scoring analysis of a library video (poses and counting, @stepsync/motion/live), from
 * its stored pose track; undefined while it has none (or it cannot be read).
 */
export async function referenceAnalysis(
  ctx: Pick<AppContext, "storage" | "log">,
  video: Pick<LibraryVideoRow, "poseStatus" | "poseTrackKey">,
): Promise<AnalysisAnswer | undefined> {
  if (video.poseStatus !== "ready" || !video.poseTrackKey) return undefined;
  return storedTrackAnalysis(ctx, video.poseTrackKey);
}

/**
 * The live-scoring analysis of the library pose track stored at `key`, kept under that key: the
 * library route and a comparison's reference-analysis route share the one entry, and a kept answer
 * reads no track.
 */
export function storedTrackAnalysis(
  ctx: Pick<AppContext, "storage" | "log">,
  key: string,
): Promise<AnalysisAnswer | undefined> {
  return analysisAnswer(key, () => libraryPoseTrack(ctx, key));
}

/**
 * The live-scoring analysis of the reference whose poses `load` gives (undefined: none known yet),
 * kept under `key`: a reference's poses never change once known, so its answer is made once per
 * engine and kept while it is among the most recently used.
 */
export async function analysisAnswer(
  key: string,
  load: () => Promise<PoseTrack | undefined>,
): Promise<AnalysisAnswer | undefined> {
  const ready = kept.get(key);
  if (ready) {
    // Most recently used last.
    kept.delete(key);
    kept.set(key, ready);
    return ready;
  }
  const track = await load();
  if (!track) return undefined;
  // Through the contract: what the browser is promised is what it gets.
  const analysis = referenceAnalysisResponse.parse(analyseReference(track));
  const json = JSON.stringify(analysis);
  const answer = {
    counting: analysis.counting,
    json,
    gzip: gzipSync(json),
    etag: `"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"`,
  };
  kept.set(key, answer);
  if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
  return answer;
}

/** Whether an If-None-Match header names this entity tag (or any: "*"); weak tags compare as strong ones here. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .some((t) => t === "*" || t === etag);
}
