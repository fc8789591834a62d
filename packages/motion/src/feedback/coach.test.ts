import { describe, expect, it } from "vitest";
import { compareTracks } from "../compare.ts";
import { JOINTS, PARTS, SEGMENT_COUNT } from "../features.ts";
import { lateness } from "../score/lateness.ts";
import { armsDance, syntheticTrack, withMusicBeat } from "../../test-support/synthetic-track.ts";
import { timingDisagreements } from "../../test-support/timing-agreement.ts";
import {
  type CoachContext,
  type Judged,
  moveCue,
  type OverallContext,
  overallSummary,
  saidDrift,
  sectionJointFeedback,
  sectionSummary,
} from "./coach.ts";

/** A clean move (right shape, moved as much as the reference) with the given timing and lapse. */
function move(index: number, timing: number | null, lapse: number | null): Judged {
  const none = (n: number) => new Float64Array(n).fill(Number.NaN);
  return {
    index,
    span: { start: 2 * index, end: 2 * index + 2, label: `move ${index + 1}` },
    userStart: timing === null ? null : 2 * index + timing,
    fitStart: timing === null ? null : 2 * index + timing,
    timing,
    lapse,
    dist: 5,
    plainDist: 5,
    shape: 98,
    visible: 1,
    parts: none(PARTS.length),
    partShape: none(PARTS.length),
    segs: none(SEGMENT_COUNT),
    plainSegs: none(SEGMENT_COUNT),
    jointAbs: none(JOINTS.length),
    jointSigned: none(JOINTS.length),
    speed: [100, 100],
    moved: 1,
    jerk: [0, 0],
    ranges: [],
    mirrored: false,
    frames: 14,
    score: 80,
    verdict: "good",
  };
}

/** The dancer kept a slower pace (so the overall text names it): moves run late against the reference. */
const slowDancer: CoachContext = {
  paceMove: 1,
  drift: null,
  clock: "beat",
  counted: false,
  paceNamed: true,
  tempo: 1.12,
  sectionOf: ["Part 1", "Part 1", "Part 1"],
  moveCount: 3,
};

describe("a move's lateness: one number for its timing_ms, its cue, its section and the summary", () => {
  // Late against the reference (the dancer is slower), early against the dancer's own pace: the
  // result from the bug report showed +228 ms and said "You are about 0.3 s early."
  const moves = [move(0, 0.01, 0), move(1, 0.228, -0.3), move(2, 0.45, -0.3)];

  it("is the move's timing against the reference, never its lapse against the dancer's own pace", () => {
    expect(moves.map(lateness)).toEqual([0.01, 0.228, 0.45]);
    expect(lateness(move(3, null, null))).toBeNull();
  });

  it("a move says its own lateness, with the sign and size of the number shown beside it", () => {
    expect(moveCue(moves[0] as Judged, slowDancer, true).cue).toBeNull();
    expect(moveCue(moves[1] as Judged, slowDancer, true).cue).toBe("You are about 0.2 s late.");
    expect(moveCue(moves[2] as Judged, slowDancer, true).cue).toBe("You are about 0.5 s late.");
  });

  it("the section and the summary say the mean of the late stretch, late too; the summary names a slower pace once", () => {
    const section = sectionSummary(moves, 80, {}, slowDancer, true);
    expect(section).toContain("You are about 0.3 s late in moves 2–3.");
    expect(section).not.toMatch(/early/);
    const summary = (tempo: number, driftAtEnd: number) =>
      overallSummary({
        ...slowDancer,
        score: 80,
        shape: 98,
        timing: 55,
        same: true,
        decision: "same",
        dancerCall: false,
        moves,
        sections: [
          {
            title: "Part 1 · arms swing",
            label: "Part 1",
            score: 80,
            timestamp: 0,
            duration: 6,
            moves: [0, 1, 2],
            joint_feedback: {},
          },
        ],
        tempo,
        driftAtEnd,
        coverage: 1,
        partDanced: null,
      });
    // Slower: being late is the drift, said once; the headline is the verdict with its two judgments.
    expect(summary(1.12, 0.5).headline).toBe("Very good: overall 80/100 — shape 98, timing 55.");
    const slower = summary(1.12, 0.5).details;
    expect(slower).toContain(
      "You were about 11 % slower than the reference, so by the end you were about 0.5 s behind.",
    );
    expect(slower).not.toMatch(/early|s late/);
    // Faster yet late here: that stretch is a problem of its own, said with the moves' sign and size.
    const faster = summary(0.88, -0.5).details;
    expect(faster).toContain(
      "You were about 14 % faster than the reference, so by the end you were about 0.5 s ahead.",
    );
    expect(faster).toContain("You are about 0.3 s late in moves 2–3.");
    expect(faster).not.toMatch(/early/);
  });

  it("on generated motion danced 11 % slower (or 14 % faster), with 0.3 s skipped from 7 s: the result agrees with itself", () => {
    // Before, the moves after the skip were shown 0.6–1.2 s late and told "about 0.3 s early".
    const ref = syntheticTrack(armsDance, { duration: 16 });
    for (const [tempo, skip] of [
      [1.12, 0.3],
      [0.88, -0.3],
    ] as const) {
      const skipped: typeof armsDance = (t) => armsDance(t < 7 ? t : t + skip);
      const r = compareTracks(withMusicBeat(ref), syntheticTrack(skipped, { duration: 16 * tempo + 1, tempo }), {
        style: "ballet",
      });
      expect(r.alignment.tempo_ratio).toBeCloseTo(tempo, 1);
      expect(r.moves.filter((m) => /s (late|early)\.$/.test(m.cue ?? "")).length).toBeGreaterThan(2);
      expect(timingDisagreements(r)).toEqual([]);
    }
  });

  it("with no music to keep, a move is corrected only when it is as far off the dancer's own pace as counts on its timing", () => {
    // A silent reference: 0.2 s off the dancer's own pace costs about 2 % of the move's timing, so
    // the move stays Perfect and is not corrected; 0.3 s costs about 15 % and is said.
    const own: CoachContext = { ...slowDancer, clock: "free", paceNamed: false };
    const cue = (m: Judged, c: CoachContext) => moveCue(m, c, true).cue;
    expect(cue(move(0, 0.2, 0.2), own)).toBeNull();
    expect(cue(move(0, -0.2, -0.2), own)).toBeNull();
    expect(cue(move(0, 0.3, 0.3), own)).toBe("You are about 0.3 s late.");
    // On the beat the same 0.2 s is worth a word.
    expect(cue(move(0, 0.2, 0.2), { ...own, clock: "beat" })).toBe("You are about 0.2 s late.");
    const section = (c: CoachContext) =>
      sectionSummary([move(0, 0, 0), move(1, 0.2, 0.2), move(2, 0.18, 0.18)], 95, {}, c, true);
    expect(section(own)).not.toMatch(/late/);
    expect(section({ ...own, clock: "beat" })).toContain("You are about 0.2 s late in moves 2–3.");
  });

  it("a move late only because of a steady slower pace is told the pace, not its growing lateness", () => {
    // Lapse 0: the dancer keeps their own pace; the lateness is the pace the summary names.
    const steady = [move(0, 0.2, 0), move(1, 0.45, 0.02), move(2, 0.7, -0.01)];
    const cue = (m: Judged) => moveCue(m, slowDancer, true).cue;
    for (const m of steady)
      expect(cue(m)).toBe("Speed up: you are dancing about 11 % slower than the reference, so you fall behind.");
    // Early while slower is not the pace: said as its own lateness.
    expect(cue(move(3, -0.3, 0))).toBe("You are about 0.3 s early.");
    // Without a named pace the lateness is said as before.
    expect(moveCue(steady[2] as Judged, { ...slowDancer, paceNamed: false }, true).cue).toBe(
      "You are about 0.7 s late.",
    );
    const section = sectionSummary(steady, 70, {}, slowDancer, true);
    expect(section).toContain("Speed up: you are dancing about 11 % slower");
    expect(section).not.toMatch(/s late/);
  });

  it("on generated motion danced 25 % slower to the music, steadily: the pace is said once in the summary and once where it matters", () => {
    // 0.75× as fast: 4/3 s per reference second.
    const ref = withMusicBeat(syntheticTrack(armsDance, { duration: 16 }));
    const r = compareTracks(ref, syntheticTrack(armsDance, { duration: (16 * 4) / 3 + 1, tempo: 4 / 3 }), {
      style: "ballet",
    });
    expect(r.alignment.tempo_ratio).toBeCloseTo(4 / 3, 1);
    expect(r.sections.length).toBeGreaterThan(1);
    expect(r.moves.filter((m) => /s late\.$/.test(m.cue ?? ""))).toEqual([]);
    const pace = "Speed up: you are dancing about 25 % slower than the reference, so you fall behind.";
    // Once among the moves (the first it makes late), once among the sections (that move's), once in the summary.
    const paced = r.moves.filter((m) => m.cue === pace);
    expect(paced).toHaveLength(1);
    const told = r.sections.filter((s) => s.overall_feedback.includes(pace));
    expect(told).toHaveLength(1);
    expect(told[0]?.moves).toContain(paced[0]?.index);
    expect(r.overallFeedback.match(/25 % slower/g)).toHaveLength(1);
    expect(timingDisagreements(r)).toEqual([]);
  });
});

describe("a dancer falling behind the music: one instruction, where it starts and how fast", () => {
  /**
   * A routine counted at 120 BPM: moves of two counts (1 s), four to an 8-count, twenty moves;
   * each move `late(middle of the move)` seconds late.
   */
  function counted(late: (t: number) => number): Judged[] {
    return Array.from({ length: 20 }, (_, k) => {
      const m = move(k, late(k + 0.5), null);
      const n = (k % 4) * 2 + 1;
      return { ...m, span: { start: k, end: k + 1, label: `${n}–${n + 1}` }, userStart: k + (m.timing as number) };
    });
  }
  const eightCounts = Array.from({ length: 20 }, (_, k) => `8-count ${Math.floor(k / 4) + 1}`);
  const context = (moves: Judged[], clock: CoachContext["clock"]): CoachContext => {
    const base = {
      clock,
      counted: true,
      paceNamed: false,
      tempo: 1,
      sectionOf: eightCounts,
      moveCount: moves.length,
      paceMove: null,
    };
    return { ...base, drift: saidDrift(moves, base, 120) };
  };
  const overall = (moves: Judged[], c: CoachContext): string => {
    const sections = [0, 1, 2, 3, 4].map((n) => ({
      title: `8-count ${n + 1} · arms swing`,
      label: `8-count ${n + 1}`,
      score: 90 - 10 * n,
      timestamp: 4 * n,
      duration: 4,
      moves: [0, 1, 2, 3].map((k) => 4 * n + k),
      joint_feedback: {},
    }));
    const o: OverallContext = {
      ...c,
      score: 75,
      shape: 98,
      timing: 55,
      same: true,
      decision: "same",
      dancerCall: false,
      moves,
      sections,
      driftAtEnd: 0,
      coverage: 1,
      partDanced: null,
    };
    return overallSummary(o).details;
  };
  const DRIFT =
    "From 8-count 3 you drift later, about 0.3 s every 8 counts (0.9 s late by the end): keep up with the music.";

  it("on the music's clock, lateness growing 0.3 s every 8 counts from 8-count 3 is told as that drift, not as late moves", () => {
    const moves = counted((t) => 0.075 * Math.max(0, t - 8));
    const c = context(moves, "music");
    expect(c.drift?.text).toBe(DRIFT);
    // Every move late enough to say is told the drift (the result keeps it on the first only), none "s late".
    const cues = moves.map((m) => moveCue(m, c, true).cue);
    expect(cues.slice(0, 8)).toEqual(Array(8).fill(null));
    expect(cues.filter((x) => x !== null && x !== DRIFT)).toEqual([]);
    expect(cues.filter((x) => x === DRIFT).length).toBeGreaterThan(8);
    // The section where the first of them is says it; the later ones say what makes them late.
    c.paceMove = cues.indexOf(DRIFT);
    const section = (n: number) => sectionSummary(moves.slice(4 * n, 4 * n + 4), 70, {}, c, true);
    expect(c.paceMove).toBeGreaterThanOrEqual(8);
    expect(section(Math.floor(c.paceMove / 4))).toContain(DRIFT);
    expect(section(4)).toBe("Good (70/100). This part is late because of the drift that starts in 8-count 3.");
    for (const n of [0, 1, 2, 3, 4]) expect(section(n)).not.toMatch(/You are about/);
    // The summary says it once, and no late stretch besides.
    const text = overall(moves, c);
    expect(text.split(DRIFT)).toHaveLength(2);
    expect(text).not.toMatch(/You are about/);
  });

  it("on a take's clock too, faster is drifting earlier; counted from the count it starts on", () => {
    const moves = counted((t) => -0.075 * Math.max(0, t - 10));
    expect(context(moves, "take").drift?.text).toBe(
      "From count 5 of 8-count 3 you drift earlier, about 0.3 s every 8 counts (0.7 s early by the end): hold back to stay with the music.",
    );
  });

  it("dancing along a video without a count, the drift is said in its moves and seconds", () => {
    const moves = counted((t) => 0.06 * Math.max(0, t - 8)).map((m, k) => ({
      ...m,
      span: { ...m.span, label: `move ${k + 1}` },
    }));
    const base = { ...context(moves, "take"), counted: false, sectionOf: moves.map((_, k) => `Part ${1 + (k >> 2)}`) };
    expect(saidDrift(moves, base, null)?.text).toBe(
      "From move 9 you drift later, about 0.6 s every 10 s (0.7 s late by the end): keep up with the video.",
    );
  });

  it("a stretch suddenly late, a lateness kept from the start, a drift too small to matter or no music to keep are no drift", () => {
    const step = counted((t) => (t > 8 ? 0.3 : 0));
    expect(context(step, "music").drift).toBeNull();
    expect(moveCue(step[10] as Judged, context(step, "music"), true).cue).toBe("You are about 0.3 s late.");
    expect(
      context(
        counted(() => 0.5),
        "take",
      ).drift,
    ).toBeNull();
    expect(
      context(
        counted((t) => 0.02 * Math.max(0, t - 8)),
        "music",
      ).drift,
    ).toBeNull();
    // With no music to keep, lateness is against the dancer's own pace, said as it is.
    const drifting = counted((t) => 0.075 * Math.max(0, t - 8));
    expect(context(drifting, "free").drift).toBeNull();
    expect(context(drifting, "beat").drift).toBeNull();
  });
});

describe("joint feedback of a section", () => {
  /** A move with these joints off by these signed amounts (degrees), everywhere in the move. */
  const off = (index: number, joints: Partial<Record<(typeof JOINTS)[number], number>>): Judged => {
    const m = move(index, 0, 0);
    for (const [j, d] of Object.entries(joints)) {
      const i = JOINTS.indexOf(j as (typeof JOINTS)[number]);
      m.jointAbs[i] = Math.abs(d as number);
      m.jointSigned[i] = d as number;
    }
    return { ...m, shape: 70 };
  };

  it("says the table's number in its sentence, names the dancer's own side, and names at most three joints", () => {
    const moves = [
      off(0, { right_elbow: 40, left_knee: -30, right_shoulder: -50, torso: 28, left_hip: 26 }),
      off(1, { right_elbow: 63, left_knee: -24, right_shoulder: -44, torso: 25, left_hip: 22 }),
    ];
    const items = sectionJointFeedback(moves, 70, slowDancer, true);
    expect(Object.keys(items)).toEqual(["right_elbow", "right_shoulder", "left_knee"]);
    // The elbow: most off in move 2, bent 63° more than the reference: said and shown as 65°.
    expect(items.right_elbow).toEqual({ diff: 65, feedback: "Bend your right elbow more in move 2, about 65°." });
    for (const f of Object.values(items)) expect(f.feedback).toContain(`about ${f.diff}°`);
    // Danced mirror-wise, the same joints are the dancer's left.
    const flipped = sectionJointFeedback(
      moves.map((m) => ({ ...m, mirrored: true })),
      70,
      slowDancer,
      true,
    );
    expect(Object.keys(flipped)).toEqual(["left_elbow", "left_shoulder", "right_knee"]);
    expect(flipped.left_elbow?.feedback).toBe("Bend your left elbow more in move 2, about 65°.");
  });
});

describe("a body part off in a move that is otherwise right", () => {
  /** A Perfect move with one part `deg` off, its clearest joint off the same way. */
  function offBy(part: (typeof PARTS)[number], deg: number): Judged {
    const m = { ...move(0, 0, 0), score: 95, verdict: "perfect" as const };
    m.parts[PARTS.indexOf(part)] = deg;
    const joint = part === "head" ? "head" : "left_shoulder";
    m.jointAbs[JOINTS.indexOf(joint)] = deg;
    m.jointSigned[JOINTS.indexOf(joint)] = deg;
    return m;
  }
  const still: CoachContext = { ...slowDancer, paceNamed: false, tempo: 1, moveCount: 1, sectionOf: ["Part 1"] };

  it("is named from 25° for a limb", () => {
    expect(moveCue(offBy("left_arm", 20), still, true).cue).toBeNull();
    expect(moveCue(offBy("left_arm", 30), still, true).cue).toBe("Lower your left arm, about 30°.");
  });

  it("is not named when the number its cue would say is small: the part 30° off, its clearest joint 15°", () => {
    const m = offBy("left_arm", 30);
    m.jointAbs[JOINTS.indexOf("left_shoulder")] = 15;
    m.jointSigned[JOINTS.indexOf("left_shoulder")] = 15;
    expect(moveCue(m, still, true).cue).toBeNull();
    // A move that falls short is told about it all the same.
    expect(moveCue({ ...m, shape: 80 }, still, true).cue).toBe("Lower your left arm, about 15°.");
  });

  it("is named from 40° for the head, which the pose model reads from a few face points (a mirrored copy: up to 34°)", () => {
    expect(moveCue(offBy("head", 35), still, true).cue).toBeNull();
    expect(moveCue(offBy("head", 45), still, true).cue).toMatch(/head.*about 45°/);
  });
});
