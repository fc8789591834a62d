import { describe, expect, it } from "vitest";
import { CASES, moveTruth } from "./cases.ts";
import type { Outcome } from "./evaluate.ts";
import {
  caseListing,
  errorList,
  groupTable,
  ladderTable,
  separationTable,
  targetsTable,
  tempoTable,
  timingTable,
} from "./report.ts";

const all = (outs: Outcome[]) =>
  [
    groupTable(outs),
    ladderTable(outs),
    tempoTable(outs),
    timingTable(outs),
    separationTable(outs),
    caseListing(outs),
    errorList(outs),
    targetsTable(outs),
  ].join("\n");

describe("report", () => {
  it("prints – for fields the engine does not return, and never throws", () => {
    const shapes: unknown[] = [
      {},
      { overall_score: 71.5 },
      { overall_score: "71", scores: null, moves: "none", alignment: 3 },
      { overall_score: 90, scores: { shape: 95 }, moves: [{ start_s: 1 }, null, { start_s: 0, end_s: 1 }] },
    ];
    for (const result of shapes) {
      const text = all(CASES.map((c) => ({ c, result })));
      expect(text).toContain("Targets (test split)");
      expect(text).toContain("–");
    }
    const text = all(CASES.map((c, i) => (i % 2 ? { c, error: "NO_PERSON_USER: nobody" } : { c })));
    expect(text).toContain("NO_PERSON_USER");
  });

  it("judges a perfect engine as meeting every target", () => {
    const outs = CASES.map((c) => {
      const same = c.truth.same !== false;
      const level = c.truth.ladder?.level ?? 0;
      const step = c.truth.timing?.kind === "step" ? c.truth.timing : undefined;
      const tempo = c.truth.tempo_ratio;
      const moves = [0, 2, 4, 6, 8, 10, 12, 14, 16].map((t) => ({
        start_s: t,
        end_s: t + 2,
        timing_ms: step && t >= step.t1_s ? step.delay_s * 1000 : 0,
        verdict: moveTruth(c.truth, { start_s: t, end_s: t + 2 }) === "missed" ? "miss" : "great",
      }));
      const result = {
        // A perfect engine scores an incorrect performance lower than a correct one.
        overall_score: tempo ? 70 : c.truth.incorrect ? 70 : same ? 98 - level * 5 : 10,
        scores: { shape: same ? 98 : 10, timing: tempo ? 40 : same ? 99 : null },
        sameness: { decision: same ? "same" : "not_same" },
        overallFeedback: tempo
          ? "You are slower than the reference."
          : c.group === "part"
            ? "Well done. You danced 1:10–1:30 of the 2:22 routine; the scores are for that part."
            : "Well done.",
        moves,
      };
      return { c, result };
    });
    expect(targetsTable(outs)).toMatch(/26\/26 targets met/);
    // Each incorrect take is paired with the same person's correct one: 98 − 70 in all 100 pairs.
    expect(targetsTable(outs)).toMatch(/correct − incorrect: median 28\.0, right order 100\/100/);
  });

  it("pairs a person's incorrect take with their correct one, not with another person's", () => {
    const people = CASES.filter((c) => c.split === "test" && c.group.startsWith("people_"));
    // The correct take scores by its user (subject) number; its incorrect twin 5 less.
    const subject = (c: (typeof CASES)[number]) => (c.user.track?.kind === "ui-prmd" ? c.user.track.subject : 0);
    const outs = people.map((c) => ({
      c,
      result: { overall_score: c.group === "people_same" ? 50 + subject(c) : 45 + subject(c) },
    }));
    expect(targetsTable(outs)).toMatch(/correct − incorrect: median 5\.0, right order 100\/100/);
  });

  it("counts what the moves of same-routine results were told: Perfect moves told to change, cues on copies, cues said twice", () => {
    const test = CASES.filter((c) => c.split === "test");
    const mv = (verdict: string, cue: string | null, at: number) => ({ start_s: at, end_s: at + 1, verdict, cue });
    // Three copies of one performance (same_performance), then a real person's pair (people_same).
    const picked = [
      ...test.filter((c) => c.group === "same_performance").slice(0, 3),
      test.find((c) => c.group === "people_same"),
    ];
    const outs = picked.flatMap((c, i) => (c ? [{ c, result: result(i) }] : []));
    function result(i: number) {
      return {
        overall_score: 90,
        // The third is another routine: its moves say nothing, and are not counted.
        same_routine: i !== 2,
        moves:
          i === 0
            ? [
                mv("perfect", "Bend your left knee more, about 20°.", 0),
                mv("good", "Bend your left knee more, about 20°.", 1),
              ]
            : [mv("perfect", null, 0), mv("great", "You are about 0.2 s late.", 1)],
      };
    }
    expect(targetsTable(outs)).toMatch(
      /4 of 6 moves scored as the same routine told something, 1 of them Perfect, 3 on copies of one performance \(same_performance: nothing to correct\); 1 results say one cue on several moves/,
    );
  });
});
