/**
 * Quality benchmark: the calibration set (cases.ts) through the engine, judged against its targets.
 * Builds the derived videos that are missing (ffmpeg, two at a time), analyses every clip through
 * the pose cache (content-hash keyed: reruns are instant), compares every pair with compareTracks
 * and prints tables per group and split, the ladder's Spearman ρ, timing precision, the AUC and a
 * final "Targets (test split)" table.
 *
 *   node --import tsx bench/quality/run.ts [--split fit|test|all] [--group NAME] [--style hip_hop]
 *                                          [--json out.json] [--verbose]
 *   (or: npm run quality -w @stepsync/bench -- --verbose)
 */
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { compareTracks, DEFAULTS, isMotionError, STYLES, shutdownPosePool } from "../../packages/motion/src/index.ts";
import { fixturesDir } from "../../packages/motion/test-support/fixtures.ts";
import { clipFile } from "./build.ts";
import { type Case, GROUPS, SPLITS } from "./cases.ts";
import type { Outcome } from "./evaluate.ts";
import { str } from "./fields.ts";
import { loadCases, places } from "./load.ts";
import {
  caseListing,
  errorList,
  groupTable,
  ladderTable,
  separationTable,
  targetsTable,
  tempoTable,
  verdictTable,
  timingTable,
} from "./report.ts";

const { values } = parseArgs({
  options: {
    split: { type: "string", default: "all" },
    group: { type: "string" },
    style: { type: "string", default: "hip_hop" },
    json: { type: "string" },
    verbose: { type: "boolean", short: "v", default: false },
  },
});

function usage(message: string): never {
  console.error(
    `${message}\nUsage: node --import tsx bench/quality/run.ts [--split ${["all", ...SPLITS].join("|")}] [--group ${GROUPS.join("|")}] [--style ${STYLES.join("|")}] [--json out.json] [--verbose]`,
  );
  process.exit(2);
}
if (values.split !== "all" && !SPLITS.includes(values.split as never)) usage(`Unknown split "${values.split}".`);
if (values.group && !GROUPS.includes(values.group as never)) usage(`Unknown group "${values.group}".`);
if (!STYLES.includes(values.style as never)) usage(`Unknown style "${values.style}".`);
const style = values.style ?? "hip_hop";

if (!existsSync(join(fixturesDir, "video"))) {
  console.log(
    `Fixtures not found at ${fixturesDir}; the quality benchmark needs ../shared/fixtures (see its README; STEPSYNC_FIXTURES overrides).`,
  );
  process.exit(0);
}

const t0 = performance.now();
const { selected, cases, missing, built, tBuilt, clips, tracks, clipError } = await loadCases(
  (c) => (values.split === "all" || c.split === values.split) && (!values.group || c.group === values.group),
);
const tAnalysed = performance.now();

function run(c: Case): Outcome {
  const err = clipError(c.ref) ?? clipError(c.user);
  if (err) return { c, error: err };
  const ref = tracks.get(clipFile(c.ref, places));
  const user = tracks.get(clipFile(c.user, places));
  if (!ref || !user) return { c, error: "no pose track" };
  try {
    const { tracks: _omit, ...result } = compareTracks(ref, user, { style }) as unknown as Record<string, unknown>;
    return { c, result };
  } catch (e) {
    return {
      c,
      error: isMotionError(e) ? `${e.code}: ${e.message}` : `compareTracks threw: ${(e as Error).message ?? e}`,
    };
  }
}

const outcomes = cases.map(run);
const tCompared = performance.now();
await shutdownPosePool();

const engine = outcomes.map((o) => str(o.result, "engine_version")).find(Boolean) ?? "–";
const count = (split: string) => cases.filter((c) => c.split === split).length;
console.log(
  `Quality benchmark — style ${style}, engine ${engine}, poses ${DEFAULTS.model} at ${DEFAULTS.fps} fps; ` +
    `${cases.length} cases (fit ${count("fit")}, test ${count("test")})${values.group ? `, group ${values.group}` : ""}`,
);
console.log(
  `Built ${built} missing derived videos in ${((tBuilt - t0) / 1000).toFixed(0)} s, ` +
    `analysed ${clips.size} clips in ${((tAnalysed - tBuilt) / 1000).toFixed(0)} s, compared in ${((tCompared - tAnalysed) / 1000).toFixed(1)} s; ` +
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} (${availableParallelism()} cores)`,
);
if (missing.size)
  console.log(
    `Not in the fixtures, ${selected.length - cases.length} cases skipped: ${[...missing].map((f) => f.slice(fixturesDir.length + 1)).join(", ")}`,
  );

for (const part of [
  groupTable(outcomes),
  ladderTable(outcomes),
  verdictTable(outcomes),
  tempoTable(outcomes),
  timingTable(outcomes),
  separationTable(outcomes),
  values.verbose ? caseListing(outcomes) : "",
  errorList(outcomes),
  targetsTable(outcomes),
])
  if (part) console.log(part);

if (values.json) {
  const out = {
    generated_at: new Date().toISOString(),
    style,
    engine_version: engine,
    split: values.split,
    group: values.group ?? null,
    cases: outcomes.map((o) => ({
      id: o.c.id,
      group: o.c.group,
      split: o.c.split,
      ref: o.c.ref.name,
      user: o.c.user.name,
      ref_file: clipFile(o.c.ref, places),
      user_file: clipFile(o.c.user, places),
      note: o.c.note ?? null,
      expect: { ...o.c.expect, feedback: o.c.expect.feedback?.toString() },
      truth: o.c.truth,
      result: o.result ?? null,
      error: o.error ?? null,
    })),
  };
  await writeFile(values.json, `${JSON.stringify(out, null, 1)}\n`);
  console.log(`\nWrote ${outcomes.length} results (without tracks) to ${values.json}`);
}
