import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../../test-support/fixtures.ts";
import { compactOnset, detectBeats } from "./beats.ts";
import { DEFAULT_RATE, extractAudio } from "./extract.ts";
import {
  aeval,
  babbleExpression,
  type DrumTrack,
  drumBeats,
  drumExpression,
  renderAudio,
  SWING,
} from "../../test-support/synth.ts";

const SECONDS = 20;
const TRACKS: Record<string, DrumTrack> = {
  rock90: { bpm: 90, seconds: SECONDS, start: 0.2, bass: true },
  rock120: { bpm: 120, seconds: SECONDS, start: 0.2, bass: true },
  rock128: { bpm: 128, seconds: SECONDS, start: 0.2, bass: true, melody: 1 },
  rock150: { bpm: 150, seconds: SECONDS, start: 0.2, bass: true },
  swing110: { bpm: 110, seconds: SECONDS, start: 0.2, bass: true, pattern: SWING },
  late120: { bpm: 120, seconds: SECONDS, start: 1.3 },
};
const OTHERS: Record<string, string> = {
  silence: aeval("0"),
  pink: "anoisesrc=color=pink:amplitude=0.3:seed=7",
  white: "anoisesrc=color=white:amplitude=0.2:seed=3",
  sine: "sine=frequency=440",
  babble: aeval(babbleExpression()),
};

/** Signed distance (s) from each detected beat to the nearest true beat. */
function beatErrors(beats: number[], truth: number[]): number[] {
  return beats.map((b) => truth.reduce((best, t) => (Math.abs(b - t) < Math.abs(best) ? b - t : best), Infinity));
}

describe("detectBeats on generated audio", () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  const audio = new Map<string, Float32Array>();

  beforeAll(async () => {
    ({ dir, cleanup } = await tempDir());
    const sources = [
      ...Object.entries(TRACKS).map(([name, t]) => [name, aeval(drumExpression(t))] as const),
      ...Object.entries(OTHERS),
    ];
    for (const [name, source] of sources) {
      const file = join(dir, `${name}.wav`);
      await renderAudio(file, source, SECONDS);
      audio.set(name, (await extractAudio(file))!);
    }
  });
  afterAll(() => cleanup?.());

  for (const [name, track] of Object.entries(TRACKS)) {
    it(`${name}: tempo within 2 %, beats within 30 ms, confident`, () => {
      const result = detectBeats(audio.get(name)!, DEFAULT_RATE)!;
      const truth = drumBeats(track);
      expect(Math.abs(result.bpm / track.bpm - 1)).toBeLessThan(0.02);
      const errors = beatErrors(result.beats, truth);
      expect(Math.max(...errors.map(Math.abs))).toBeLessThan(0.03);
      // Nearly every true beat found (the first and last may be trimmed).
      expect(result.beats.length).toBeGreaterThanOrEqual(truth.length - 2);
      expect(result.confidence).toBeGreaterThan(0.6);
    });
  }

  it("a beat that starts 1.3 s in: no beats before it", () => {
    const result = detectBeats(audio.get("late120")!, DEFAULT_RATE)!;
    expect(Math.abs(result.beats[0]! - 1.3)).toBeLessThan(0.03);
  });

  it("silence is nothing to analyse", () => {
    expect(detectBeats(audio.get("silence")!, DEFAULT_RATE)).toBeNull();
    expect(detectBeats(new Float32Array(DEFAULT_RATE), DEFAULT_RATE)).toBeNull();
  });

  for (const name of ["pink", "white", "sine", "babble"]) {
    it(`${name}: no steady beat (confidence < 0.3)`, () => {
      const result = detectBeats(audio.get(name)!, DEFAULT_RATE);
      expect(result?.confidence ?? 0).toBeLessThan(0.3);
    });
  }

  it("is deterministic, compact and fast (60 s of music well under 1 s of CPU)", () => {
    const clip = audio.get("rock128")!;
    const minute = new Float32Array(clip.length * 3);
    for (let k = 0; k < 3; k++) minute.set(clip, k * clip.length);
    detectBeats(minute, DEFAULT_RATE); // warm-up (JIT)
    const before = process.cpuUsage();
    const result = detectBeats(minute, DEFAULT_RATE)!;
    const used = process.cpuUsage(before);
    const ms = (used.user + used.system) / 1000;
    console.log(`detectBeats: 60 s of audio in ${ms.toFixed(0)} ms of CPU`);
    expect(ms).toBeLessThan(600);
    expect(detectBeats(minute, DEFAULT_RATE)).toEqual(result);
    expect(result.onset.rate).toBe(100);
    expect(result.onset.values.length).toBe(6000);
    expect(Math.max(...result.onset.values)).toBeLessThanOrEqual(1);
  });

  it("a 10-minute envelope stays under 1 MB of JSON", () => {
    let seed = 1;
    const noise = Float32Array.from({ length: 60_000 }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31 - 0.3;
    });
    expect(JSON.stringify(compactOnset(noise)).length).toBeLessThan(1_000_000);
  });
});
