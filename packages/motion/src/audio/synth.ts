/**
 * Test audio made by ffmpeg's aevalsrc: drum patterns with a known beat grid, speech-like babble.
 * Used by the tests only; everything is deterministic (aevalsrc's random() has a fixed seed).
 */
import { ffmpeg } from "../testing/fixtures.ts";

export type Drum = "kick" | "snare" | "hat";

/** A hit at `at` beats into every bar of four. */
export interface Hit {
  at: number;
  drum: Drum;
}

export const ROCK: Hit[] = [
  { at: 0, drum: "kick" },
  { at: 1, drum: "snare" },
  { at: 2, drum: "kick" },
  { at: 3, drum: "snare" },
  ...[0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5].map((at) => ({ at, drum: "hat" as const })),
];

/** Swung eighths (the "and" two thirds into the beat) and a kick pushed onto the swung "and" of 2. */
export const SWING: Hit[] = [
  { at: 0, drum: "kick" },
  { at: 1, drum: "snare" },
  { at: 1 + 2 / 3, drum: "kick" },
  { at: 3, drum: "snare" },
  ...[0, 1, 2, 3].flatMap((b) => [
    { at: b, drum: "hat" as const },
    { at: b + 2 / 3, drum: "hat" as const },
  ]),
];

/** One drum sound, τ seconds after its hit (aevalsrc expression). */
function sound(drum: Drum, tau: string): string {
  switch (drum) {
    case "kick": // pitch falling from 130 to 50 Hz
      return `0.8*sin(2*PI*(50*${tau}+1.6*(1-exp(-${tau}/0.02))))*exp(-${tau}/0.12)`;
    case "snare":
      return `(0.5*(random(0)-0.5)+0.3*sin(2*PI*190*${tau}))*exp(-${tau}/0.06)`;
    case "hat":
      return `0.25*(random(1)-0.5)*exp(-${tau}/0.015)`;
  }
}

export interface DrumTrack {
  bpm: number;
  /** Seconds of silence (with the background hiss) before the first beat. */
  start?: number;
  pattern?: Hit[];
  seconds: number;
  /** Adds a bass line whose notes change every half bar (so bars are not all alike). */
  bass?: boolean;
  /**
   * Adds a plucked melody on some eighths, chosen and pitched by a pseudo-random sequence of this
   * seed: nothing repeats, as in a real song, so two copies line up at one offset only.
   */
  melody?: number;
  /** Seed of the noise (snare, hats, hiss): two tracks with different seeds share no noise. */
  seed?: number;
}

/** aevalsrc expression of a drum track: every hit repeats each bar, from `start`. */
export function drumExpression(track: DrumTrack): string {
  const beat = 60 / track.bpm;
  const bar = 4 * beat;
  const start = track.start ?? 0;
  const terms = (track.pattern ?? ROCK).map((h) => {
    const t0 = start + h.at * beat;
    const tau = `mod(t-${t0},${bar})`;
    return `gte(t,${t0})*${sound(h.drum, tau)}`;
  });
  if (track.bass) {
    // Notes from a 5-step pattern over half bars: the line repeats every 2.5 bars, against the 1-bar drums.
    const half = 2 * beat;
    const note = `55*pow(2,mod(floor((t-${start})/${half})*3,5)/6)`;
    terms.push(`gte(t,${start})*0.3*sin(2*PI*${note}*t)*exp(-mod(t-${start},${half})/0.4)`);
  }
  const melody = track.melody;
  if (melody !== undefined) {
    const eighth = beat / 2;
    const j = `floor((t-${start})/${eighth})`;
    const hash = (mult: number) => `mod(${j}*${j}*${mult}+${j}*${melody + 0.123},1)`;
    const pitch = `220*pow(2,floor(${hash(0.6180339)}*8)/8)`;
    terms.push(
      `gte(t,${start})*gt(${hash(0.4142136)},0.45)*0.3*sin(2*PI*${pitch}*t)*exp(-mod(t-${start},${eighth})/0.08)`,
    );
  }
  terms.push("0.03*(random(2)-0.5)");
  return `${seedTerm(track.seed ?? 0)}0.7*(${terms.join("+")})`;
}

/** Sets aevalsrc's random() states 0–2 on the first sample (evaluated before the terms that use them). */
function seedTerm(seed: number): string {
  return seed ? `0*if(eq(n,0),st(0,${seed})+st(1,${seed * 7 + 1})+st(2,${seed * 13 + 2}),0)+` : "";
}

/** Truth beat times of a drum track. */
export function drumBeats(track: DrumTrack): number[] {
  const beat = 60 / track.bpm;
  const beats: number[] = [];
  for (let t = track.start ?? 0; t < track.seconds - 1e-9; t += beat) beats.push(t);
  return beats;
}

/**
 * Speech-like babble: a voiced buzz (wandering pitch, a few harmonics) in syllables at an irregular
 * 1–8 Hz, with hissy consonants and pauses between phrases. Not speech, but the same kind of onsets.
 */
export function babbleExpression(): string {
  const f0 = "(120+30*sin(2*PI*0.5*t)+15*sin(2*PI*1.7*t))";
  const buzz = `(sin(2*PI*${f0}*t)+0.6*sin(4*PI*${f0}*t)+0.4*sin(6*PI*${f0}*t)+0.2*sin(10*PI*${f0}*t))`;
  const syllables = "pow(max(0,sin(2*PI*(4.2*t+0.6*sin(2*PI*0.37*t)+0.4*sin(2*PI*0.83*t+1)))),2)";
  const phrases = "gt(sin(2*PI*0.23*t)+sin(2*PI*0.41*t+2),-0.8)";
  const hiss = "0.3*(random(0)-0.5)*gt(sin(2*PI*(2.9*t+0.5*sin(2*PI*0.61*t))),0.85)";
  return `0.3*${phrases}*(${syllables}*${buzz}+${hiss})`;
}

/** lavfi source of an aevalsrc expression. */
export function aeval(expression: string, rate = 22050): string {
  return `aevalsrc='${expression}':s=${rate}`;
}

/** Renders a lavfi audio source (aeval(…), "anoisesrc=color=pink", "sine=440") to a mono WAV file. */
export async function renderAudio(out: string, lavfi: string, seconds: number, rate = 22050): Promise<void> {
  await ffmpeg([
    "-f",
    "lavfi",
    "-i",
    lavfi,
    "-t",
    String(seconds),
    "-ac",
    "1",
    "-ar",
    String(rate),
    "-c:a",
    "pcm_s16le",
    out,
  ]);
}
