import { describe, expect, it } from "vitest";
import { GROUP_MESSAGES, type ReferenceAnalysisResponse, WHOLE_ROUTINE_PART } from "@stepsync/contracts";
import { HttpError } from "../../http/errors.ts";
import { columnsOf, daysToEvent, memberFigures, partScore, routineMovesOf, sortRows, type Take } from "./board.ts";
import { checkedParts } from "./parts.ts";

/** A counted routine of eight moves, one second each, in two 8-counts (moves 1–4, 5–8). */
const counting: ReferenceAnalysisResponse["counting"] = {
  info: { source: "music", bpm: 120, downbeats: [0, 4] },
  moves: Array.from({ length: 8 }, (_, i) => ({
    start: i,
    end: i + 1,
    label: `${((2 * i) % 8) + 1}–${((2 * i) % 8) + 2}`,
  })),
  sections: [
    { start: 0, end: 4, moves: [0, 1, 2, 3], number: 1 },
    { start: 4, end: 8, moves: [4, 5, 6, 7], number: 2 },
  ],
};
const moves = routineMovesOf(counting);
const parts = [
  { name: "entry", first_move: 1, last_move: 4 },
  { name: "finale", first_move: 5, last_move: 8 },
];
const columns = columnsOf(parts, moves);
const [entry, finale] = columns as [(typeof columns)[0], (typeof columns)[0]];

function take(values: Partial<Take> = {}): Take {
  return {
    userId: 1,
    createdAt: new Date(),
    overallScore: 80,
    startS: null,
    endS: null,
    moves: [],
    sections: [
      { timestamp: 0, duration: 4, score: 70 },
      { timestamp: 4, duration: 4, score: 90 },
    ],
    danced: null,
    ...values,
  };
}

describe("the routine's moves and the board's columns", () => {
  it("numbers the moves from 1 and names them as a teacher counts", () => {
    expect(moves.slice(0, 2)).toEqual([
      { move: 1, label: "8-count 1 · 1–2", start_s: 0, end_s: 1 },
      { move: 2, label: "8-count 1 · 3–4", start_s: 1, end_s: 2 },
    ]);
    expect(moves[4]?.label).toBe("8-count 2 · 1–2");
    const uncounted = routineMovesOf({ ...counting, info: { source: "none", bpm: null, downbeats: [] } });
    expect(uncounted[0]?.label).toBe("1–2");
  });

  it("one column per part, on its moves' span; none named: the whole routine", () => {
    expect(columns.map((c) => [c.name, c.start, c.end])).toEqual([
      ["entry", 0, 4],
      ["finale", 4, 8],
    ]);
    expect(columnsOf([], moves)).toEqual([{ name: WHOLE_ROUTINE_PART, firstMove: 1, lastMove: 8, start: 0, end: 8 }]);
    expect(columnsOf(parts, null)[0]).toMatchObject({ name: WHOLE_ROUTINE_PART, firstMove: null, lastMove: null });
    // A part the routine's moves no longer hold (a new analysis counted fewer) is left out.
    expect(
      columnsOf([...parts.slice(0, 1), { name: "gone", first_move: 9, last_move: 12 }], moves).map((c) => c.name),
    ).toEqual(["entry"]);
  });
});

describe("which take scores a part", () => {
  it("a take of the whole routine: each part by its sections' scores over the part", () => {
    expect(partScore(take(), entry)).toBe(70);
    expect(partScore(take(), finale)).toBe(90);
    expect(partScore(take(), columnsOf([], moves)[0] as (typeof columns)[0])).toBe(80);
  });

  it("a practised part exactly the part: its overall score; one inside the part: no score for it", () => {
    expect(partScore(take({ startS: 4, endS: 8, overallScore: 93 }), finale)).toBe(93);
    expect(partScore(take({ startS: 4.2, endS: 7.9, overallScore: 93 }), finale)).toBe(93);
    expect(partScore(take({ startS: 5, endS: 8, overallScore: 93 }), finale)).toBeNull();
    expect(partScore(take({ startS: 4, endS: 8, overallScore: 93 }), entry)).toBeNull();
  });

  it("a practised span over two parts scores each by its sections", () => {
    const span = take({ startS: 0, endS: 8, overallScore: 50, sections: [{ timestamp: 0, duration: 8, score: 64 }] });
    expect(partScore(span, entry)).toBe(64);
  });

  it("a shorter video scores only the parts it covered: its overall score for the one it covered exactly", () => {
    const short = take({ danced: { start_s: 0, end_s: 4.1, duration_s: 8 } });
    expect(partScore(short, entry)).toBe(80);
    expect(partScore(short, finale)).toBeNull();
    const longer = take({ danced: { start_s: 0, end_s: 6, duration_s: 8 } });
    expect(partScore(longer, entry)).toBe(70);
    expect(partScore(longer, finale)).toBeNull();
  });
});

describe("a member's row", () => {
  const now = new Date("2026-02-01T12:00:00Z");
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);

  it("best, last practised and takes this week per part; drills count as practice of their move's part", () => {
    const takes = [
      take({ createdAt: daysAgo(1) }),
      take({ createdAt: daysAgo(9), sections: [{ timestamp: 0, duration: 8, score: 95 }] }),
      take({ createdAt: daysAgo(2), startS: 4, endS: 8, overallScore: 88 }),
    ];
    const drills = [{ userId: 1, startS: 2, endS: 3, createdAt: daysAgo(0.5) }];
    const row = memberFigures(1, columns, moves, takes, drills, now);
    expect(row.parts).toEqual([
      { part: "entry", best_score: 95, last_practised_at: daysAgo(0.5).toISOString(), takes: 2 },
      { part: "finale", best_score: 95, last_practised_at: daysAgo(1).toISOString(), takes: 2 },
    ]);
    expect(row).toMatchObject({ started: true, behind: false, takes_this_week: 3, progress: 95 });
  });

  it("misses are the routine's moves, found by time (a practised part's moves too), once per take", () => {
    const miss = (start: number) => ({
      index: 0,
      start_s: start,
      end_s: start + 1,
      verdict: "miss",
      count_label: "1–2",
    });
    const takes = [
      take({ moves: [miss(5), miss(6), { ...miss(2), verdict: "good" }] }),
      take({ startS: 4, endS: 8, moves: [miss(5.02)] }),
    ];
    const row = memberFigures(1, columns, moves, takes, [], now);
    expect(row.weakest_moves).toEqual([
      { move: 6, label: "8-count 2 · 3–4", misses: 2 },
      { move: 7, label: "8-count 2 · 5–6", misses: 1 },
    ]);
  });

  it("a move the dancer was hidden in (a group rehearsal) is not a miss", () => {
    const move = { index: 0, start_s: 5, end_s: 6, verdict: "miss", count_label: "3–4" };
    const row = memberFigures(1, columns, moves, [take({ moves: [{ ...move, hidden: true }] })], [], now);
    expect(row.weakest_moves).toEqual([]);
    expect(memberFigures(1, columns, moves, [take({ moves: [move] })], [], now).weakest_moves).toHaveLength(1);
  });

  it("nothing practised: not started, behind; practised only long ago: behind", () => {
    expect(memberFigures(1, columns, moves, [], [], now)).toMatchObject({ started: false, behind: true, progress: 0 });
    expect(memberFigures(1, columns, moves, [take({ createdAt: daysAgo(8) })], [], now)).toMatchObject({
      started: true,
      behind: true,
      takes_this_week: 0,
    });
  });
});

describe("orders and the countdown", () => {
  const row = (name: string, started: boolean, progress: number, last: number | null) => ({
    name,
    started,
    progress,
    lastPractised: last === null ? null : new Date(last),
  });
  const rows = [
    row("Dia", true, 80, 3),
    row("Asha", false, 0, null),
    row("Bela", true, 40, 5),
    row("Ela", false, 0, null),
  ];

  it("the not started first in every order", () => {
    const names = (sort: "behind" | "name" | "best" | "recent") => sortRows(rows, sort).map((r) => r.name);
    expect(names("behind")).toEqual(["Asha", "Ela", "Bela", "Dia"]);
    expect(names("best")).toEqual(["Asha", "Ela", "Dia", "Bela"]);
    expect(names("recent")).toEqual(["Asha", "Ela", "Bela", "Dia"]);
    expect(names("name")).toEqual(["Asha", "Ela", "Bela", "Dia"]);
  });

  it("days to the event: 0 on the day, negative after, null without a date", () => {
    const now = new Date("2026-02-07T23:30:00Z");
    expect(daysToEvent("2026-02-14", now)).toBe(7);
    expect(daysToEvent("2026-02-07", now)).toBe(0);
    expect(daysToEvent("2026-02-06", now)).toBe(-1);
    expect(daysToEvent(null, now)).toBeNull();
  });
});

describe("a routine's parts as the organiser gives them", () => {
  const fails = (given: Parameters<typeof checkedParts>[0], status: number, error: string) => {
    try {
      checkedParts(given, moves);
    } catch (e) {
      expect(e).toBeInstanceOf(HttpError);
      expect([(e as HttpError).status, (e as HttpError).message]).toEqual([status, error]);
      return;
    }
    throw new Error("accepted");
  };

  it("runs of moves in the routine's order, inside it, each name once; gaps allowed", () => {
    expect(checkedParts(parts, moves)).toEqual(parts);
    expect(checkedParts([{ name: "chorus", first_move: 3, last_move: 5 }], moves)).toHaveLength(1);
    fails([{ name: "a", first_move: 3, last_move: 2 }], 400, GROUP_MESSAGES.partMoves);
    fails([{ name: "a", first_move: 3, last_move: 9 }], 400, GROUP_MESSAGES.partPastEnd(8));
    fails(
      [
        { name: "a", first_move: 1, last_move: 4 },
        { name: "b", first_move: 4, last_move: 6 },
      ],
      400,
      GROUP_MESSAGES.partsOrder,
    );
    fails(
      [
        { name: "Entry", first_move: 1, last_move: 2 },
        { name: "entry", first_move: 3, last_move: 4 },
      ],
      400,
      GROUP_MESSAGES.partName,
    );
  });

  it("need the routine's moves (409 while its analysis is not done); none is always fine", () => {
    expect(() => checkedParts(parts, null)).toThrow(GROUP_MESSAGES.partsNeedMoves);
    expect(checkedParts([], null)).toEqual([]);
  });
});
