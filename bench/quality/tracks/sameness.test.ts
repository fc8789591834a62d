import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareTracks, trackFromPoints } from "../../../packages/motion/src/index.ts";
import { fixturesDir } from "../../../packages/motion/test-support/fixtures.ts";
import { readCoco2d } from "./aist.ts";
import { withNoise } from "./body.ts";
import { buildTrack, NOISE } from "./recipes.ts";
import { songOf } from "./song.ts";

const tracksDir = join(fixturesDir, "tracks");
const here = existsSync(join(tracksDir, "README.md"));

/** Three repetitions of a UI-PRMD exercise, done correctly, filmed from the front. */
const take = (movement: number, subject: number, reps: number[]) =>
  buildTrack({ kind: "ui-prmd", movement, subject, reps, correct: true, yaw: 0 }, tracksDir);

describe.skipIf(!here)("same routine? on real people's exercises (UI-PRMD)", () => {
  it("another exercise whose arm goes overhead where the reference's stays low is not the same routine", () => {
    // Shoulder extension (the arm swings back, barely moving from the front) against scaption (the arm
    // raised overhead): the alignment pairs the reference with the user's arm-down moments and skips
    // the raises, so only the user's side of the comparison sees them (it was "same", 87).
    const result = compareTracks(take(8, 8, [1, 2, 3]), take(10, 9, [4, 5, 6]), { style: "hip_hop" });
    expect(result.sameness.decision).toBe("not_same");
    expect(result.overall_score).toBeLessThanOrEqual(35);
  });

  it("another person doing the same shoulder exercise is the same routine", () => {
    const result = compareTracks(take(10, 8, [1, 2, 3]), take(10, 9, [4, 5, 6]), { style: "hip_hop" });
    expect(result.sameness.decision).toBe("same");
    expect(result.overall_score).toBeGreaterThanOrEqual(75);
  });
});

describe.skipIf(!here)(
  "same routine? on real dancers who share a song (AIST++ freestyle, each take with its song)",
  () => {
    const take = (name: string) => buildTrack({ kind: "coco2d", name, song: true }, tracksDir);

    it("two choreographies danced to one song are not the same routine: the song lines them up, and on its beats the moves differ", () => {
      // One dancer, two freestyle choreographies to the same music (mMH1): the hard "different routine".
      const result = compareTracks(take("gMH_sFM_cAll_d22_mMH1_ch02"), take("gMH_sFM_cAll_d22_mMH1_ch07"), {
        style: "hip_hop",
      });
      expect(result.sameness.music).toBe(true);
      expect(result.sameness.decision).toBe("not_same");
      expect(result.overall_score).toBeLessThanOrEqual(35);
    });

    it("the same take measured again, with its song, is the same routine timed on the music", () => {
      const name = "gMH_sFM_cAll_d22_mMH1_ch02";
      const again = trackFromPoints(withNoise(readCoco2d(tracksDir, name), NOISE, 12345));
      const result = compareTracks(
        take(name),
        { ...again, audio: songOf("mMH1", again.duration) },
        { style: "hip_hop" },
      );
      expect(result.sameness).toMatchObject({ decision: "same", music: true });
      expect(result.overall_score).toBeGreaterThanOrEqual(95);
    });
  },
);

describe.skipIf(!here)("same routine? two real dancers of one routine, in short windows (AIST++ break pair)", () => {
  // One break choreography by two dancers (cases.ts breakPairWindows): the first slice carries the
  // song from 1.5 s in, the second from its start, so both dance the routine's moves on its beats.
  const first = "gBR_sBM_cAll_d04_mBR0_ch02_slice0";
  const second = "gBR_sBM_cAll_d05_mBR0_ch02_slice3";
  const windows = [0, 0.75, 1.5].map((from) => [from, from + 3.5] as const);
  const take = (name: string, window: readonly [number, number], song: boolean, yaw: number) =>
    buildTrack(
      { kind: "aist3d", name, yaw, window, song: song ? (name === first ? 1.5 : 0) + window[0] : undefined },
      tracksDir,
    );

  for (const song of [false, true])
    it(`every 3.5-s window of one against any of the other is scored, never refused (${song ? "each with its music" : "no music"})`, () => {
      const scores: number[] = [];
      for (const wa of windows)
        for (const wb of windows)
          for (const [a, b, ra, rb] of [
            [first, second, wa, wb],
            [second, first, wb, wa],
          ] as const) {
            const result = compareTracks(take(a, ra, song, 0), take(b, rb, song, 12), { style: "hip_hop" });
            expect(result.sameness.decision, `${a} [${ra}] → ${b} [${rb}]`).not.toBe("not_same");
            scores.push(result.overall_score);
          }
      scores.sort((x, y) => x - y);
      expect(scores[scores.length >> 1]).toBeGreaterThanOrEqual(80);
      expect(scores[0]).toBeGreaterThanOrEqual(65);
    });
});
