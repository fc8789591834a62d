/**
 * The live scorer against the server's result, on real dance (AIST++ freestyle keypoints) recorded
 * as dance-along takes (test-support/live-takes.ts): fed the take frame by frame, it must give each move the verdict
 * the server's result gives it, end on the server's score, and say each verdict as soon as timing
 * the move allows. The agreement table is printed for the record.
 */
import { afterAll, describe, expect, it } from "vitest";
import { compareTracks } from "../compare.ts";
import { round3 } from "../numbers.ts";
import { NOT_SAME_MAX, VERDICT_MIN } from "../score/combine.ts";
import { measuredPose, measuredRule, trackFromPoints } from "../track-input.ts";
import type { ComparisonResult, PoseTrack } from "../types.ts";
import { mirrorTrack } from "../../test-support/perturb.ts";
import { analyseReference, type ReferenceAnalysis } from "./reference.ts";
import { type LiveMove, LiveScorer, takeReadingRate, VERDICT_MARGIN } from "./scorer.ts";
import {
  hasAist,
  LIVE_DANCES,
  LIVE_TAKES,
  performance,
  type TakeRecipe,
  takeOf,
  takeTrack,
} from "../../test-support/live-takes.ts";

const DANCES = LIVE_DANCES;

const RECIPES: Record<string, { recipe: TakeRecipe; bent?: boolean; mirrored?: boolean }> = {
  clean: { recipe: LIVE_TAKES.clean },
  late: { recipe: LIVE_TAKES.late },
  // A frozen stretch, a forearm bent 60° wrong, a late stretch.
  flawed: { recipe: LIVE_TAKES.flawed, bent: true },
  mirrored: { recipe: LIVE_TAKES.mirrored, mirrored: true },
};

/** The right forearm (wrist 10 about elbow 8) bent 60° wrong for 4 s of a take. */
function bentForearm(recipe: TakeRecipe) {
  return [{ point: 10, pivot: 8, degrees: 60, from: recipe.takeOffset + 16, to: recipe.takeOffset + 20 }];
}

/** What the browser receives: the analysis through JSON. */
function analysisOf(ref: PoseTrack): ReferenceAnalysis {
  return JSON.parse(JSON.stringify(analyseReference(ref))) as ReferenceAnalysis;
}

/** The take scored live: the scorer after the take, and the verdicts it said as each move ended. */
function live(analysis: ReferenceAnalysis, user: PoseTrack, takeOffset: number): LiveScorer & { shown: LiveMove[] } {
  const scorer = new LiveScorer(analysis, { takeOffset, width: user.width, height: user.height });
  const shown: LiveMove[] = [];
  for (const f of user.frames) shown.push(...scorer.push(f));
  shown.push(...scorer.finish());
  return Object.assign(scorer, { shown });
}

function agreement(server: ComparisonResult, moves: readonly LiveMove[]): number {
  const same = server.moves.filter((m) => moves[m.index]?.verdict === m.verdict).length;
  return same / server.moves.length;
}

describe.skipIf(!hasAist)("live verdicts while dancing along, against the server's result", () => {
  const cases = DANCES.flatMap((dance) => Object.entries(RECIPES).map(([name, c]) => ({ dance, name, ...c })));
  const refs = new Map(DANCES.map((d) => [d, trackFromPoints(performance(d))]));
  const report: string[] = [];
  afterAll(() => console.log(report.join("\n")));

  it.each(cases)(
    "$dance, $name take: the same verdicts on ≥ 85 % of moves, the score within ±8",
    ({ dance, name, recipe, bent, mirrored }) => {
      const ref = refs.get(dance) as PoseTrack;
      const analysis = analysisOf(ref);
      let user = takeTrack(performance(dance), recipe, bent ? bentForearm(recipe) : []);
      if (mirrored) user = mirrorTrack(user);
      const server = compareTracks(ref, user, { style: "hip_hop", takeOffset: recipe.takeOffset });
      const scorer = live(analysis, user, recipe.takeOffset);
      const moves = scorer.moves;
      // The moves are the server's moves: counted once, from the reference alone.
      expect(moves.map((m) => [m.start_s, m.end_s])).toEqual(server.moves.map((m) => [m.start_s, m.end_s]));
      const agree = agreement(server, moves);
      // What the dancer saw: each verdict as its move ended, before timing it was read to the full.
      const saidAgree = agreement(server, scorer.shown);
      const final = scorer.score()?.overall as number;
      report.push(
        `${dance} ${name}: ${server.moves.length} moves, verdicts agree ${(100 * saidAgree).toFixed(1)} % as said, ${(100 * agree).toFixed(1)} % after the take, server ${server.overall_score} live ${final}`,
      );
      expect(scorer.shown.map((m) => m.index)).toEqual(server.moves.map((m) => m.index));
      expect(saidAgree).toBeGreaterThanOrEqual(0.85);
      expect(agree).toBeGreaterThanOrEqual(0.85);
      expect(Math.abs(final - server.overall_score)).toBeLessThanOrEqual(8);
      if (mirrored) expect(moves.filter((m) => m.mirrored).length).toBeGreaterThan(0.8 * moves.length);
    },
  );

  it("the takes give verdicts of every kind a dancer earns, so agreeing on them means something", () => {
    const verdicts = new Set<string>();
    for (const dance of DANCES) {
      const r = RECIPES.late as { recipe: TakeRecipe };
      const f = RECIPES.flawed as { recipe: TakeRecipe };
      const ref = refs.get(dance) as PoseTrack;
      for (const m of compareTracks(ref, takeTrack(performance(dance), r.recipe), {
        style: "hip_hop",
        takeOffset: r.recipe.takeOffset,
      }).moves)
        verdicts.add(m.verdict);
      for (const m of compareTracks(ref, takeTrack(performance(dance), f.recipe, bentForearm(f.recipe)), {
        style: "hip_hop",
        takeOffset: f.recipe.takeOffset,
      }).moves)
        verdicts.add(m.verdict);
    }
    expect([...verdicts].sort()).toEqual(expect.arrayContaining(["good", "ok", "perfect"]));
  });

  it("says each verdict as the move ends: on the frame past its end, a frame more when its score is near a verdict line", () => {
    const lateness: number[] = [];
    const inFrames: number[] = [];
    for (const dance of DANCES) {
      const ref = refs.get(dance) as PoseTrack;
      const { recipe } = RECIPES.late as { recipe: TakeRecipe };
      const user = takeTrack(performance(dance), recipe);
      const scorer = new LiveScorer(analysisOf(ref), {
        takeOffset: recipe.takeOffset,
        width: user.width,
        height: user.height,
      });
      const frame = 1 / ref.fps;
      for (const f of user.frames)
        for (const m of scorer.push(f)) {
          // Said on the frame that completed it.
          expect(m.judged_at_s).toBe(round3(f.t));
          if (m.user_start_s === null) continue;
          // After where this dancer ended the move (0.3 s late to 0.2 s early in stretches): a dancer
          // still on it is waited for, and one frame more when that frame could tip the verdict.
          const afterDancer = m.judged_at_s - (m.user_start_s + m.end_s - m.start_s);
          const nearLine = Object.values(VERDICT_MIN).some((line) => Math.abs(m.score - line) < VERDICT_MARGIN);
          expect(afterDancer, m.count_label).toBeGreaterThanOrEqual((nearLine ? frame : 0) - 0.01);
          // And no later than a frame or two after the dancer's end or the teacher's, whichever came
          // first (the teacher's as late as the take has been running).
          const afterTeacher = m.judged_at_s - (recipe.takeOffset + m.end_s);
          const after = Math.min(afterDancer, afterTeacher);
          expect(after, m.count_label).toBeLessThanOrEqual(2 * frame + 0.01);
          lateness.push(after);
          inFrames.push(after / frame);
        }
      expect(scorer.moves.length).toBe(scorer.reference.counting.moves.length);
    }
    lateness.sort((a, b) => a - b);
    // Most are said on the first frame past the end: half of them within half a frame of it.
    expect(inFrames.sort((a, b) => a - b)[inFrames.length >> 1]).toBeLessThanOrEqual(0.5);
    report.push(
      `verdicts said after the move's end (late takes, ${lateness.length} moves): median ${Math.round(1000 * (lateness[lateness.length >> 1] as number))} ms, max ${Math.round(1000 * (lateness[lateness.length - 1] as number))} ms`,
    );
  });

  it("reads a take as often as its poses arrive, in whole multiples of the reference's rate (at most 4)", () => {
    expect(takeReadingRate(7, 30)).toBe(28);
    expect(takeReadingRate(7, 15)).toBe(14);
    expect(takeReadingRate(7, 13.9)).toBe(7);
    expect(takeReadingRate(7, 60)).toBe(28);
    // No poses measured yet (none before the reference played): the reference's own rate.
    expect(takeReadingRate(7, 0)).toBe(7);
  });

  it("read at a 30-fps camera's rate, says every verdict within 150 ms of the move's end, as the server gives it (late stretches, a frozen one)", () => {
    const lateness: number[] = [];
    let agreeing = 0;
    let moves = 0;
    for (const [dance, recipe] of DANCES.flatMap((d) =>
      [LIVE_TAKES.late, LIVE_TAKES.flawed].map((r) => [d, r] as const),
    )) {
      const ref = refs.get(dance) as PoseTrack;
      const server = compareTracks(ref, takeTrack(performance(dance), recipe), {
        style: "hip_hop",
        takeOffset: recipe.takeOffset,
      });
      const fps = takeReadingRate(ref.fps, 30);
      const user = trackFromPoints(takeOf(performance(dance), recipe), { fps: 30 });
      const scorer = new LiveScorer(analysisOf(ref), {
        takeOffset: recipe.takeOffset,
        fps,
        width: user.width,
        height: user.height,
      });
      const said: LiveMove[] = [];
      for (const f of user.frames) said.push(...scorer.push(f));
      said.push(...scorer.finish());
      for (const m of said) {
        if (m.user_start_s === null) continue;
        const afterDancer = m.judged_at_s - (m.user_start_s + m.end_s - m.start_s);
        const afterTeacher = m.judged_at_s - (recipe.takeOffset + m.end_s);
        lateness.push(Math.min(afterDancer, afterTeacher));
      }
      // Read four times as often as the server reads it, a move within a point or two of a verdict
      // line can land on the other side (the HO late take: 16 of 19 moves): counted over all the moves.
      agreeing += agreement(server, said) * server.moves.length;
      moves += server.moves.length;
      expect(Math.abs((scorer.score()?.overall as number) - server.overall_score)).toBeLessThanOrEqual(8);
    }
    expect(agreeing / moves).toBeGreaterThanOrEqual(0.85);
    lateness.sort((a, b) => a - b);
    expect(lateness[lateness.length - 1]).toBeLessThanOrEqual(0.15);
    // Read at the reference's 7 fps the same takes' verdicts wait up to a whole frame (143 ms) and more.
    expect(lateness[lateness.length >> 1]).toBeLessThanOrEqual(0.05);
    report.push(
      `verdicts said after the move's end, read at 28 fps (late and frozen takes, ${lateness.length} moves): median ${Math.round(1000 * (lateness[lateness.length >> 1] as number))} ms, max ${Math.round(1000 * (lateness[lateness.length - 1] as number))} ms`,
    );
  });

  it("another routine scores low live, as on the server: not the same, every later move a miss", () => {
    const pairs = [
      ["gHO_sFM_cAll_d19_mHO0_ch01", "gHO_sFM_cAll_d19_mHO1_ch02"],
      // Same music, another choreography.
      ["gMH_sFM_cAll_d22_mMH1_ch02", "gMH_sFM_cAll_d22_mMH1_ch07"],
    ];
    for (const [a, b] of pairs) {
      const ref = trackFromPoints(performance(a as string));
      const user = takeTrack(performance(b as string), { takeOffset: 1, noise: 2 });
      const server = compareTracks(ref, user, { style: "hip_hop", takeOffset: 1 });
      const scorer = live(analysisOf(ref), user, 1);
      const score = scorer.score();
      expect(score?.sameness).toBe("not_same");
      expect(score?.overall).toBeLessThanOrEqual(NOT_SAME_MAX);
      expect(Math.abs((score?.overall as number) - server.overall_score)).toBeLessThanOrEqual(8);
      expect(scorer.moves.slice(-5).every((m) => m.verdict === "miss")).toBe(true);
    }
  });

  it("colours the limbs as the result does: a forearm danced wrong reads low while it is wrong, as in the result's limb scores", () => {
    const dance = DANCES[2] as string;
    const { recipe } = RECIPES.clean as { recipe: TakeRecipe };
    const wrong = { from: recipe.takeOffset + 16, to: recipe.takeOffset + 20 };
    const user = takeTrack(performance(dance), recipe, [{ point: 10, pivot: 8, degrees: 70, ...wrong }]);
    const ref = refs.get(dance) as PoseTrack;
    const server = compareTracks(ref, user, { style: "hip_hop", takeOffset: recipe.takeOffset });
    const scorer = new LiveScorer(analysisOf(ref), {
      takeOffset: recipe.takeOffset,
      width: user.width,
      height: user.height,
    });
    const live = new Map<number, number | null>();
    for (const f of user.frames) {
      scorer.push(f);
      const now = scorer.limbs();
      if (now) live.set(now.t, now.scores.right_forearm ?? null);
    }
    const limbs = server.limb_scores as NonNullable<ComparisonResult["limb_scores"]>;
    const column = limbs.limbs.indexOf("right_forearm");
    const inside = (t: number) => t >= wrong.from + 0.3 && t < wrong.to - 0.3;
    const outside = (t: number) => t < wrong.from - 1 || t >= wrong.to + 1;
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
    const liveIn = [...live].filter(([t, v]) => inside(t) && v !== null).map(([, v]) => v as number);
    const liveOut = [...live].filter(([t, v]) => outside(t) && v !== null).map(([, v]) => v as number);
    expect(mean(liveIn)).toBeLessThan(mean(liveOut) - 30);
    // Frame by frame against the result's own limb scores, where both have one.
    const diffs = limbs.times.flatMap((t, i) => {
      const a = limbs.scores[i]?.[column];
      const b = live.get(t);
      return a === null || a === undefined || b === null || b === undefined ? [] : [Math.abs(a - b)];
    });
    expect(diffs.length).toBeGreaterThan(0.8 * limbs.times.length);
    report.push(
      `limb colours, right forearm: live ${mean(liveIn).toFixed(0)} while wrong vs ${mean(liveOut).toFixed(0)} elsewhere; against the result's, mean |difference| ${mean(diffs).toFixed(1)} over ${diffs.length} frames`,
    );
    expect(mean(diffs)).toBeLessThan(5);
  });

  it("practising a part: the part's moves, with their counts, judged as the comparison of that part judges them", () => {
    const dance = DANCES[1] as string;
    const window = { start: 8, end: 24 };
    const whole = performance(dance);
    const part = { ...whole, frames: whole.frames.slice(window.start * whole.fps, window.end * whole.fps) };
    const recipe: TakeRecipe = { takeOffset: 0.9, noise: 2, late: [[4, 9, 0.25]] };
    const user = takeTrack(part, recipe);
    const ref = refs.get(dance) as PoseTrack;
    const server = compareTracks(ref, user, { style: "hip_hop", window, takeOffset: recipe.takeOffset });
    const scorer = new LiveScorer(analysisOf(ref), {
      takeOffset: recipe.takeOffset,
      window,
      width: user.width,
      height: user.height,
    });
    for (const f of user.frames) scorer.push(f);
    scorer.finish();
    expect(scorer.moves.map((m) => [m.start_s, m.end_s, m.count_label])).toEqual(
      server.moves.map((m) => [m.start_s, m.end_s, m.count_label]),
    );
    expect(scorer.moves[0]?.start_s).toBeGreaterThanOrEqual(window.start);
    expect(agreement(server, scorer.moves)).toBeGreaterThanOrEqual(0.85);
    expect(Math.abs((scorer.score()?.overall as number) - server.overall_score)).toBeLessThanOrEqual(8);
    report.push(
      `${dance} part ${window.start}–${window.end} s: ${server.moves.length} moves, verdicts agree ${(100 * agreement(server, scorer.moves)).toFixed(1)} %, server ${server.overall_score} live ${scorer.score()?.overall}`,
    );
  });

  it("a move drilled at half speed is judged at the music's pace: lateness halves, verdicts as at full speed", () => {
    const dance = DANCES[0] as string;
    const recipe: TakeRecipe = { takeOffset: 1, noise: 2, late: [[6, 14, 0.1]] };
    const ref = refs.get(dance) as PoseTrack;
    const analysis = analysisOf(ref);
    const full = takeTrack(performance(dance), recipe);
    // The same dancing with the reference played at 0.5×: every moment after the start twice as far on.
    const stretch = (t: number) => recipe.takeOffset + (t - recipe.takeOffset) * 2;
    const half = { ...full, frames: full.frames.map((f) => ({ ...f, t: stretch(f.t) })).filter((f) => f.t >= 0) };
    const atFull = live(analysis, full, recipe.takeOffset);
    const drilled = new LiveScorer(analysis, { takeOffset: recipe.takeOffset, rate: 0.5, width: 1, height: 1 });
    for (const f of half.frames) drilled.push(f);
    drilled.finish();
    const same = drilled.moves.filter((m, i) => m.verdict === atFull.moves[i]?.verdict).length;
    expect(same / atFull.moves.length).toBeGreaterThanOrEqual(0.95);
    expect(Math.abs((drilled.score()?.overall as number) - (atFull.score()?.overall as number))).toBeLessThanOrEqual(2);
    // 0.1 s late to the music in 6–14 s (0.2 s of the dancer's own time at half speed).
    const lateMoves = drilled.moves.filter((m) => m.start_s >= 6.5 && m.end_s <= 13.5 && m.timing_ms !== null);
    expect(lateMoves.length).toBe(3);
    for (const m of lateMoves) expect(Math.abs((m.timing_ms as number) - 100), m.count_label).toBeLessThanOrEqual(40);
    // Read at full pace, the half-speed take is another dance altogether.
    const unpaced = live(analysis, { ...half, width: full.width, height: full.height }, recipe.takeOffset);
    expect(unpaced.score()?.overall as number).toBeLessThan((atFull.score()?.overall as number) - 30);
  });

  it("a pose model's raw poses at the camera's rate score as the recorded take does (resampled, smoothed alike)", () => {
    const dance = DANCES[0] as string;
    const { recipe } = RECIPES.late as { recipe: TakeRecipe };
    const ref = refs.get(dance) as PoseTrack;
    const analysis = analysisOf(ref);
    const points = takeOf(performance(dance), recipe);
    const fromTrack = live(analysis, trackFromPoints(points), recipe.takeOffset);
    const names = analysis.track.keypointNames;
    const raw = new LiveScorer(analysis, {
      takeOffset: recipe.takeOffset,
      width: points.width,
      height: points.height,
      raw: measuredRule(names),
    });
    points.frames.forEach((frame, i) => {
      raw.push(measuredPose(frame, names, i / points.fps));
    });
    raw.finish();
    expect(raw.moves.map((m) => m.verdict)).toEqual(fromTrack.moves.map((m) => m.verdict));
    expect(raw.score()?.overall).toBeCloseTo(fromTrack.score()?.overall as number, 5);
  });
});
