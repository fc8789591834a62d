import { describe, expect, it } from "vitest";
import { compareTracks } from "../compare.ts";
import { armsDance, legsDance, syntheticTrack, withMusicBeat } from "../../test-support/synthetic-track.ts";
import { dtw } from "./dtw.ts";

describe("dtw", () => {
  it("finds the diagonal for identical sequences and a 2:1 path for a half-speed copy", () => {
    const a = Array.from({ length: 40 }, (_, i) => Math.sin(i / 4));
    const same = dtw(40, 40, (i, j) => Math.abs((a[i] as number) - (a[j] as number)), {
      refSlack: 4,
      userSlack: 4,
      band: 5,
    });
    expect(same.meanCost).toBe(0);
    expect(same.path.every(([i, j]) => i === j)).toBe(true);
    const b = Array.from({ length: 80 }, (_, j) => Math.sin(j / 8));
    const slow = dtw(40, 80, (i, j) => Math.abs((a[i] as number) - (b[j] as number)), {
      refSlack: 4,
      userSlack: 8,
      band: 10,
    });
    expect(slow.meanCost).toBeLessThan(0.05);
    const last = slow.path[slow.path.length - 1] as [number, number];
    expect(last[1] / last[0]).toBeGreaterThan(1.8);
  });
});

describe("alignment and scores on generated motion", () => {
  const ref = syntheticTrack(armsDance, { duration: 12 });

  it("recovers the pace and start of a slower, later performance to the music's beat: right shapes, but it loses on timing and says so", () => {
    const user = syntheticTrack(armsDance, { duration: 16.5, tempo: 1.25, offset: 1.5 });
    const r = compareTracks(withMusicBeat(ref), user, { style: "ballet" });
    expect(r.alignment.clock).toBe("beat");
    expect(r.alignment.tempo_ratio).toBeCloseTo(1.25, 1);
    expect(r.alignment.offset_s).toBeGreaterThan(1.2);
    expect(r.alignment.offset_s).toBeLessThan(1.8);
    expect(r.scores.shape).toBeGreaterThanOrEqual(90);
    expect(r.scores.timing).toBeLessThanOrEqual(60);
    expect(r.overall_score).toBeLessThanOrEqual(85);
    // 1.25 s per reference second is 0.8× as fast: 20 % slower.
    expect(r.overallFeedback).toMatch(/about 20 % slower than the reference/);
    // Later moves land later and later; the first is on time.
    const timed = r.moves.map((m) => m.timing_ms as number);
    expect(Math.abs(timed[0] as number)).toBeLessThan(60);
    expect(timed[timed.length - 1]).toBeGreaterThan(1500);
    // The time map is monotonic in both columns and spans the reference.
    const tm = r.alignment.time_map;
    for (let k = 1; k < tm.length; k++) {
      expect((tm[k] as [number, number])[0]).toBeGreaterThanOrEqual((tm[k - 1] as [number, number])[0]);
      expect((tm[k] as [number, number])[1]).toBeGreaterThan((tm[k - 1] as [number, number])[1]);
    }
  });

  it("with no music, the same slower, later performance keeps its own pace: found and named, no move late for it", () => {
    const user = syntheticTrack(armsDance, { duration: 16.5, tempo: 1.25, offset: 1.5 });
    const r = compareTracks(ref, user, { style: "ballet" });
    expect(r.alignment.clock).toBe("free");
    expect(r.alignment.tempo_ratio).toBeCloseTo(1.25, 1);
    expect(r.scores.shape).toBeGreaterThanOrEqual(90);
    // The pace costs timing a little, not the whole judgment.
    expect(r.scores.timing).toBeLessThan(100);
    expect(r.scores.timing).toBeGreaterThan(70);
    expect(r.overallFeedback).toMatch(
      /about 20 % slower than the reference; with no music to keep, that is your own pace/,
    );
    for (const m of r.moves) expect(Math.abs(m.timing_ms as number), m.count_label).toBeLessThan(100);
    expect(r.moves.filter((m) => /late|early|Speed up/.test(m.cue ?? ""))).toEqual([]);
  });

  it("detects a mirrored performance and scores it as the same dance", () => {
    const r = compareTracks(ref, syntheticTrack(armsDance, { duration: 12, mirrored: true }), { style: "jazz" });
    expect(r.alignment.mirrored).toBe(true);
    expect(r.overall_score).toBeGreaterThanOrEqual(97);
    const plain = compareTracks(ref, syntheticTrack(armsDance, { duration: 12, scale: 0.5 }), { style: "jazz" });
    expect(plain.alignment.mirrored).toBe(false);
    expect(plain.overall_score).toBeGreaterThanOrEqual(97);
  });

  it("corrects a body part with a direction and an amount, named as the dancer's own side when mirrored", () => {
    // The dancer's right arm 35° lower than the reference's throughout.
    const low: typeof armsDance = (t) => ({ ...armsDance(t), rightArm: armsDance(t).rightArm - 35 });
    const plain = compareTracks(ref, syntheticTrack(low, { duration: 12 }), { style: "ballet" });
    expect(plain.same_routine).toBe(true);
    // Moves' cues and, where a section scores below 90, its joint items (JOINT_FEEDBACK_BELOW_SCORE).
    const said = (r: typeof plain) => [
      ...r.moves.flatMap((m) => (m.cue ? [m.cue] : [])),
      ...r.sections.flatMap((s) => Object.values(s.joint_feedback).map((f) => f.feedback)),
    ];
    expect(said(plain).some((f) => /^Raise your right arm higher.*about \d+°/.test(f))).toBe(true);
    // Mirror-wise (the picture flipped), the same arm is the dancer's left.
    const mirrored = compareTracks(ref, syntheticTrack(low, { duration: 12, mirrored: true }), { style: "ballet" });
    expect(mirrored.alignment.mirrored).toBe(true);
    expect(said(mirrored).some((f) => /^Raise your left arm higher/.test(f))).toBe(true);
    expect(said(mirrored).some((f) => /right arm/.test(f))).toBe(false);
    // Never a label in front of a sentence, never the same cue twice in a row within a section; the
    // joint table's number is the one the sentence says, and a section names at most three joints.
    for (const r of [plain, mirrored]) {
      for (const s of r.sections) {
        expect(Object.keys(s.joint_feedback).length).toBeLessThanOrEqual(3);
        for (const f of Object.values(s.joint_feedback)) expect(f.feedback).toContain(`about ${f.diff}°`);
      }
      for (const f of Object.values(r.jointSpecificFeedback)) expect(f).not.toMatch(/^[A-Z][a-z]+ [a-z]+:/);
      for (const s of r.sections) {
        const cues = s.moves.map((k) => r.moves[k]?.cue).filter(Boolean);
        for (let k = 1; k < cues.length; k++) expect(cues[k]).not.toBe(cues[k - 1]);
      }
    }
  });

  it("names the dancer's own side in each section, where only part of the routine was danced mirror-wise", () => {
    // A routine for the right arm alone (the left hangs still), danced with that arm 35° low; from
    // 6 s on the picture is flipped (the dancer mirrors the second half), so there the working arm,
    // low, is the dancer's left as the camera sees it.
    const oneArm: typeof armsDance = (t) => ({
      ...armsDance(t),
      leftArm: 15,
      rightArm: 90 + 70 * Math.sin(Math.PI * (0.6 * t + 0.04 * t * t)),
    });
    const low: typeof armsDance = (t) => ({ ...oneArm(t), rightArm: oneArm(t).rightArm - 35 });
    const straight = syntheticTrack(low, { duration: 12 });
    const flipped = syntheticTrack(low, { duration: 12, mirrored: true });
    const user = { ...straight, frames: straight.frames.map((f, i) => (f.t < 6 ? f : (flipped.frames[i] ?? f))) };
    const r = compareTracks(syntheticTrack(oneArm, { duration: 12 }), user, { style: "ballet" });
    expect(r.same_routine).toBe(true);
    // Moves before the switch at 6 s, and moves after it.
    const early = r.moves.filter((m) => m.start_s < 6 && m.cue);
    const late = r.moves.filter((m) => m.start_s >= 7 && m.cue);
    expect(early.some((m) => /right arm/.test(m.cue ?? ""))).toBe(true);
    expect(late.some((m) => /left arm/.test(m.cue ?? ""))).toBe(true);
    expect(early.some((m) => /left arm/.test(m.cue ?? ""))).toBe(false);
    expect(late.some((m) => /right arm/.test(m.cue ?? ""))).toBe(false);
    // The summary says which part was mirrored, not the whole routine.
    const last = r.sections[r.sections.length - 1]?.title.split(" · ")[0];
    expect(r.overallFeedback).toMatch(new RegExp(`You danced [^.]*${last} mirror-wise`));
    expect(r.overallFeedback).not.toContain("You danced it mirror-wise");
    expect(r.overallFeedback).not.toContain(`You danced ${r.sections[0]?.title.split(" · ")[0]}`);
  });

  it("calls a different movement a different routine: low score, no timing, tempo or joint claims", () => {
    const r = compareTracks(ref, syntheticTrack(legsDance, { duration: 12 }), { style: "ballet" });
    expect(r.same_routine).toBe(false);
    expect(r.overall_score).toBeLessThan(50);
    expect(r.scores.timing).toBeNull();
    expect(r.overallFeedback).toMatch(/^This does not look like the same routine/);
    // A refusal claims no score either: no number out of 100 to read as a grade.
    expect(r.overallFeedback).not.toMatch(/\d+\/100/);
    expect(r.overallFeedback).not.toMatch(/slower|faster|late|early/);
    expect(r.problematicJoints).toEqual([]);
    for (const s of r.sections) expect(s.joint_feedback).toEqual({});
    for (const m of r.moves) {
      expect(m.timing_ms).toBeNull();
      expect(m.cue).toBeNull();
    }
  });

  it("scores a refused take as unsure when the dancer says it is this routine, and says it was her call", () => {
    const r = compareTracks(ref, syntheticTrack(legsDance, { duration: 12 }), { style: "ballet", dancerCall: true });
    expect(r.same_routine).toBe(true);
    expect(r.sameness).toMatchObject({ decision: "unsure", dancer_call: true });
    expect(r.scores.timing).not.toBeNull();
    expect(r.overview.headline).not.toMatch(/same routine/);
    expect(r.overview.details).toContain("You told us this is the routine");
    expect(r.overview.details).not.toContain("Only parts of your video clearly match");
    // A take the engine finds to be the routine is not marked as the dancer's call.
    const same = compareTracks(ref, ref, { style: "ballet", dancerCall: true });
    expect(same.sameness.decision).toBe("same");
    expect(same.sameness.dancer_call).toBeUndefined();
  });
});
