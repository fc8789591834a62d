import { alignTracks } from "./align/align.ts";
import { MotionError } from "./errors.ts";
import { extractFeatures, JOINTS } from "./features.ts";
import {
  FEEDBACK_DIFF_LIMIT,
  FEEDBACK_SCORE_LIMIT,
  jointAdvice,
  jointFeedback,
  overallParagraph,
  sectionSummary,
} from "./feedback.ts";
import { cocoIndexMap, COCO_KEYPOINTS } from "./pose/keypoints.ts";
import { resampleTrack } from "./resample.ts";
import { computePrimitives, frameScores, matchesByRef } from "./score/metrics.ts";
import { cutSections } from "./score/sections.ts";
import { categoryScores, isStyle, STYLES, type Style } from "./score/styles.ts";
import type { ComparisonResult, CompactTrack, PoseTrack, SectionResult } from "./types.ts";

export const ENGINE_VERSION = "1.0.0";

export interface CompareOptions {
  style: Style | string;
}

const r1 = (v: number) => Math.round(v * 10) / 10;
const r3 = (v: number) => Math.round(v * 1000) / 1000;

/**
 * Compares a user's pose track with a reference's: align (DTW, mirror check), score per section
 * and overall with the style's four categories, and explain in words. Pure and deterministic.
 */
export function compareTracks(reference: PoseTrack, user: PoseTrack, opts: CompareOptions): ComparisonResult {
  const style = opts.style;
  if (!isStyle(style))
    throw new MotionError("INVALID_OPTIONS", `Unknown style "${style}". Choose one of: ${STYLES.join(", ")}.`);
  if (!reference.frames.some((f) => f.score > 0))
    throw new MotionError("NO_PERSON_REFERENCE", "No person was found in the reference video.");
  if (!user.frames.some((f) => f.score > 0))
    throw new MotionError("NO_PERSON_USER", "No person was found in your video.");
  // Both tracks at the slower of the two analysis rates.
  const fps = Math.min(reference.fps, user.fps);
  const refT = resampleTrack(reference, fps);
  const userT = resampleTrack(user, fps);
  const ref = extractFeatures(refT);
  const usr = extractFeatures(userT);
  const usrMirrored = extractFeatures(userT, true);
  const al = alignTracks(ref, usr, usrMirrored);
  const u = al.mirrored ? usrMirrored : usr;
  const byRef = matchesByRef(al.path, ref.frames.length);
  const fit = { tempo: al.tempo, offset: al.offset };

  const whole = computePrimitives(ref, u, byRef, 0, ref.frames.length, fit);
  const categoriesRaw = categoryScores(style, whole);
  const categories = Object.fromEntries(Object.entries(categoriesRaw).map(([k, v]) => [k, r1(v)]));
  // Overall: the mean of the style's four categories (each already explained in styles.ts).
  const overall = r1(Object.values(categoriesRaw).reduce((a, b) => a + b, 0) / Object.values(categoriesRaw).length);

  const sections: SectionResult[] = cutSections(ref).map((s) => {
    const p = computePrimitives(ref, u, byRef, s.start, s.end, fit);
    const cats = categoryScores(style, p);
    const score = r1(Object.values(cats).reduce((a, b) => a + b, 0) / 4);
    const firstUser = byRef.slice(s.start, s.end).find((l) => l.length)?.[0];
    return {
      title: s.title,
      score,
      overall_feedback: sectionSummary(score, cats, p),
      timestamp: r3(s.start / fps),
      duration: r3((s.end - s.start) / fps),
      joint_feedback: jointFeedback(score, p),
      categories: Object.fromEntries(Object.entries(cats).map(([k, v]) => [k, r1(v)])),
      user_timestamp: r3((firstUser ?? Math.max(0, Math.round(al.offset * fps + s.start * al.tempo))) / fps),
    };
  });

  // Problematic joints: flagged in at least one section, or (when the overall score is below 90)
  // off by more than the feedback limit over the whole video; worst first.
  const flagged = new Set<string>(sections.flatMap((s) => Object.keys(s.joint_feedback)));
  const overallWeak = Math.round(overall) < FEEDBACK_SCORE_LIMIT;
  const problematicJoints = JOINTS.filter(
    (j) =>
      !Number.isNaN(whole.diff[j]) &&
      (flagged.has(j) || (overallWeak && Math.round(whole.diff[j]) > FEEDBACK_DIFF_LIMIT)),
  ).sort((a, b) => whole.diff[b] - whole.diff[a]);
  const jointSpecificFeedback: Record<string, string> = {};
  for (const j of problematicJoints) jointSpecificFeedback[j] = jointAdvice(j, whole.diff[j], whole.signedDiff[j]);
  const joint_differences: Record<string, number> = {};
  for (const j of JOINTS) if (!Number.isNaN(whole.diff[j])) joint_differences[j] = r1(whole.diff[j]);

  const segment = sections.length ? sections.reduce((a, s) => a + s.duration, 0) / sections.length : ref.duration;
  return {
    overall_score: overall,
    style,
    categories,
    sections,
    overallFeedback: overallParagraph({
      score: overall,
      categories: categoriesRaw,
      sections,
      problematicJoints,
      mirrored: al.mirrored,
      tempo: al.tempo,
      coverage: al.coverage,
    }),
    jointSpecificFeedback,
    problematicJoints,
    alignment: {
      mirrored: al.mirrored,
      tempo_ratio: r3(al.tempo),
      offset_s: r3(al.offset),
      // Steady timing → 1; the RMS drift from a constant tempo/offset (s) lowers it, as does a partial match.
      sync_quality: r3(al.coverage / (1 + (al.residual / 0.25) ** 2)),
      segment_duration: r3(segment),
      time_map: timeMap(al.path, fps),
      coverage: r3(al.coverage),
    },
    joint_differences,
    timeline: timeline(frameScores(ref, u, byRef), fps),
    tracks: { reference: compact(refT), user: compact(userT) },
    model: reference.model === user.model ? reference.model : `${reference.model}+${user.model}`,
    engine_version: ENGINE_VERSION,
  };
}

/** [[user_t, ref_t], …]: one point per reference frame on the path, thinned to at most 240 points. */
function timeMap(path: Array<[number, number]>, fps: number): Array<[number, number]> {
  const perRef = new Map<number, number[]>();
  for (const [i, j] of path) {
    const l = perRef.get(i);
    if (l) l.push(j);
    else perRef.set(i, [j]);
  }
  const pts: Array<[number, number]> = [...perRef.entries()].map(([i, js]) => [
    r3(js.reduce((a, b) => a + b, 0) / js.length / fps),
    r3(i / fps),
  ]);
  const step = Math.max(1, Math.ceil(pts.length / 240));
  const out = pts.filter((_, k) => k % step === 0);
  const last = pts[pts.length - 1];
  if (last && out[out.length - 1] !== last) out.push(last);
  return out;
}

/** [[ref_t, score], …]: per-frame pose score along the reference, averaged into at most 240 points. */
function timeline(scores: number[], fps: number): Array<[number, number]> {
  const step = Math.max(1, Math.ceil(scores.length / 240));
  const out: Array<[number, number]> = [];
  for (let s = 0; s < scores.length; s += step) {
    const chunk = scores.slice(s, s + step).filter((v) => !Number.isNaN(v));
    if (chunk.length) out.push([r3(s / fps), r1(chunk.reduce((a, b) => a + b, 0) / chunk.length)]);
  }
  return out;
}

/** COCO-17 keypoints per frame, 3 decimals: enough for a skeleton overlay, small enough to store. */
function compact(track: PoseTrack): CompactTrack {
  const map = cocoIndexMap(track.keypointNames);
  return {
    keypointNames: [...COCO_KEYPOINTS],
    fps: track.fps,
    frames: track.frames.map((f) => {
      const row = [r3(f.t)];
      for (const src of map) {
        row.push(
          r3(f.keypoints[src * 3] ?? 0),
          r3(f.keypoints[src * 3 + 1] ?? 0),
          Math.round((f.keypoints[src * 3 + 2] ?? 0) * 100) / 100,
        );
      }
      return row;
    }),
  };
}
