/**
 * npm run motion -- compare REF USER --style STYLE [--json] [--model M] [--fps N] [--max-duration S] [--cache-dir D]
 *   (REF may be a pose track written by `analyze --out`, then it is not analysed again)
 * npm run motion -- analyze VIDEO --out poses.json [--model M] [--fps N]
 * npm run motion -- compare-tracks REF.json USER.json --style STYLE [--json]
 *   (each a pose track written by `analyze --out`, or measured keypoints: see track-input.ts)
 * npm run motion -- group REF GROUP_VIDEO --style STYLE [--json] [--model M] [--fps N] [--max-duration S] [--cache-dir D]
 * npm run motion -- doctor [--model M]
 */
import { readFile, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import cliProgress from "cli-progress";
import { doctorReport, doctorRows } from "./doctor.ts";
import { verdictWord } from "./feedback/words.ts";
import {
  analyzeVideo,
  type ComparisonResult,
  compareGroupVideo,
  compareTracks,
  compareVideos,
  type GroupComparisonResult,
  isMotionError,
  isPoseModelName,
  POSE_MODELS,
  type MeasuredPoints,
  type PoseTrack,
  shutdownPosePool,
  STYLES,
  trackFromPoints,
} from "./index.ts";
import { ffmpegBinaries } from "./video/binaries.ts";

const USAGE = `Usage:
  npm run motion -- compare REFERENCE USER --style STYLE [--json] [--model MODEL] [--fps N] [--max-duration SECONDS] [--cache-dir DIR]
      (REFERENCE may be a poses.json written by analyze: it is then not analysed again)
  npm run motion -- analyze VIDEO --out poses.json [--model MODEL] [--fps N] [--max-duration SECONDS]
  npm run motion -- compare-tracks REFERENCE.json USER.json --style STYLE [--json]
      (two keypoint tracks, no video: each a poses.json written by analyze, or measured points
       {"fps", "width", "height", "keypointNames"?, "frames": [[[x, y, confidence?] | null, …], …]}
       in pixels, COCO-17 order by default; they go through the same sampling and smoothing as a video's poses)
  npm run motion -- group REFERENCE GROUP_VIDEO --style STYLE [--json] [--model MODEL] [--fps N] [--max-duration SECONDS] [--cache-dir DIR]
      (a group's video: every dancer found, followed and compared with the reference, and the group's sync;
       --json prints { dancers: [left to right], group: { sync_score, spread_ms, moves } })
  npm run motion -- doctor [--model MODEL]
      (the ffmpeg and ffprobe in use, the pose runtime and model, the worker count; exits 1 when one is missing)

Styles: ${STYLES.join(", ")}
Models: ${POSE_MODELS.join(", ")} (default movenet-lightning)`;

function progressBar(label: string) {
  const bar = new cliProgress.SingleBar(
    {
      format: `${label} [{bar}] {percentage}% {stage}`,
      stream: process.stderr,
      noTTYOutput: !process.stderr.isTTY,
      notTTYSchedule: 5000,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(100, 0, { stage: "" });
  return bar;
}

/** "+120 ms late" / "−80 ms early" / "on time". */
function timingText(ms: number | null): string {
  if (ms === null) return "";
  if (Math.abs(ms) < 40) return "on time";
  return ms > 0 ? `${ms} ms late` : `${-ms} ms early`;
}

function summary(r: ComparisonResult): string {
  const lines: string[] = [];
  const timing = r.scores.timing === null ? "–" : r.scores.timing.toFixed(0);
  lines.push(
    `Overall score: ${r.overall_score.toFixed(1)} / 100  (${r.style})  shape ${r.scores.shape.toFixed(0)}, timing ${timing}`,
  );
  lines.push(
    `Categories: ${Object.entries(r.categories)
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(", ")}`,
  );
  const a = r.alignment;
  const counts =
    r.counts.source === "music"
      ? `music at ${r.counts.bpm} BPM`
      : r.counts.source === "movement"
        ? `movement pulse at ${r.counts.bpm} BPM`
        : "no count (cut where the movement changes)";
  lines.push(
    r.same_routine
      ? `Alignment: ${a.mirrored ? "mirrored, " : ""}tempo ×${a.tempo_ratio.toFixed(2)}, offset ${a.offset_s.toFixed(2)} s, confidence ${a.confidence.toFixed(2)}, coverage ${Math.round(a.coverage * 100)}%; counted by ${counts}`
      : `Not the same routine (confidence ${a.confidence.toFixed(2)}); counted by ${counts}`,
  );
  lines.push("", r.overallFeedback, "", "Sections and moves:");
  for (const s of r.sections) {
    lines.push(`  ${s.title} — ${s.score.toFixed(0)}: ${s.overall_feedback}`);
    for (const i of s.moves) {
      const m = r.moves[i];
      if (!m) continue;
      const cols = [
        `    ${m.count_label.padEnd(9)}`,
        verdictWord(m.verdict).padEnd(8),
        `shape ${m.shape.toFixed(0).padStart(3)}`,
        timingText(m.timing_ms).padEnd(14),
        m.cue ?? "",
      ];
      lines.push(cols.join("  ").trimEnd());
    }
    for (const jf of Object.values(s.joint_feedback)) lines.push(`      • ${jf.feedback}`);
  }
  if (r.problematicJoints.length) lines.push("", `Problematic joints: ${r.problematicJoints.join(", ")}`);
  return lines.join("\n");
}

/** A group's result in a few lines: each dancer left to right, then the group's sync and where it falls apart. */
function groupSummary(r: GroupComparisonResult): string {
  const lines: string[] = [];
  const seconds = (s: number | null) => (s === null ? "–" : `${s >= 0 ? "+" : "−"}${Math.abs(s).toFixed(2)} s`);
  const against = r.group.lateness_against === "teacher" ? "against the teacher" : "against the group";
  lines.push(`${r.dancers.length} dancer${r.dancers.length === 1 ? "" : "s"} (left to right; lateness ${against}):`);
  for (const d of r.dancers) {
    const timing = d.scores.timing === null ? "–" : d.scores.timing.toFixed(0);
    const routine = d.sameness.decision === "not_same" ? "  not the same routine" : "";
    lines.push(
      `  Dancer ${d.id} at ${Math.round(d.x * 100)} %: ${d.overall_score.toFixed(1)} (shape ${d.scores.shape.toFixed(0)}, timing ${timing}), ${seconds(d.offset_s)}, seen ${Math.round(d.seen_share * 100)} %${routine}`,
    );
  }
  const left = r.people.filter((p) => p.role !== "dancer");
  if (left.length)
    lines.push(
      `Not counted: ${left.map((p) => `person at ${Math.round(p.x * 100)} % (${p.role.replace("_", " ")})`).join(", ")}`,
    );
  const g = r.group;
  lines.push(
    "",
    `Sync: ${g.sync_score === null ? "–" : g.sync_score.toFixed(0)} / 100, spread ${g.spread_ms === null ? "–" : `${g.spread_ms} ms`} (median over moves)`,
  );
  for (const i of g.apart_moves) {
    const m = g.moves[i];
    if (!m) continue;
    const who = m.timing_ms
      .filter((x) => x.ms !== null && Math.abs(x.ms) >= 100)
      .map((x) => `dancer ${x.dancer} ${timingText(x.ms)}`)
      .join(", ");
    lines.push(
      `  Falls apart on ${m.count_label} at ${m.start_s.toFixed(1)} s: sync ${m.sync?.toFixed(0)}${who ? ` — ${who}` : ""}`,
    );
  }
  return lines.join("\n");
}

/** A keypoint track from a file: a pose track as `analyze --out` writes it, or measured points (track-input.ts). */
async function readTrackFile(path: string): Promise<PoseTrack> {
  const data = JSON.parse(await readFile(path, "utf8")) as PoseTrack | MeasuredPoints;
  const first = data.frames?.[0];
  if (Array.isArray(data.frames) && first && !Array.isArray(first) && "keypoints" in first) return data as PoseTrack;
  return trackFromPoints(data as MeasuredPoints);
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      style: { type: "string" },
      json: { type: "boolean", default: false },
      out: { type: "string" },
      model: { type: "string" },
      fps: { type: "string" },
      "max-duration": { type: "string" },
      "cache-dir": { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const [command, ...files] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return command || values.help ? 0 : 1;
  }
  if (values.model && !isPoseModelName(values.model)) {
    console.error(`Unknown model "${values.model}".\n${USAGE}`);
    return 1;
  }
  const common = {
    ...(values.model ? { model: values.model as (typeof POSE_MODELS)[number] } : {}),
    ...(values.fps ? { fps: Number(values.fps) } : {}),
    ...(values["max-duration"] ? { maxDuration: Number(values["max-duration"]) } : {}),
  };
  if (command === "doctor") {
    // The fallback warning goes in the report, not also on stderr.
    const bins = ffmpegBinaries(() => {});
    const rows = doctorRows(common.model, bins);
    process.stdout.write(`${doctorReport(rows, bins.warning)}\n`);
    return rows.every((r) => r.ok) ? 0 : 1;
  }
  if (command === "compare") {
    const [ref, user] = files;
    if (!ref || !user || !values.style) {
      console.error(USAGE);
      return 1;
    }
    // A reference given as a pose track (from `analyze --out`) is not analysed again.
    const referenceTrack = ref.endsWith(".json") ? await readTrackFile(ref) : undefined;
    if (referenceTrack && !common.model && isPoseModelName(referenceTrack.model))
      Object.assign(common, { model: referenceTrack.model, fps: common.fps ?? referenceTrack.fps });
    const bar = progressBar("Comparing");
    try {
      const result = await compareVideos(ref, user, {
        ...common,
        ...(referenceTrack ? { referenceTrack } : {}),
        style: values.style,
        ...(values["cache-dir"] ? { cacheDir: values["cache-dir"] } : {}),
        onProgress: (p, stage) => bar.update(p, { stage }),
      });
      bar.stop();
      process.stdout.write(values.json ? `${JSON.stringify(result, null, 2)}\n` : `${summary(result)}\n`);
      return 0;
    } finally {
      bar.stop();
    }
  }
  if (command === "group") {
    const [ref, groupVideo] = files;
    if (!ref || !groupVideo || !values.style) {
      console.error(USAGE);
      return 1;
    }
    const referenceTrack = ref.endsWith(".json") ? await readTrackFile(ref) : undefined;
    if (referenceTrack && !common.model && isPoseModelName(referenceTrack.model))
      Object.assign(common, { model: referenceTrack.model, fps: common.fps ?? referenceTrack.fps });
    const bar = values.json ? undefined : progressBar("Analysing the group");
    try {
      const result = await compareGroupVideo(ref, groupVideo, {
        ...common,
        ...(referenceTrack ? { referenceTrack } : {}),
        style: values.style,
        ...(values["cache-dir"] ? { cacheDir: values["cache-dir"] } : {}),
        onProgress: (p, stage) => bar?.update(p, { stage }),
      });
      bar?.stop();
      process.stdout.write(values.json ? `${JSON.stringify(result, null, 2)}\n` : `${groupSummary(result)}\n`);
      return 0;
    } finally {
      bar?.stop();
    }
  }
  if (command === "compare-tracks") {
    const [ref, user] = files;
    if (!ref || !user || !values.style) {
      console.error(USAGE);
      return 1;
    }
    const result = compareTracks(await readTrackFile(ref), await readTrackFile(user), { style: values.style });
    process.stdout.write(values.json ? `${JSON.stringify(result, null, 2)}\n` : `${summary(result)}\n`);
    return 0;
  }
  if (command === "analyze") {
    const [video] = files;
    if (!video || !values.out) {
      console.error(USAGE);
      return 1;
    }
    const bar = progressBar("Analysing");
    try {
      const track = await analyzeVideo(video, {
        ...common,
        onProgress: (p) => bar.update(Math.round(p), { stage: "poses" }),
      });
      bar.stop();
      await writeFile(values.out, JSON.stringify(track));
      console.error(`Wrote ${track.frames.length} frames (${track.model}, ${track.fps} fps) to ${values.out}`);
      return 0;
    } finally {
      bar.stop();
    }
  }
  console.error(`Unknown command "${command}".\n${USAGE}`);
  return 1;
}

main(process.argv.slice(2))
  .then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      if (isMotionError(e)) {
        console.error(`Error (${e.code}): ${e.message}`);
        process.exitCode = 2;
      } else {
        console.error(e);
        process.exitCode = 1;
      }
    },
  )
  .finally(() => shutdownPosePool());
