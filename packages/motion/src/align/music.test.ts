import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detectBeats } from "../audio/beats.ts";
import { DEFAULT_RATE, extractAudio } from "../audio/extract.ts";
import { matchTracks } from "../match.ts";
import type { AudioBeats } from "../types.ts";
import { devVideo, ffmpeg, hasDevFixtures, tempDir } from "../../test-support/fixtures.ts";
import { phrase, syntheticTrack } from "../../test-support/synthetic-track.ts";
import { musicOffset } from "./music.ts";

/**
 * Short cuts of real music (dance_woman_room's song, from 3 s in, where its pulse is soft) carry no
 * beat confident enough to count, yet two videos carrying them share a clock: the music is found by
 * the sound tracks lining up, not by the beat.
 */
describe.skipIf(!hasDevFixtures)("shared music without a countable beat", () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  const sound = new Map<string, AudioBeats>();
  const song = devVideo("dance_woman_room.mp4");

  beforeAll(async () => {
    ({ dir, cleanup } = await tempDir());
    const cut = (from: number, seconds: number, filter: string[]) => [
      ...["-ss", String(from), "-t", String(seconds), "-i", song],
      ...filter,
      ...["-vn", "-ac", "1", "-ar", "22050"],
    ];
    const clips: Record<string, string[]> = {
      // The reference's 6 s of the song, and a 5-s one.
      ref6: cut(3, 6, []),
      ref5: cut(4, 5, []),
      // The same music heard through another phone 0.4 s into its video: quieter, muffled, over room noise.
      phone: [
        ...cut(3, 6, ["-f", "lavfi", "-i", "anoisesrc=color=pink:amplitude=0.01:seed=5"]),
        ...["-filter_complex", "[0:a]adelay=400:all=1,lowpass=f=2500,volume=0.5[m];[m][1]amix=inputs=2:duration=first"],
      ],
      // A soft track: the song 30 dB down, through a small speaker.
      soft: cut(4, 5, ["-af", "adelay=250:all=1,volume=-30dB,lowpass=f=1500"]),
      // Another stretch of the same song: not the reference's music at this place.
      elsewhere: cut(0, 3, []),
    };
    for (const [name, args] of Object.entries(clips)) {
      const file = join(dir, `${name}.wav`);
      await ffmpeg([...args, file]);
      sound.set(name, detectBeats((await extractAudio(file)) as Float32Array, DEFAULT_RATE) as AudioBeats);
    }
  });
  afterAll(() => cleanup?.());

  it("the cuts have no beat worth counting (the case this is about)", () => {
    for (const name of ["ref6", "ref5", "soft"]) expect(sound.get(name)?.confidence).toBeLessThan(0.5);
  });

  it("finds the music 0.4 s into a phone's video, and 0.25 s into a soft track's", () => {
    expect(musicOffset(sound.get("ref6") ?? null, sound.get("phone") ?? null)).toBeCloseTo(0.4, 1);
    expect(musicOffset(sound.get("ref5") ?? null, sound.get("soft") ?? null)).toBeCloseTo(0.25, 1);
  });

  it("finds nothing where the videos carry other stretches of the song", () => {
    expect(musicOffset(sound.get("elsewhere") ?? null, sound.get("ref5") ?? null, 0, 0.5)).toBeNull();
  });

  it("times the dance on the music's clock: the pace is the song's, and a dancer on the music is on time", () => {
    // The dancer starts with her music, 0.4 s into her video.
    const ref = { ...syntheticTrack(phrase, { duration: 6 }), audio: sound.get("ref6") ?? null };
    const user = { ...syntheticTrack(phrase, { duration: 6.4, offset: 0.4 }), audio: sound.get("phone") ?? null };
    const m = matchTracks(ref, user);
    expect(m.clock).toBe("music");
    expect(m.music).toBeCloseTo(0.4, 1);
    expect(m.fit.tempo).toBe(1);
    for (const t of m.fit.timing) if (t !== null) expect(Math.abs(t)).toBeLessThan(0.1);
  });
});
