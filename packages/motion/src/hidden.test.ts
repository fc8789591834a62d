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

  it("a move she was hidden in is marked not seen, with no lateness or cue; the rest are judged as seen", () => {
    const seen = compareTracks(ref, user, { style: "hip_hop" });
    const hidden = compareTracks(ref, hiddenUser, { style: "hip_hop", hidden: spans });
    const notSeen = hidden.moves.filter((m) => m.hidden);
    // Every stretch hides at least one whole move.
    for (const [a, b] of spans) expect(notSeen.some((m) => m.start_s >= a && m.end_s <= b)).toBe(true);
    for (const m of notSeen) {
      expect(m.timing_ms).toBeNull();
      expect(m.cue).toBeNull();
      expect(m.focus).toBeNull();
    }
    // Only moves that touch a stretch are not seen; the others keep their verdict from the dancing.
    for (const m of hidden.moves) {
      const touches = spans.some(([a, b]) => m.end_s >= a - 0.5 && m.start_s <= b + 0.5);
      if (!touches) {
        expect(m.hidden).toBeUndefined();
        expect(m.verdict).toBe(seen.moves[m.index]?.verdict);
      }
    }
    // Seen in full, and in a solo video, no move is marked.
    expect(seen.moves.some((m) => "hidden" in m)).toBe(false);
    expect(compareTracks(ref, hiddenUser, { style: "hip_hop" }).moves.some((m) => "hidden" in m)).toBe(false);
  });

  it("without hidden stretches the result is exactly the solo one", () => {
    const solo = compareTracks(ref, hiddenUser, { style: "hip_hop" });
    expect(compareTracks(ref, hiddenUser, { style: "hip_hop", hidden: [] })).toEqual(solo);
  });
});
