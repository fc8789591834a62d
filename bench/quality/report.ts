/** The benchmark's tables: plain text, aligned columns, "–" for what the engine does not report (yet). */
import { AGGREGATE_TARGETS, GROUPS, type Group, SPLITS, type Split } from "./cases.ts";
import {
  type CheckSummary,
  casesPassing,
  dancersSameSummary,
  differentSummary,
  combine,
  ladders,
  ladderVerdict,
  type Outcome,
  cueSummary,
  peopleSummary,
  separation,
  summarizeChecks,
  timingCases,
  timingPrecision,
  type Verdict,
  verdictSummary,
} from "./evaluate.ts";
import { bool, DASH, fmt, num, type ScoreKey, score, str, yesNo } from "./fields.ts";
import { median } from "./stats.ts";

/** Aligned columns; a column whose cells are all numbers (or "–") is right-aligned. */
export function table(rows: readonly string[][]): string {
  const cols = Math.max(...rows.map((r) => r.length));
  const widths = Array.from({ length: cols }, (_, c) => Math.max(...rows.map((r) => (r[c] ?? "").length)));
  const numeric = Array.from({ length: cols }, (_, c) =>
    rows.slice(1).every((r) => /^([-+]?\d[\d.]*( ms|%)?|–|)$/.test(r[c] ?? "")),
  );
  return rows
    .map((r) =>
      r
        .map((v, c) => (numeric[c] ? v.padStart(widths[c] ?? 0) : v.padEnd(widths[c] ?? 0)))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

const section = (title: string, body: string) => `\n${title}\n${"-".repeat(title.length)}\n${body}`;

function stats3(outs: readonly Outcome[], key: ScoreKey): [string, string, string] {
  const v = outs.flatMap((o) => {
    const s = o.result === undefined ? undefined : score(o.result, key);
    return s === undefined ? [] : [s];
  });
  if (!v.length) return [DASH, DASH, DASH];
  return [fmt(Math.min(...v)), fmt(median(v)), fmt(Math.max(...v))];
}

const inSplit = (outs: readonly Outcome[], split: Split) => outs.filter((o) => o.c.split === split);
const inGroup = (outs: readonly Outcome[], g: Group) => outs.filter((o) => o.c.group === g);

/** Per group and split: n, errors, min/median/max of overall, shape, timing, the target and the verdict. */
export function groupTable(outs: readonly Outcome[]): string {
  const rows = [
    [
      "group",
      "split",
      "n",
      "err",
      "overall min",
      "med",
      "max",
      "shape min",
      "med",
      "max",
      "timing min",
      "med",
      "max",
      "target",
      "pass",
      "verdict",
    ],
  ];
  for (const g of GROUPS) {
    for (const split of SPLITS) {
      const o = inSplit(inGroup(outs, g), split);
      if (!o.length) continue;
      let target: string;
      let pass: string;
      let verdict: Verdict;
      if (g === "ladder") {
        target = `mean ρ ≥ ${AGGREGATE_TARGETS.ladderSpearman} (below)`;
        pass = DASH;
        verdict = ladderVerdict(ladders(o)).verdict;
      } else if (g === "timing") {
        target = `mean |error| ≤ ${AGGREGATE_TARGETS.timingPrecisionMs} ms (below)`;
        pass = DASH;
        verdict = timingPrecision(timingCases(o)).verdict;
      } else if (g === "people_same" || g === "people_incorrect") {
        const p = peopleSummary(inSplit(outs, split));
        target =
          g === "people_same"
            ? `median ≥ ${AGGREGATE_TARGETS.peopleSameMedian}, p10 ≥ ${AGGREGATE_TARGETS.peopleSameP10}`
            : `AUC ≥ ${AGGREGATE_TARGETS.incorrectAuc}, median ${AGGREGATE_TARGETS.incorrectMedianGap} lower`;
        pass = DASH;
        verdict = !p
          ? "n/a"
          : g === "people_same"
            ? combine([p.verdicts.median, p.verdicts.p10])
            : combine([p.verdicts.auc, p.verdicts.gap]);
      } else {
        const checks = summarizeChecks(o);
        target = checks.map((c) => c.label).join(", ");
        pass = `${casesPassing(o)}/${o.length}`;
        verdict = combine(checks.map((c) => c.verdict));
      }
      rows.push([
        g,
        split,
        String(o.length),
        String(o.filter((x) => x.error).length),
        ...stats3(o, "overall"),
        ...stats3(o, "shape"),
        ...stats3(o, "timing"),
        target,
        pass,
        verdict,
      ]);
    }
  }
  return section("Scores per group", table(rows));
}

export function ladderTable(outs: readonly Outcome[]): string {
  const rows = ladders(outs);
  if (!rows.length) return "";
  const t = [["source", "split", "L0", "L1", "L2", "L3", "L4", "ρ"]];
  for (const r of rows) {
    t.push([r.source, r.split, ...[0, 1, 2, 3, 4].map((l) => fmt(r.scores[l])), fmt(r.rho, 2)]);
  }
  for (const split of SPLITS) {
    const v = ladderVerdict(rows.filter((r) => r.split === split));
    if (rows.some((r) => r.split === split))
      t.push([
        `mean (${split})`,
        "",
        "",
        "",
        "",
        "",
        "",
        fmt(v.mean, 2),
        `target ≥ ${AGGREGATE_TARGETS.ladderSpearman}: ${v.verdict}`,
      ]);
  }
  return section("Ladder: overall score by number of defects; ρ = Spearman(defect level, −score)", table(t));
}

/** Shares of ladder moves judged as their defects say (OK/Miss inside a freeze or wrong segment, Perfect/Great clear of any). */
function verdictShares(outs: readonly Outcome[], split: Split): { missed: string; clean: string; verdict: Verdict } {
  const v = verdictSummary(outs, split);
  const missed = v.missed ? v.missedRight / v.missed : undefined;
  const clean = v.clean ? v.cleanRight / v.clean : undefined;
  const verdict: Verdict =
    missed === undefined || clean === undefined
      ? "n/a"
      : missed >= AGGREGATE_TARGETS.missedMoves && clean >= AGGREGATE_TARGETS.cleanMoves
        ? "PASS"
        : "FAIL";
  return {
    missed: `${v.missedRight}/${v.missed} (${fmt(missed === undefined ? undefined : missed * 100, 0)} %)`,
    clean: `${v.cleanRight}/${v.clean} (${fmt(clean === undefined ? undefined : clean * 100, 0)} %)`,
    verdict,
  };
}

export function verdictTable(outs: readonly Outcome[]): string {
  if (!outs.some((o) => o.c.truth.defects)) return "";
  const t = [["split", "missed moves called OK/Miss", "clean moves called Perfect/Great", "target", "verdict"]];
  const target = `≥ ${AGGREGATE_TARGETS.missedMoves * 100} % / ≥ ${AGGREGATE_TARGETS.cleanMoves * 100} %`;
  for (const split of SPLITS) {
    if (!outs.some((o) => o.c.split === split && o.c.truth.defects)) continue;
    const v = verdictShares(outs, split);
    t.push([split, v.missed, v.clean, target, v.verdict]);
  }
  return section(
    "Verdicts on the ladder: moves mostly inside a freeze or a wrong segment, and moves clear of every defect",
    table(t),
  );
}

export function tempoTable(outs: readonly Outcome[]): string {
  const o = outs.filter((x) => x.c.truth.tempo_ratio !== undefined);
  if (!o.length) return "";
  const t = [["user", "split", "truth", "tempo_ratio", "shape", "timing", "overall", "names tempo"]];
  for (const x of o) {
    const fb = str(x.result, "overallFeedback");
    const re = x.c.expect.feedback;
    t.push([
      x.c.user.name,
      x.c.split,
      fmt(x.c.truth.tempo_ratio, 3),
      fmt(num(x.result, "alignment.tempo_ratio"), 3),
      fmt(score(x.result, "shape")),
      fmt(score(x.result, "timing")),
      fmt(score(x.result, "overall")),
      fb === undefined || !re ? DASH : yesNo(re.test(fb)),
    ]);
  }
  return section("Tempo: truth and measured tempo ratio (user seconds per reference second)", table(t));
}

export function timingTable(outs: readonly Outcome[]): string {
  const cases = timingCases(outs);
  if (!cases.length) return "";
  const t = [["user", "split", "truth", "moves w/ truth", "timed", "mean |err| ms", "p90 ms", "bias ms"]];
  for (const c of cases) {
    const tr = c.o.c.truth.timing;
    const truth =
      tr?.kind === "step" ? `+${fmt(tr.delay_s * 1000, 0)} ms from ${tr.t1_s} s` : `${tr?.ms ?? 0} ms (offset)`;
    const p = timingPrecision([c]);
    t.push([
      c.o.c.user.name,
      c.o.c.split,
      truth,
      String(c.withTruth),
      String(c.errors.length),
      fmt(p.mean, 0),
      fmt(p.p90, 0),
      fmt(c.bias, 0),
    ]);
  }
  const sum = [["split", "cases", "moves", "mean ms", "p90 ms", "target", "verdict"]];
  for (const split of SPLITS) {
    const cs = cases.filter((c) => c.o.c.split === split);
    if (!cs.length) continue;
    const p = timingPrecision(cs);
    sum.push([
      split,
      String(p.cases),
      String(p.moves),
      fmt(p.mean, 0),
      fmt(p.p90, 0),
      `mean ≤ ${AGGREGATE_TARGETS.timingPrecisionMs} ms`,
      p.verdict,
    ]);
  }
  return section(
    "Timing precision: |timing_ms − truth| over the moves with a truth (timing cases and the 1 s lead-ins)",
    `${table(t)}\n\n${table(sum)}`,
  );
}

export function separationTable(outs: readonly Outcome[]): string {
  const t = [["split", "same", "different", "AUC", "lowest same", "highest different", "target", "verdict"]];
  for (const split of SPLITS) {
    const s = separation(inSplit(outs, split));
    if (!s.same.length && !s.different.length) continue;
    const low = s.lowestSame ? `${fmt(s.lowestSame.score)} ${s.lowestSame.o.c.id}` : DASH;
    const high = s.highestDifferent ? `${fmt(s.highestDifferent.score)} ${s.highestDifferent.o.c.id}` : DASH;
    t.push([
      split,
      String(s.same.length),
      String(s.different.length),
      fmt(s.auc, 3),
      low,
      high,
      `≥ ${AGGREGATE_TARGETS.auc}`,
      s.verdict,
    ]);
  }
  if (t.length === 1) return "";
  return section(
    "Separation: overall score, same (performance ∪ routine) vs different (routine ∪ non-dance)",
    table(t),
  );
}

function checkRow(name: string, c: CheckSummary): string[] {
  const measured =
    c.worstKind && c.worst !== undefined
      ? `${c.worstKind} ${fmt(c.worst)}`
      : c.measured
        ? `${c.passed}/${c.measured}`
        : DASH;
  return [name, c.label, measured, `${c.passed}/${c.n}`, c.verdict];
}

/** Every target on the test split: measured value and verdict. */
export function targetsTable(outs: readonly Outcome[]): string {
  const test = inSplit(outs, "test");
  if (!test.length) return section("Targets (test split)", "No test cases in this run (--split fit).");
  const t = [["group", "target", "measured", "cases", "verdict"]];
  const verdicts: Verdict[] = [];
  for (const g of GROUPS) {
    const o = inGroup(test, g);
    if (!o.length) continue;
    if (g === "ladder") {
      const v = ladderVerdict(ladders(o));
      t.push([
        g,
        `mean ρ ≥ ${AGGREGATE_TARGETS.ladderSpearman}`,
        `${fmt(v.mean, 2)} (min ${fmt(v.min, 2)})`,
        String(ladders(o).length),
        v.verdict,
      ]);
      verdicts.push(v.verdict);
      const m = verdictShares(o, "test");
      t.push([
        "ladder moves",
        `verdicts: missed OK/Miss ≥ ${AGGREGATE_TARGETS.missedMoves * 100} %, clean Perfect/Great ≥ ${AGGREGATE_TARGETS.cleanMoves * 100} %`,
        `${m.missed}; ${m.clean}`,
        String(o.length),
        m.verdict,
      ]);
      verdicts.push(m.verdict);
    } else if (g === "timing") {
      // Precision counts the lead-in copies (same_performance) too: every case with a timing truth.
      const p = timingPrecision(timingCases(test));
      t.push([
        g,
        `mean |error| ≤ ${AGGREGATE_TARGETS.timingPrecisionMs} ms`,
        `${fmt(p.mean, 0)} ms (p90 ${fmt(p.p90, 0)})`,
        `${p.cases} (${p.moves} moves)`,
        p.verdict,
      ]);
      verdicts.push(p.verdict);
    } else {
      for (const c of summarizeChecks(o)) {
        t.push(checkRow(g, c));
        verdicts.push(c.verdict);
      }
    }
  }
  const p = peopleSummary(test);
  if (p) {
    const rows: Array<[string, string, string, Verdict]> = [
      ["people_same", `median ≥ ${AGGREGATE_TARGETS.peopleSameMedian}`, fmt(p.median), p.verdicts.median],
      ["people_same", `10th percentile ≥ ${AGGREGATE_TARGETS.peopleSameP10}`, fmt(p.p10), p.verdicts.p10],
      ["people_incorrect", `AUC vs people_same ≥ ${AGGREGATE_TARGETS.incorrectAuc}`, fmt(p.auc, 3), p.verdicts.auc],
      [
        "people_incorrect",
        `median ≥ ${AGGREGATE_TARGETS.incorrectMedianGap} below people_same`,
        `${fmt(p.gap)} (median ${fmt(p.incorrectMedian)})`,
        p.verdicts.gap,
      ],
    ];
    for (const [g, target, measured, verdict] of rows) {
      t.push([g, target, measured, `${p.correct.length}+${p.incorrect.length}`, verdict]);
      verdicts.push(verdict);
    }
  }
  const dancers = dancersSameSummary(test);
  if (dancers) {
    const v: Verdict = dancers.median >= AGGREGATE_TARGETS.dancersSameMedian ? "PASS" : "FAIL";
    t.push([
      "dancers_same",
      `median ≥ ${AGGREGATE_TARGETS.dancersSameMedian}`,
      `${fmt(dancers.median)} (min ${fmt(dancers.min)})`,
      String(dancers.scores.length),
      v,
    ]);
    verdicts.push(v);
  }
  const different = differentSummary(test);
  if (different) {
    const low: Verdict = different.lowShare >= AGGREGATE_TARGETS.differentLowShare ? "PASS" : "FAIL";
    const high: Verdict = different.max <= AGGREGATE_TARGETS.differentMax ? "PASS" : "FAIL";
    const n = String(different.scores.length);
    t.push([
      "every different routine",
      `≤ ${AGGREGATE_TARGETS.differentLow} for ≥ ${AGGREGATE_TARGETS.differentLowShare * 100} %`,
      `${fmt(100 * different.lowShare)} %`,
      n,
      low,
    ]);
    t.push([
      "every different routine",
      `none above ${AGGREGATE_TARGETS.differentMax}`,
      `max ${fmt(different.max)}`,
      n,
      high,
    ]);
    verdicts.push(low, high);
  }
  const s = separation(test);
  t.push([
    "same vs different",
    `AUC ≥ ${AGGREGATE_TARGETS.auc}`,
    fmt(s.auc, 3),
    `${s.same.length}+${s.different.length}`,
    s.verdict,
  ]);
  verdicts.push(s.verdict);
  const passed = verdicts.filter((v) => v === "PASS").length;
  const na = verdicts.filter((v) => v === "n/a").length;
  const graded = p?.paired.gaps.length
    ? `\nGraded takes (printed, no target here): one person's correct and incorrect take against one reference, correct − incorrect: median ${fmt(p.paired.medianGap)}, right order ${p.paired.ordered}/${p.paired.gaps.length}.`
    : "";
  const cues = cueSummary(test);
  const told = cues.moves
    ? `\nCues (printed, no target here): ${cues.told} of ${cues.moves} moves scored as the same routine told something, ${cues.toldPerfect} of them Perfect, ${cues.onCopies} on copies of one performance (same_performance: nothing to correct); ${cues.repeating} results say one cue on several moves.`
    : "";
  return section(
    "Targets (test split)",
    `${table(t)}\n\n${passed}/${verdicts.length} targets met${na ? `, ${na} not measurable (the engine does not report that yet)` : ""}.${graded}${told}`,
  );
}

/** One line per case. */
export function caseListing(outs: readonly Outcome[]): string {
  const t = [
    [
      "group",
      "split",
      "ref",
      "user",
      "overall",
      "shape",
      "timing",
      "same_routine",
      "confidence",
      "mirrored",
      "tempo_ratio",
      "error",
    ],
  ];
  for (const o of outs) {
    const r = o.result;
    t.push([
      o.c.group,
      o.c.split,
      o.c.ref.name,
      o.c.user.name,
      fmt(score(r, "overall")),
      fmt(score(r, "shape")),
      fmt(score(r, "timing")),
      yesNo(bool(r, "same_routine")),
      fmt(num(r, "alignment.confidence"), 2),
      yesNo(bool(r, "alignment.mirrored")),
      fmt(num(r, "alignment.tempo_ratio"), 3),
      o.error ?? "",
    ]);
  }
  return section("Cases", table(t));
}

/** Errors, grouped by message (a missing field is not an error; a throw or a failed build is). */
export function errorList(outs: readonly Outcome[]): string {
  const by = new Map<string, string[]>();
  for (const o of outs) if (o.error) by.set(o.error, [...(by.get(o.error) ?? []), o.c.id]);
  if (!by.size) return "";
  const lines = [...by].map(([msg, ids]) => `${ids.length}× ${msg}\n    e.g. ${ids.slice(0, 3).join("; ")}`);
  return section("Errors", lines.join("\n"));
}
