import { describe, expect, it } from "vitest";
import { syntheticTrack, wandering, legsDance, withMusicBeat } from "../../test-support/synthetic-track.ts";
import { compareTracks } from "../compare.ts";
import type { PoseTrack } from "../types.ts";
import { closeness, groupSync, type SyncDancer } from "./sync.ts";

const DURATION = 24;

function group(tracks: PoseTrack[], reference: PoseTrack): SyncDancer[] {
  return tracks.map((track, i) => ({
    id: i + 1,
    track,
    result: compareTracks(reference, track, { style: "hip_hop" }),
  }));
}

describe("the group's sync", () => {
  const teacher = syntheticTrack(wandering, { duration: DURATION });
  const dancer = (offset: number) => syntheticTrack(wandering, { duration: DURATION, offset });

  it("a dancer 0.4 s late is found 0.4 s late against the group, the others on time; the sync falls by more than 10", () => {
    const together = groupSync(group([dancer(0), dancer(0.03), dancer(0)], teacher));
    const oneLate = groupSync(group([dancer(0), dancer(0.03), dancer(0.4)], teacher));
    expect(together.sync.sync_score as number).toBeGreaterThanOrEqual(90);
    expect(oneLate.sync.lateness_against).toBe("group");
    expect(oneLate.offsets.get(3) as number).toBeCloseTo(0.4, 1);
    expect(Math.abs(oneLate.offsets.get(1) as number)).toBeLessThan(0.05);
    expect(oneLate.sync.spread_ms as number).toBeGreaterThan(300);
    expect(together.sync.spread_ms as number).toBeLessThan(100);
    expect((together.sync.sync_score as number) - (oneLate.sync.sync_score as number)).toBeGreaterThanOrEqual(10);
    // Its moves where the group falls apart say who: dancer 3, about 0.4 s after the middle.
    const apart = oneLate.sync.apart_moves.map((i) => oneLate.sync.moves[i]);
    expect(apart.length).toBeGreaterThan(0);
    for (const m of apart) expect(m?.timing_ms.find((x) => x.dancer === 3)?.ms as number).toBeGreaterThan(300);
  });

  it("with the teacher's music in the video, lateness is against the teacher's clock: the whole group late is late", () => {
    const song = (t: PoseTrack) => withMusicBeat(t);
    const r = groupSync(group([dancer(0.4), dancer(0.4), dancer(0.4)].map(song), song(teacher)));
    expect(r.sync.lateness_against).toBe("teacher");
    for (const id of [1, 2, 3]) expect(r.offsets.get(id) as number).toBeCloseTo(0.4, 1);
    // Late together is still together.
    expect(r.sync.sync_score as number).toBeGreaterThanOrEqual(90);
  });

  it("a dancer of another routine is told so and takes no part in the sync", () => {
    const dancers = group([dancer(0), dancer(0), syntheticTrack(legsDance, { duration: DURATION })], teacher);
    expect(dancers[2]?.result.sameness.decision).toBe("not_same");
    const r = groupSync(dancers);
    expect(r.offsets.get(3)).toBeNull();
    for (const m of r.sync.moves) expect(m.timing_ms.find((x) => x.dancer === 3)?.ms).toBeNull();
    expect(r.sync.sync_score as number).toBeGreaterThanOrEqual(90);
  });

  describe("a dancer hidden behind another on some moves", () => {
    // Three stretches of about 2 s out of 24, as a dancer crossing behind another.
    const spans: Array<[number, number]> = [
      [4.2, 6.4],
      [11.2, 13.3],
      [18.2, 20.4],
    ];
    const hiddenIn = (track: PoseTrack): PoseTrack => ({
      ...track,
      frames: track.frames.map((f) =>
        spans.some(([a, b]) => f.t >= a && f.t <= b) ? { ...f, keypoints: new Array(17 * 3).fill(0), score: 0 } : f,
      ),
    });
    const withHidden = (tracks: PoseTrack[], hidden: number): SyncDancer[] =>
      tracks.map((track, i) => ({
        id: i + 1,
        track,
        result: compareTracks(teacher, track, { style: "hip_hop", ...(i === hidden ? { hidden: spans } : {}) }),
      }));

    it("is left out of the timing of those moves: the group keeps its sync, and no move falls apart over her", () => {
      const seen = groupSync(group([dancer(0), dancer(0.03), dancer(0)], teacher));
      const dancers = withHidden([dancer(0), dancer(0.03), hiddenIn(dancer(0))], 2);
      const hiddenMoves = (dancers[2]?.result.moves ?? []).filter((m) => m.hidden);
      expect(hiddenMoves.length).toBeGreaterThanOrEqual(3);
      const r = groupSync(dancers);
      for (const h of hiddenMoves) {
        const m = r.sync.moves.find((x) => x.start_s === h.start_s);
        expect(m?.timing_ms.find((x) => x.dancer === 3)?.ms).toBeNull();
        // Her two companions were seen together there.
        expect(m?.spread_ms as number).toBeLessThan(100);
        expect(m?.apart).toBe(false);
      }
      expect(r.sync.apart_moves).toEqual([]);
      expect(Math.abs((r.sync.sync_score as number) - (seen.sync.sync_score as number))).toBeLessThanOrEqual(2);
    });

    it("a move only one dancer was seen to hit does not count for the sync", () => {
      const r = groupSync(withHidden([dancer(0), hiddenIn(dancer(0))], 1));
      const hidden = new Set(r.sync.moves.filter((m) => m.timing_ms.find((x) => x.dancer === 2)?.ms === null));
      expect(hidden.size).toBeGreaterThanOrEqual(3);
      for (const m of hidden) expect([m.spread_ms, m.sync, m.apart]).toEqual([null, null, false]);
      expect(r.sync.sync_score as number).toBeGreaterThanOrEqual(90);
    });
  });

  it("timing closeness: full within 80 ms, none from half a second", () => {
    expect(closeness(0.05)).toBe(1);
    expect(closeness(0.29)).toBeCloseTo(0.5, 5);
    expect(closeness(0.6)).toBe(0);
  });
});
