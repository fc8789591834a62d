import { expect, it } from "vitest";
import { compareTracks } from "./compare.ts";
import { cuesTold } from "../test-support/cues.ts";
import { swapSideNames } from "../test-support/perturb.ts";
import { phrase, syntheticTrack } from "../test-support/synthetic-track.ts";
import type { PoseTrack } from "./types.ts";

/**
 * The pose model names a turning dancer's sides as it pleases from frame to frame (two copies of
 * one turn read them the other way round in different frames): the same dance read so in a few
 * frames of every two seconds.
 */
function sidesMisnamedNowAndThen(track: PoseTrack): PoseTrack {
  let out = track;
  for (let t = 1; t < track.duration; t += 2) out = swapSideNames(out, { from: t, to: t + 0.3 });
  return out;
}

it("the same dance with its sides misnamed in a few frames: scored as the same, with nothing to correct", () => {
  const reference = syntheticTrack(phrase, { duration: 16 });
  const r = compareTracks(reference, sidesMisnamedNowAndThen(reference), { style: "contemporary" });
  expect(r.same_routine).toBe(true);
  expect(r.overall_score).toBeGreaterThanOrEqual(97);
  expect(cuesTold(r)).toEqual([]);
});
