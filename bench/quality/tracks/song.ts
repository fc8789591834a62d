/**
 * The song an AIST++ freestyle take was danced to, as the engine reads a sound track (AudioBeats),
 * for takes that share one: their videos would carry it, and it would line them up — the engine's
 * shared-music evidence (score/sameness.ts musicRatio) and its music clock then apply. AIST's songs
 * are not in the fixtures, so a music id (mMH1: middle hip-hop, song 1) stands for itself as a seeded
 * onset envelope — a steady beat with irregular accents between, as a song's onsets are — the same
 * for every take danced to it; takes start with their music (both at 0 s). Its tempo (80–130 BPM by
 * the song's number) is not the real song's: what is tested is what sharing a song does.
 */
import type { AudioBeats } from "../../../packages/motion/src/types.ts";
import { random, seedOf } from "../stats.ts";

/** Onset envelope values per second (the engine's own analysis rate is of this order). */
const RATE = 50;

/** The music id in an AIST sequence name ("gMH_sFM_cAll_d22_mMH1_ch02" → "mMH1"), if any. */
export function musicOf(name: string): string | undefined {
  return /_(m[A-Z]{2}\d)_/.exec(name)?.[1];
}

/** The song's sound from `from` seconds in, for `seconds`: what a video cut from that moment of the song carries. */
export function songOf(music: string, seconds: number, from = 0): AudioBeats {
  const next = random(seedOf(music));
  const bpm = 80 + 10 * Number(music.slice(-1));
  const beat = 60 / bpm;
  const skip = Math.round(from * RATE);
  const values = Array.from({ length: skip + Math.round(seconds * RATE) }, (_, i) => {
    const phase = ((i / RATE) % beat) / beat;
    return Math.min(1, (phase < 0.06 ? 0.7 : 0) + 0.3 * next() ** 3 + (next() < 0.05 ? 0.5 : 0));
  }).slice(skip);
  const first = Math.ceil(from / beat - 1e-9);
  const beats = Array.from(
    { length: Math.floor((from + seconds) / beat) + 1 - first },
    (_, k) => (first + k) * beat - from,
  );
  return { bpm, beats, confidence: 0.9, onset: { rate: RATE, values } };
}
