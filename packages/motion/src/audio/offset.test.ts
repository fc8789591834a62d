import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AudioBeats } from "../types.ts";
import { ffmpeg, tempDir } from "../../test-support/fixtures.ts";
import { detectBeats } from "./beats.ts";
import { DEFAULT_RATE, extractAudio } from "./extract.ts";
import { audioOffset } from "./offset.ts";
import { aeval, drumExpression, renderAudio, SWING } from "../../test-support/synth.ts";

describe("audioOffset", () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  const beats = new Map<string, AudioBeats>();
  const analyse = async (name: string) => {
    beats.set(name, detectBeats((await extractAudio(join(dir, `${name}.wav`)))!, DEFAULT_RATE)!);
  };

  beforeAll(async () => {
    ({ dir, cleanup } = await tempDir());
    const song = join(dir, "song.wav");
    await renderAudio(song, aeval(drumExpression({ bpm: 120, seconds: 25, start: 0.25, bass: true, melody: 1 })), 25);
    const other = drumExpression({ bpm: 96, seconds: 25, bass: true, melody: 3, seed: 9, pattern: SWING });
    await renderAudio(join(dir, "other.wav"), aeval(other), 25);
    await ffmpeg(["-i", song, "-af", "adelay=730", join(dir, "late.wav")]);
    // The song heard through a phone: 1.234 s later, muffled, quieter, over room noise, cut short.
    await ffmpeg([
      ...["-i", song, "-f", "lavfi", "-i", "anoisesrc=color=pink:amplitude=0.05:seed=3"],
      ...["-filter_complex", "[0]adelay=1234,lowpass=f=2500,volume=0.5[m];[m][1]amix=inputs=2:duration=first"],
      ...["-t", "20", join(dir, "phone.wav")],
    ]);
    for (const name of ["song", "other", "late", "phone"]) await analyse(name);
  });
  afterAll(() => cleanup?.());

  it("recovers a 0.73 s delay of the same track, both ways", () => {
    const there = audioOffset(beats.get("song")!, beats.get("late")!)!;
    expect(Math.abs(there.offset_s - 0.73)).toBeLessThan(0.015);
    expect(there.confidence).toBeGreaterThan(0.6);
    const back = audioOffset(beats.get("late")!, beats.get("song")!)!;
    expect(Math.abs(back.offset_s + 0.73)).toBeLessThan(0.015);
  });

  it("recovers the delay of a muffled, noisy re-recording", () => {
    const r = audioOffset(beats.get("song")!, beats.get("phone")!)!;
    expect(Math.abs(r.offset_s - 1.234)).toBeLessThan(0.015);
    expect(r.confidence).toBeGreaterThan(0.6);
  });

  it("finds nothing between unrelated tracks", () => {
    const r = audioOffset(beats.get("song")!, beats.get("other")!);
    expect(r?.confidence ?? 0).toBeLessThan(0.3);
    // Nor within a few seconds of where a dance was placed: a small window is no easier to fool.
    for (const around of [-4, 0, 2.5, 7]) {
      const near = audioOffset(beats.get("song")!, beats.get("other")!, 3, around);
      expect(near?.confidence ?? 0).toBeLessThan(0.3);
    }
  });

  it("only looks within maxShift_s", () => {
    const r = audioOffset(beats.get("song")!, beats.get("phone")!, 0.5);
    expect(r === null || Math.abs(r.offset_s) <= 0.5).toBe(true);
  });
});

describe("audioOffset around a time", () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let song: AudioBeats;
  let chorus: AudioBeats;

  beforeAll(async () => {
    ({ dir, cleanup } = await tempDir());
    const wav = join(dir, "song.wav");
    await renderAudio(wav, aeval(drumExpression({ bpm: 120, seconds: 75, start: 0.25, bass: true, melody: 1 })), 75);
    // 20 s from 45 s into the song, heard through a phone.
    const part = join(dir, "part.wav");
    await ffmpeg([
      ...["-ss", "45", "-t", "20", "-i", wav, "-f", "lavfi", "-i", "anoisesrc=color=pink:amplitude=0.05:seed=3"],
      ...["-filter_complex", "[0]lowpass=f=2500,volume=0.5[m];[m][1]amix=inputs=2:duration=first", part],
    ]);
    song = detectBeats((await extractAudio(wav))!, DEFAULT_RATE)!;
    chorus = detectBeats((await extractAudio(part))!, DEFAULT_RATE)!;
  });
  afterAll(() => cleanup?.());

  it("finds a part of the song 45 s in, looked for within 3 s of where the dance puts it, which the search from the start does not reach", () => {
    const fromStart = audioOffset(song, chorus);
    expect(fromStart === null || Math.abs(fromStart.offset_s + 45) > 1).toBe(true);
    const there = audioOffset(song, chorus, 3, -44.2)!;
    expect(Math.abs(there.offset_s + 45)).toBeLessThan(0.015);
    expect(there.confidence).toBeGreaterThan(0.5);
  });
});
