import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../../test-support/fixtures.ts";
import { detectBeats } from "./beats.ts";
import { DEFAULT_RATE, extractAudio } from "./extract.ts";
import {
  aeval,
  drumBeats,
  type QuietTrack,
  quietJazzExpression,
  renderAudio,
  speechExpression,
} from "../../test-support/synth.ts";

/** Quiet jazz trios with soft onsets (brushes, walking bass, comping; see quietJazzExpression). */
const QUIET: Record<string, QuietTrack> = {
  "104 BPM at −30 dBFS, 20 s": { bpm: 104, seconds: 20, start: 0.2, seed: 1 },
  "126 BPM at −40 dBFS, a 10 s clip": { bpm: 126, seconds: 10, start: 0.2, level: -40, seed: 5 },
  "132 BPM at −40 dBFS, 20 s": { bpm: 132, seconds: 20, start: 0.2, level: -40, seed: 6 },
};
/** The 120 BPM trio played through a small speaker: nothing below ~300 Hz, so no walking bass. */
const SPEAKER: QuietTrack = { bpm: 120, seconds: 20, start: 0.2, seed: 2 };
const NO_BASS = "highpass=f=300,highpass=f=300,highpass=f=300";

const SECONDS = 20;
/** Talk and noise that must not be counted as music (speech is about −20 dBFS as rendered). */
const NOT_MUSIC: Record<string, string> = {
  talk1: aeval(speechExpression(1)),
  talk2: aeval(speechExpression(2)),
  talk3: aeval(speechExpression(3)),
  "quiet talk": `${aeval(speechExpression(4))},volume=-20dB`,
  "room noise": aeval(`${10 ** (-55 / 20) * Math.sqrt(12)}*(random(1)-0.5)`),
  "quiet pink noise": "anoisesrc=color=pink:amplitude=0.006:seed=4",
  "quiet brown noise": "anoisesrc=color=brown:amplitude=0.02:seed=6",
  "hiss at −70 dBFS": aeval(`${10 ** (-70 / 20) * Math.sqrt(12)}*(random(1)-0.5)`),
  "hiss at −90 dBFS": aeval(`${10 ** (-90 / 20) * Math.sqrt(12)}*(random(1)-0.5)`),
};

/** Share of `wanted` times that have one of `found` within `tolerance` seconds. */
function matched(wanted: number[], found: number[], tolerance: number): number {
  const hits = wanted.filter((w) => found.some((f) => Math.abs(f - w) <= tolerance)).length;
  return hits / Math.max(1, wanted.length);
}

describe("detectBeats on quiet music with soft onsets, and on talk and noise", () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  const audio = new Map<string, Float32Array>();

  beforeAll(async () => {
    ({ dir, cleanup } = await tempDir());
    const sources: [string, string, number][] = [
      ...Object.entries(QUIET).map(
        ([name, t]) => [name, aeval(quietJazzExpression(t)), t.seconds] as [string, string, number],
      ),
      ["speaker", `${aeval(quietJazzExpression(SPEAKER))},${NO_BASS}`, SPEAKER.seconds],
      ...Object.entries(NOT_MUSIC).map(([name, s]) => [name, s, SECONDS] as [string, string, number]),
    ];
    await Promise.all(
      sources.map(async ([name, source, seconds], i) => {
        const file = join(dir, `${i}.wav`);
        await renderAudio(file, source, seconds);
        audio.set(name, (await extractAudio(file))!);
      }),
    );
  });
  afterAll(() => cleanup?.());

  for (const [name, track] of Object.entries(QUIET)) {
    it(`a quiet steady jazz-like track is counted (${name}): tempo within 2 %, ≥ 90 % of beats within 40 ms, confidence ≥ 0.5`, () => {
      const result = detectBeats(audio.get(name)!, DEFAULT_RATE)!;
      const truth = drumBeats(track);
      expect(Math.abs(result.bpm / track.bpm - 1)).toBeLessThan(0.02);
      expect(matched(truth, result.beats, 0.04)).toBeGreaterThanOrEqual(0.9);
      expect(matched(result.beats, truth, 0.04)).toBeGreaterThanOrEqual(0.9);
      expect(result.confidence).toBeGreaterThanOrEqual(0.5);
    });
  }

  it("the quiet jazz-like track through a small speaker (no bass): tempo within 2 %, confidence ≥ 0.5", () => {
    const result = detectBeats(audio.get("speaker")!, DEFAULT_RATE)!;
    expect(Math.abs(result.bpm / SPEAKER.bpm - 1)).toBeLessThan(0.02);
    expect(result.confidence).toBeGreaterThanOrEqual(0.5);
  });

  it("talk with irregular syllables (three voices, 20 s each) has no steady beat (confidence < 0.3)", () => {
    for (const name of ["talk1", "talk2", "talk3"]) {
      expect(detectBeats(audio.get(name)!, DEFAULT_RATE)?.confidence ?? 0, name).toBeLessThan(0.3);
    }
  });

  it("talk cut into 10 s clips, as short as a dance video, is never counted (confidence < 0.5)", () => {
    for (const name of ["talk1", "talk2", "talk3"]) {
      const samples = audio.get(name)!;
      for (const from of [0, 5, 10]) {
        const clip = samples.subarray(from * DEFAULT_RATE, (from + 10) * DEFAULT_RATE);
        expect(detectBeats(clip, DEFAULT_RATE)?.confidence ?? 0, `${name} from ${from} s`).toBeLessThan(0.5);
      }
    }
  });

  it("quiet talk (−40 dBFS), lifted like quiet music, still has no steady beat (confidence < 0.3)", () => {
    expect(detectBeats(audio.get("quiet talk")!, DEFAULT_RATE)?.confidence ?? 0).toBeLessThan(0.3);
  });

  for (const name of ["room noise", "quiet pink noise", "quiet brown noise", "hiss at −70 dBFS"]) {
    it(`${name}, lifted like quiet music, has no steady beat (confidence < 0.3)`, () => {
      expect(detectBeats(audio.get(name)!, DEFAULT_RATE)?.confidence ?? 0).toBeLessThan(0.3);
    });
  }

  it("hiss under −80 dBFS is silence: nothing to analyse", () => {
    expect(detectBeats(audio.get("hiss at −90 dBFS")!, DEFAULT_RATE)).toBeNull();
  });
});
