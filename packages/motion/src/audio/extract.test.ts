import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MotionError } from "../errors.ts";
import { ffmpeg, H264, makeEmptyScene, tempDir } from "../../test-support/fixtures.ts";
import { DEFAULT_RATE, extractAudio } from "./extract.ts";
import { analyzeAudio } from "./index.ts";
import { aeval, drumBeats, drumExpression } from "../../test-support/synth.ts";

describe("extractAudio / analyzeAudio", () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  const track = { bpm: 120, seconds: 12, start: 0.2, bass: true };

  beforeAll(async () => {
    ({ dir, cleanup } = await tempDir());
    await makeEmptyScene(join(dir, "silent.mp4"), 2);
    // A video whose AAC sound starts 0.5 s after the picture.
    await ffmpeg([
      ...["-f", "lavfi", "-i", "color=c=gray:s=160x120:d=4:r=10"],
      ...["-itsoffset", "0.5", "-f", "lavfi", "-i", "sine=frequency=440:duration=3"],
      ...H264.filter((a) => a !== "-an"),
      ...["-c:a", "aac", join(dir, "late-sound.mp4")],
    ]);
    // Drums in an MP4 (AAC adds encoder delay that must not shift the beats).
    await ffmpeg([
      ...["-f", "lavfi", "-i", `color=c=gray:s=160x120:d=${track.seconds}:r=10`],
      ...["-f", "lavfi", "-i", `${aeval(drumExpression(track))}`],
      ...H264.filter((a) => a !== "-an"),
      ...["-c:a", "aac", "-b:a", "128k", "-t", String(track.seconds), join(dir, "drums.mp4")],
    ]);
  });
  afterAll(() => cleanup?.());

  it("a video without sound has no audio", async () => {
    expect(await extractAudio(join(dir, "silent.mp4"))).toBeNull();
    expect(await analyzeAudio(join(dir, "silent.mp4"))).toBeNull();
  });

  it("keeps the video's time line: sound that starts late is padded", async () => {
    const samples = (await extractAudio(join(dir, "late-sound.mp4")))!;
    const first = samples.findIndex((v) => Math.abs(v) > 0.01) / DEFAULT_RATE;
    expect(Math.abs(first - 0.5)).toBeLessThan(0.03);
  });

  it("honours rate and maxSeconds", async () => {
    const samples = (await extractAudio(join(dir, "drums.mp4"), { rate: 8000, maxSeconds: 3 }))!;
    expect(samples.length).toBe(3 * 8000);
  });

  it("a missing file is a MotionError", async () => {
    await expect(extractAudio(join(dir, "nope.mp4"))).rejects.toBeInstanceOf(MotionError);
  });

  it("finds the beats of a video's sound track, on the video's time line", async () => {
    const result = (await analyzeAudio(join(dir, "drums.mp4")))!;
    expect(Math.abs(result.bpm / track.bpm - 1)).toBeLessThan(0.02);
    const truth = drumBeats(track);
    for (const b of result.beats) expect(Math.min(...truth.map((t) => Math.abs(b - t)))).toBeLessThan(0.03);
    expect(result.confidence).toBeGreaterThan(0.6);
  });
});
