/**
 * Group rehearsal videos: every dancer found, followed and scored against the teacher, and the
 * group's sync, on group videos made from the shared fixtures' real solo clips (group/videos.ts).
 *
 *   node --import tsx bench/group.ts [--only options,targets,time] [--cases in_sync,…] [--runs 2] [--options-full]
 *                                    [--max-side N]
 *
 * options: MultiPose alone against a person search plus the single-person model in each crop (one
 *          thread, ms a frame, people found, and what the dancers then score);
 * targets: per dancer, the score in the group against the same dancer's solo video; lateness found;
 *          another routine told; sync; identity switches; passers-by;
 * time:    a 60-s three-dancer video against one dancer's 60-s video, each in a fresh process.
 *
 * --max-side N decodes the group videos with their longest side at N pixels instead of the engine's
 * default (groupDecodeSide), to weigh another decode size on the same cases.
 *
 * Videos are built into bench/.cache/group/videos, pose tracks cached in bench/.cache/group/poses and
 * the group videos' people in bench/.cache/group/people (keyed by the file and the pose code).
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { fileHash } from "../packages/motion/src/cache.ts";
import {
  analyzeVideoCached,
  type ComparisonResult,
  compareGroupTracks,
  compareTracks,
  type GroupComparisonResult,
  type PoseTrack,
  shutdownPosePool,
} from "../packages/motion/src/index.ts";
import { type GroupFrames, groupPosesOf, readGroupFrames } from "../packages/motion/src/group/analyze-group.ts";
import type { RawPeople } from "../packages/motion/src/pose/pool.ts";
import { loadOptions, type OptionRun, runOptions } from "./group/options.ts";
import * as V from "./group/videos.ts";

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, "..");
const fixtures = process.env.STEPSYNC_FIXTURES ?? resolve(repoRoot, "..", "shared", "fixtures");
const cache = join(here, ".cache", "group");
const places = { fixtures, videos: join(cache, "videos") };
const poseCache = join(cache, "poses");

const { values } = parseArgs({
  options: {
    only: { type: "string", default: "options,targets,time" },
    runs: { type: "string", default: "2" },
    "options-full": { type: "boolean", default: false },
    cases: { type: "string" },
    "max-side": { type: "string" },
  },
});
const only = new Set(values.only.split(","));
const maxSide = values["max-side"] ? Number(values["max-side"]) : undefined;

if (
  !existsSync(join(fixtures, "video", "sample_2.mp4")) ||
  !existsSync(join(fixtures, "dev", "dance_woman_room.mp4"))
) {
  console.log(`Shared fixtures not found at ${fixtures} (STEPSYNC_FIXTURES overrides): nothing measured.`);
  process.exit(0);
}

const file = (r: V.Recipe | string) => V.built(r, places);

// ---------------------------------------------------------------------------------------------
// Cached analyses

async function solo(
  reference: V.Recipe | string,
  dancer: V.Recipe | string,
  silent = false,
): Promise<ComparisonResult> {
  const [ref, user] = await Promise.all([file(reference), file(dancer)]);
  const r = (await analyzeVideoCached(ref, { cacheDir: poseCache })).track;
  const u = (await analyzeVideoCached(user, { cacheDir: poseCache })).track;
  const quiet = (t: PoseTrack) => (silent ? { ...t, audio: null } : t);
  return compareTracks(quiet(r), quiet(u), { style: "hip_hop" });
}

async function referenceTrack(reference: V.Recipe | string): Promise<PoseTrack> {
  return (await analyzeVideoCached(await file(reference), { cacheDir: poseCache })).track;
}

/** The pose code whose change makes cached people stale. */
async function peopleCodeHash(): Promise<string> {
  const h = createHash("sha256");
  for (const f of [
    "pose/people.ts",
    "pose/people-detector.ts",
    "pose/estimator.ts",
    "pose/tracker.ts",
    "pose/adapters/movenet.ts",
    "group/analyze-group.ts",
  ])
    h.update(await readFile(join(repoRoot, "packages", "motion", "src", f)));
  return h.digest("hex").slice(0, 10);
}

interface StoredFrames extends Omit<GroupFrames, "frames"> {
  frames: Array<{ index: number; t: number; people: Array<{ k: number[]; s: number; id: number }> }>;
  seconds: number;
}

/** The people of every frame of a group video (pose workers, as the engine reads them), cached. */
async function groupFrames(video: V.Recipe | string): Promise<GroupFrames & { seconds: number }> {
  const path = await file(video);
  const key = `${await fileHash(path)}.${await peopleCodeHash()}${maxSide ? `.${maxSide}` : ""}`;
  const stored = join(cache, "people", `${key}.json`);
  if (existsSync(stored)) {
    const s = JSON.parse(await readFile(stored, "utf8")) as StoredFrames;
    return { ...s, frames: s.frames.map(unstore) };
  }
  const t0 = performance.now();
  const read = await readGroupFrames(path, { maxSide });
  const seconds = (performance.now() - t0) / 1000;
  await mkdir(dirname(stored), { recursive: true });
  const out: StoredFrames = {
    ...read,
    seconds,
    frames: read.frames.map((f) => ({
      index: f.index,
      t: f.t,
      people: f.people.map((p) => ({ k: Array.from(p.keypoints), s: p.score, id: p.id })),
    })),
  };
  await writeFile(stored, JSON.stringify(out));
  return { ...read, seconds };
}

function unstore(f: StoredFrames["frames"][number]): RawPeople {
  return {
    index: f.index,
    t: f.t,
    people: f.people.map((p) => ({ keypoints: Float32Array.from(p.k), score: p.s, id: p.id })),
  };
}

// ---------------------------------------------------------------------------------------------
// Truth: where each dancer of a built video is

interface Case {
  name: string;
  what: string;
  reference: V.Recipe | string;
  group: V.Recipe | string;
  /** Each truth dancer's solo video (null: none to compare with). */
  solos: Array<V.Recipe | string | null>;
  /** Truth dancers' centres at time t, 0–1 of the width (null: not known). */
  truthX: ((t: number) => number[]) | null;
  silent?: boolean;
  /** Truth dancer (index) delayed by seconds. */
  late?: { dancer: number; by: number };
  /** Truth dancer (index) dancing another routine. */
  other?: number;
  /** Dancers that should be found. */
  expect: number;
}

const slots = (n: number) => () => Array.from({ length: n }, (_, i) => (i + 0.5) / n);
const crossTruth = (t: number) => [0, 1].map((who) => (V.crossX(who as 0 | 1, t) + V.CROSS.width / 2) / 1920);

const CASES: Case[] = [
  {
    name: "in_sync",
    what: "3 side by side, the song, dancer 2 late 20–26 s and still 40–42 s",
    reference: V.teacher,
    group: V.inSync,
    solos: [V.dancer1, V.dancer2, V.dancer3],
    truthX: slots(3),
    expect: 3,
  },
  {
    name: "one_late",
    what: "the same, dancer 3 0.4 s late throughout",
    reference: V.teacher,
    group: V.oneLate,
    solos: [V.dancer1, V.dancer2, V.dancer3Late],
    truthX: slots(3),
    late: { dancer: 2, by: 0.4 },
    expect: 3,
  },
  {
    name: "one_other",
    what: "the same, dancer 3 dancing another routine",
    reference: V.teacher,
    group: V.oneOther,
    solos: [V.dancer1, V.dancer2, V.otherRoutine],
    truthX: slots(3),
    other: 2,
    expect: 3,
  },
  {
    name: "in_sync_silent",
    what: "in_sync without its music",
    reference: V.teacherSilent,
    group: V.inSyncSilent,
    solos: [V.dancer1, V.dancer2, V.dancer3],
    truthX: slots(3),
    silent: true,
    expect: 3,
  },
  {
    name: "one_late_silent",
    what: "one_late without its music (lateness against the group)",
    reference: V.teacherSilent,
    group: V.oneLateSilent,
    solos: [V.dancer1, V.dancer2, V.dancer3Late],
    truthX: slots(3),
    silent: true,
    late: { dancer: 2, by: 0.4 },
    expect: 3,
  },
  {
    name: "crossing",
    what: "2 in the same outfit crossing paths 6 times (one hides the other)",
    reference: V.teacher,
    group: V.crossing,
    solos: [V.dancer1, V.dancer3],
    truthX: crossTruth,
    expect: 2,
  },
  {
    name: "runner_past",
    what: "in_sync, and someone running past in front, twice",
    reference: V.teacher,
    group: V.withRunner,
    solos: [V.dancer1, V.dancer2, V.dancer3],
    truthX: slots(3),
    expect: 3,
  },
  {
    name: "four_people",
    what: "4 different people, one generated routine (2.8 s)",
    reference: "video/sample_fb_0.mp4",
    group: V.fourPeople,
    solos: ["video/sample_fb_0.mp4", "video/sample_fb_1.mp4", "video/sample_fb_2.mp4", "video/sample_fb_3.mp4"],
    truthX: slots(4),
    expect: 4,
  },
  {
    name: "ten_dancers",
    what: "10 in two rows of five (sample_fb's four people, 2.8 s)",
    reference: "video/sample_fb_0.mp4",
    group: V.tenDancers,
    solos: [],
    truthX: null,
    expect: 10,
  },
  {
    name: "twelve_dancers",
    what: "12: a front row of six and a smaller row behind (the 10 largest counted)",
    reference: "video/sample_fb_0.mp4",
    group: V.twelveDancers,
    solos: [],
    truthX: null,
    expect: 10,
  },
  {
    name: "park_walker",
    what: "real: a man jumping on a box, a woman walking past (jumpingjacks_walk_park)",
    reference: "dev/jumpingjacks_walk_park.mp4",
    group: "dev/jumpingjacks_walk_park.mp4",
    // No solo to compare with: the clip analysed alone follows whoever it finds while he is in the air.
    solos: [],
    truthX: null,
    expect: 1,
  },
  {
    name: "lab_three",
    what: "real: a man's balance sequence, a woman swinging her arms in front, one standing by (p2s two_people)",
    reference: "dev/p2s_balance_cam01.mp4",
    group: "dev/p2s_balance_cam01_two_people.mp4",
    solos: ["dev/p2s_balance_cam01.mp4"],
    truthX: null,
    expect: 2,
  },
];

/** Each dancer's centre x at each of its boxes (0–1). */
function dancerPath(d: GroupComparisonResult["dancers"][number]): Map<number, number> {
  return new Map(d.boxes.map(([t, x0, , x1]) => [Math.round(t * 1000), (x0 + x1) / 2]));
}

/** The truth dancer nearest a place, when clearly nearest (the next is 8 % of the width farther). */
function nearestTruth(x: number, truth: number[]): number | null {
  const d = truth.map((tx, i) => ({ i, d: Math.abs(tx - x) })).sort((a, b) => a.d - b.d);
  const [a, b] = d;
  if (!a) return null;
  if (b && b.d - a.d < 0.08) return null;
  return a.d < 0.15 ? a.i : null;
}

/** Which truth dancer each found dancer is (most of its frames), and identity switches along the video. */
function identities(
  result: GroupComparisonResult,
  truthX: (t: number) => number[],
): { of: Array<number | null>; switches: number } {
  const paths = result.dancers.map(dancerPath);
  const of = paths.map((p) => {
    const votes = new Map<number, number>();
    for (const [ms, x] of p) {
      const n = nearestTruth(x, truthX(ms / 1000));
      if (n !== null) votes.set(n, (votes.get(n) ?? 0) + 1);
    }
    const best = [...votes.entries()].sort((a, b) => b[1] - a[1])[0];
    return best ? best[0] : null;
  });
  // Per truth dancer, in time order: which found dancer is at them; every change is a switch.
  const times = [...new Set(paths.flatMap((p) => [...p.keys()]))].sort((a, b) => a - b);
  const truthCount = truthX(0).length;
  let switches = 0;
  for (let k = 0; k < truthCount; k++) {
    let last: number | null = null;
    for (const ms of times) {
      const truth = truthX(ms / 1000);
      const at = paths.findIndex((p) => {
        const x = p.get(ms);
        return x !== undefined && nearestTruth(x, truth) === k;
      });
      if (at < 0) continue;
      if (last !== null && at !== last) switches++;
      last = at;
    }
  }
  return { of, switches };
}

// ---------------------------------------------------------------------------------------------
// Sections

function table(head: string[], rows: Array<Array<string | number>>): string {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i] as number)).join(" | ")} |`;
  return [line(head), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...cells.slice(1).map(line)].join("\n");
}

const f1 = (v: number | null | undefined) => (v === null || v === undefined ? "–" : v.toFixed(1));
const signed = (v: number | null | undefined, digits = 2) =>
  v === null || v === undefined ? "–" : `${v >= 0 ? "+" : "−"}${Math.abs(v).toFixed(digits)}`;
const quantile = (v: number[], q: number) => {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * (s.length - 1)))] ?? Number.NaN;
};

async function targets(): Promise<void> {
  console.log(
    `\n## Targets, group videos decoded at ${maxSide ? `longest side ${maxSide}` : "the engine's default"} (load average at start ${loadavg()[0]?.toFixed(1)})\n`,
  );
  const dancerRows: Array<Array<string | number>> = [];
  const groupRows: Array<Array<string | number>> = [];
  const syncOf = new Map<string, number | null>();
  const wanted = values.cases ? new Set(values.cases.split(",")) : null;
  for (const c of CASES.filter((x) => !wanted || wanted.has(x.name))) {
    const frames = await groupFrames(c.group);
    const poses = groupPosesOf(frames.frames, frames);
    let ref = await referenceTrack(c.reference);
    if (c.silent) ref = { ...ref, audio: null };
    const result = compareGroupTracks(ref, poses, { style: "hip_hop" });
    syncOf.set(c.name, result.group.sync_score);
    const ids = c.truthX ? identities(result, c.truthX) : { of: result.dancers.map((_, i) => i), switches: 0 };
    const minutes = poses.duration / 60;
    for (const [i, d] of result.dancers.entries()) {
      const truth = ids.of[i] ?? null;
      const soloVideo = truth === null ? null : (c.solos[truth] ?? null);
      const alone = soloVideo ? await solo(c.reference, soloVideo, c.silent) : null;
      const delta = alone ? d.overall_score - alone.overall_score : null;
      const expected = c.late?.dancer === truth ? `late ${c.late.by} s` : c.other === truth ? "another routine" : "";
      dancerRows.push([
        c.name,
        d.id,
        truth === null ? "?" : truth + 1,
        d.x.toFixed(2),
        f1(d.overall_score),
        f1(alone?.overall_score),
        delta === null ? "–" : signed(delta, 1),
        `${d.sameness.decision}${alone ? ` (${alone.sameness.decision})` : ""}`,
        signed(d.offset_s),
        `${Math.round(d.seen_share * 100)} %`,
        expected,
      ]);
    }
    const left = result.people.filter((p) => p.role !== "dancer").map((p) => p.role);
    groupRows.push([
      c.name,
      c.what,
      `${result.dancers.length} / ${c.expect}`,
      left.length ? left.join(", ") : "–",
      f1(result.group.sync_score),
      result.group.spread_ms ?? "–",
      `${result.group.apart_moves.length} / ${result.group.moves.length}`,
      result.group.lateness_against,
      c.truthX ? `${ids.switches} (${(ids.switches / minutes).toFixed(1)}/min)` : "–",
      `${frames.seconds.toFixed(1)} s`,
    ]);
  }
  console.log(
    table(
      ["case", "dancer", "truth", "x", "group", "alone", "Δ", "sameness (alone)", "offset_s", "seen", "made"],
      dancerRows,
    ),
  );
  console.log();
  console.log(
    table(
      [
        "case",
        "what",
        "dancers",
        "not counted",
        "sync",
        "spread ms",
        "apart",
        "lateness vs",
        "switches",
        "people read in",
      ],
      groupRows,
    ),
  );
  const a = syncOf.get("in_sync");
  const b = syncOf.get("one_late");
  const as = syncOf.get("in_sync_silent");
  const bs = syncOf.get("one_late_silent");
  console.log(
    `\nsync in step → one dancer 0.4 s late: ${f1(a)} → ${f1(b)} (${signed(a != null && b != null ? b - a : null, 1)}); without music ${f1(as)} → ${f1(bs)} (${signed(as != null && bs != null ? bs - as : null, 1)})`,
  );
}

async function options(): Promise<void> {
  console.log(`\n## Reading several people: the options, one thread (load average ${loadavg()[0]?.toFixed(1)})\n`);
  const loaded = await loadOptions();
  const clips: Array<{ name: string; video: V.Recipe | string; frames?: number; score?: Case }> = [
    { name: "lab_three (real, 1088×1920)", video: "dev/p2s_balance_cam01_two_people.mp4" },
    { name: "park_walker (real, 1768×994)", video: "dev/jumpingjacks_walk_park.mp4" },
    { name: "four_people (2304×1024)", video: V.fourPeople, score: CASES.find((c) => c.name === "four_people") },
    {
      name: "in_sync (1728×1024)",
      video: V.inSync,
      ...(values["options-full"] ? { score: CASES.find((c) => c.name === "in_sync") } : { frames: 70 }),
    },
    { name: "crossing (1920×1080), first 20 s", video: V.crossing, frames: 140 },
  ];
  const rows: Array<Array<string | number>> = [];
  for (const clip of clips) {
    const runs = await runOptions(loaded, await file(clip.video), { maxFrames: clip.frames });
    for (const run of runs) {
      const counts = run.frames.map((f) => f.people.length);
      const hist = new Map<number, number>();
      for (const n of counts) hist.set(n, (hist.get(n) ?? 0) + 1);
      const found = [...hist.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([n, k]) => `${n}: ${Math.round((100 * k) / counts.length)} %`)
        .join(", ");
      rows.push([
        clip.name,
        run.option,
        run.frames.length,
        quantile(run.ms, 0.5).toFixed(0),
        quantile(run.ms, 0.9).toFixed(0),
        found,
        clip.score ? await scoreDeltas(clip.score, run) : "",
      ]);
    }
  }
  console.log(
    table(["clip", "option", "frames", "ms/frame", "p90", "people per frame (share of frames)", "|Δ| vs alone"], rows),
  );
}

/** Each truth dancer's score from an option's people against their solo score: mean and largest |Δ|. */
async function scoreDeltas(c: Case, run: OptionRun): Promise<string> {
  const read = await groupFrames(c.group);
  const poses = groupPosesOf(run.frames, { ...read });
  const result = compareGroupTracks(await referenceTrack(c.reference), poses, { style: "hip_hop" });
  const ids = c.truthX ? identities(result, c.truthX) : { of: result.dancers.map((_, i) => i) };
  const deltas: number[] = [];
  for (const [i, d] of result.dancers.entries()) {
    const truth = ids.of[i];
    const soloVideo = truth === null || truth === undefined ? null : c.solos[truth];
    if (!soloVideo) continue;
    deltas.push(Math.abs(d.overall_score - (await solo(c.reference, soloVideo)).overall_score));
  }
  if (!deltas.length) return "no dancer";
  return `${(deltas.reduce((a, b) => a + b, 0) / deltas.length).toFixed(1)} / ${Math.max(...deltas).toFixed(1)} (${result.dancers.length} dancers)`;
}

function scenario(
  mode: string,
  reference: string,
  video: string,
): Promise<{ wall_s: number; cpu_s: number; children_cpu_s: number; peak_rss_mb: number }> {
  return new Promise((res, rej) => {
    execFile(
      process.execPath,
      [
        "--import",
        "tsx",
        join(here, "group", "scenario.ts"),
        mode,
        reference,
        video,
        join(cache, "time-poses"),
        ...(maxSide ? [String(maxSide)] : []),
      ],
      { cwd: repoRoot, maxBuffer: 1 << 24 },
      (err, stdout, stderr) => {
        if (err) rej(new Error(stderr || err.message));
        else res(JSON.parse(String(stdout).trim().split("\n").pop() as string));
      },
    );
  });
}

async function time(): Promise<void> {
  const runs = Number(values.runs);
  const reference = await file(V.teacher);
  const one = await file(V.dancer1);
  const group = await file(V.inSync);
  await scenario("prepare", reference, reference);
  console.log(
    `\n## Time: 60 s, against the cached teacher, each in a fresh process, group decoded at ${maxSide ? `longest side ${maxSide}` : "the engine's default"} (load average ${loadavg()[0]?.toFixed(1)})\n`,
  );
  const solo: number[] = [];
  const many: number[] = [];
  const soloCpu: number[] = [];
  const manyCpu: number[] = [];
  const rows: Array<Array<string | number>> = [];
  for (let i = 0; i < runs; i++) {
    for (const [mode, video, into, cpuInto] of [
      ["solo", one, solo, soloCpu],
      ["group", group, many, manyCpu],
    ] as const) {
      const r = await scenario(mode, reference, video);
      into.push(r.wall_s);
      cpuInto.push(r.cpu_s + r.children_cpu_s);
      rows.push([
        mode === "solo" ? "one dancer (dancer1, 576×1024)" : "three dancers (in_sync, 1728×1024)",
        i + 1,
        r.wall_s.toFixed(1),
        `${r.cpu_s.toFixed(1)} + ${r.children_cpu_s.toFixed(1)}`,
        r.peak_rss_mb.toFixed(0),
        loadavg()[0]?.toFixed(1) ?? "",
      ]);
    }
  }
  console.log(table(["video", "run", "wall s", "CPU s (process + ffmpeg)", "peak MB", "load after"], rows));
  const median = (v: number[]) => quantile(v, 0.5);
  console.log(
    `\nthree dancers / one dancer: ${(median(many) / median(solo)).toFixed(2)}× wall (medians ${median(many).toFixed(1)} s / ${median(solo).toFixed(1)} s), ${(median(manyCpu) / median(soloCpu)).toFixed(2)}× CPU (${median(manyCpu).toFixed(1)} s / ${median(soloCpu).toFixed(1)} s)`,
  );
}

try {
  if (only.has("options")) await options();
  if (only.has("targets")) await targets();
  if (only.has("time")) await time();
} finally {
  await shutdownPosePool();
}
