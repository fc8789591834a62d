import { describe, expect, it } from "vitest";
import { compareTracks } from "./compare.ts";
import type { PoseTrack } from "./types.ts";
import { phrase, syntheticTrack, withMusicBeat } from "../test-support/synthetic-track.ts";

/** The track with no person in these stretches (seconds), as a dancer hidden behind another reads. */
function unseenIn(track: PoseTrack, spans: Array<[number, number]>): PoseTrack {
  return {
    ...track,
    frames: track.frames.map((f) =>
      spans.some(([a, b]) => f.t >= a && f.t <= b) ? { ...f, keypoints: new Array(17 * 3).fill(0), score: 0 } : f,
    ),
  };
}

describe("a dancer hidden behind someone in a group video", () => {
  // Three stretches of 2–2.5 s out of 30 (about a fifth), as a dancer crossing behind another.
  const spans: Array<[number, number]> = [
    [4.2, 6.7],
    [14.2, 16],
    [24.2, 26.4],
  ];
  const ref = withMusicBeat(syntheticTrack(phrase, { duration: 30 }));
  const user = withMusicBeat(syntheticTrack(phrase, { duration: 30 }));
  const hiddenUser = unseenIn(user, spans);

  it("scores as herself fully seen when the stretches are marked hidden; unmarked, they count against her as a solo's absence does", () => {
    const seen = compareTracks(ref, user, { style: "hip_hop" });
    const absent = compareTracks(ref, hiddenUser, { style: "hip_hop" });
    const hidden = compareTracks(ref, hiddenUser, { style: "hip_hop", hidden: spans });
    expect(Math.abs(hidden.overall_score - seen.overall_score)).toBeLessThanOrEqual(3);
    expect(Math.abs((hidden.scores.timing ?? 0) - (seen.scores.timing ?? 0))).toBeLessThanOrEqual(3);
    // A solo dancer who leaves the picture is still judged for it.
    expect(absent.overall_score).toBeLessThan(seen.overall_score - 3);
  });

  it("without hidden stretches the result is exactly the solo one", () => {
    const solo = compareTracks(ref, hiddenUser, { style: "hip_hop" });
    expect(compareTracks(ref, hiddenUser, { style: "hip_hop", hidden: [] })).toEqual(solo);
  });
});
