/**
 * One dance-along take through the browser's live session, as the scoring worker runs it: a real
 * dance's MoveNet outputs (AIST++, test/dance-take.ts) arriving at the camera's rate from a second
 * before the reference played. The session reads the take as often as the poses arrived before the
 * reference started, and sends the server the frames it reads (the reference's analysis rate).
 */
import { describe, expect, it } from "vitest";
import { type DanceTake, danceTake } from "../../test/dance-take";
import { LiveTakeSession } from "./session";

const TAKE_OFFSET = 1;
/** 20 s of a take danced in step, from 1 s before the reference started; poses 30 a second. */
const take = await danceTake({ takeOffset: TAKE_OFFSET, noise: 2 }, 20);

/** Dances `frames` through a session: for each verdict, how long after its move's end it was said (seconds). */
function dance(analysis: DanceTake["analysis"], frames: DanceTake["frames"]) {
  const session = new LiveTakeSession(analysis);
  session.begin();
  const after: number[] = [];
  let started = false;
  for (const f of frames) {
    const update = session.pose({ ...f, keypoints: f.keypoints.slice() });
    if (!started && f.t >= TAKE_OFFSET) {
      started = true;
      session.offset(TAKE_OFFSET);
    }
    for (const m of update.moves) after.push(f.t - (TAKE_OFFSET + m.end_s));
  }
  const result = session.finish();
  return { after: after.sort((a, b) => a - b), ...result };
}

describe.skipIf(!take)("a dance-along take read live", () => {
  const { analysis, frames } = take as DanceTake;
  const fps = analysis.track.fps;

  it("poses 30 a second: every verdict within 150 ms of its move's end (read at 4 × the reference's rate)", () => {
    const { after, moves } = dance(analysis, frames);
    expect(moves.length).toBeGreaterThanOrEqual(8);
    expect(after.length).toBeGreaterThanOrEqual(8);
    expect(after[after.length - 1]).toBeLessThanOrEqual(0.15);
    // Danced in step: good verdicts.
    expect(moves.filter((m) => ["perfect", "great", "good"].includes(m.verdict)).length).toBeGreaterThan(
      0.8 * moves.length,
    );
  }, 15_000);

  it("poses 7.5 a second: read at the reference's own rate, a verdict can wait most of a frame", () => {
    const sparse = frames.filter((_, i) => i % 4 === 0);
    const { after, moves } = dance(analysis, sparse);
    const dense = dance(analysis, frames);
    expect(moves.length).toBe(dense.moves.length);
    expect(after[after.length >> 1]).toBeGreaterThan(dense.after[after.length >> 1] as number);
    expect(after[after.length - 1]).toBeLessThanOrEqual(2 / fps + 0.01);
  }, 15_000);

  it("sends the server the take at the reference's analysis rate, whatever rate it was read at", () => {
    const { track } = dance(analysis, frames);
    expect(track?.fps).toBe(fps);
    // 20 s of take: a frame per analysis tick.
    expect(track?.frames.length).toBe(Math.round(20 * fps));
    // With how often the poses came: the server decides by it whether the frames can time the moves.
    expect(track?.posesPerSecond).toBeCloseTo(30, 0);
    const slow = dance(
      analysis,
      frames.filter((_, i) => i % 15 === 0),
    );
    expect(slow.track?.posesPerSecond).toBeCloseTo(2, 1);
    // Its frames up to its last pose (half a second before the end at most).
    expect(slow.track?.frames.length).toBeGreaterThanOrEqual(Math.round(19.5 * fps));
  }, 15_000);
});
