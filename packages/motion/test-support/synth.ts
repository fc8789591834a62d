/**
 * Test audio made by ffmpeg's aevalsrc: drum patterns and a quiet jazz trio with a known beat
 * grid, speech-like babble and talk.
 * Used by the tests only; everything is deterministic (aevalsrc's random() has a fixed seed).
 */
import { ffmpeg } from "./fixtures.ts";

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

/**
 * Talk with irregular timing, like a voice over an exercise video: syllables of random length
 * (130–400 ms) and loudness, a voiced buzz on a pitch that changes from syllable to syllable, a
 * hissy consonant starting half of them, and a pause in about one syllable slot in six.
 * Deterministic for a seed (different seeds: different timing).
 */
export function speechExpression(seed = 0): string {
  // Variable 3 counts syllables (fraction: how far into the current one); variable 4 is the buzz's phase.
  const k = "floor(ld(3))";
  const into = "(ld(3)-floor(ld(3)))";
  const perSecond = `(2.5+5*${hash(k, seed, 0.05)})`;
  const pitch = `(100+80*${hash(k, seed, 0.35)})`;
  const clocks = `0*st(3,ld(3)+${perSecond}/s)+0*st(4,ld(4)+${pitch}/s)+`;
  const spoken = `gt(${hash(k, seed, 0.25)},0.16)*(0.4+0.6*${hash(k, seed, 0.15)})`;
  const buzz = "(sin(2*PI*ld(4))+0.6*sin(4*PI*ld(4))+0.4*sin(6*PI*ld(4))+0.2*sin(10*PI*ld(4)))";
  const consonant = `gt(${hash(k, seed, 0.45)},0.5)*lt(${into},0.2)*0.5*(random(0)-0.5)`;
  return `${seedTerm(seed)}${clocks}0.3*${spoken}*(pow(sin(PI*${into}),2)*${buzz}+${consonant})`;
}

/** A quiet, steady jazz trio: brushes, walking bass and piano comping, all with soft attacks. */
export interface QuietTrack {
  bpm: number;
  seconds: number;
  /** Seconds of room noise before the first beat. */
  start?: number;
  /** RMS level of the music, dBFS (default −30: a trio played softly, recorded from across a room). */
  level?: number;
  /** RMS level of the room noise, dBFS (default −55). */
  noise?: number;
  /** Varies the notes, the comping rhythm, the timing and the noise (two seeds share none of them). */
  seed?: number;
}

/**
 * RMS of quietJazzExpression's mix before it is scaled to `level`, measured with ffmpeg's astats on
 * 20 s at 100–140 BPM (it varies by under 1 dB with tempo and seed).
 */
const QUIET_MIX_RMS = 0.29;

/** Share of beats, and of swung "ands", on which the piano plays a chord. */
const COMP_SHARE = 0.3;

/** aevalsrc: 0..1 pseudo-random value of the integer expression `k` (golden-ratio hash, varied by seed and salt). */
function hash(k: string, seed: number, salt: number): string {
  return `mod(${k}*${k}*${0.6180339 + salt}+${k}*${0.3183099 + 0.1 * seed + salt},1)`;
}

/** Attack-then-decay envelope τ seconds after a note starts: 0 at τ = 0, so nothing clicks. */
function swell(tau: string, attack: number, decay: number): string {
  return `(1-exp(-${tau}/${attack}))*exp(-${tau}/${decay})`;
}

/** aevalsrc sum of harmonics of frequency f with these relative amplitudes. */
function tone(f: string, partials: number[]): string {
  return `(${partials.map((a, h) => `${a}*sin(2*PI*${h + 1}*${f}*t)`).join("+")})`;
}

/**
 * A grid of notes played by hand: note k is due at start + k·every and sounds `jitter(k)` seconds
 * off it (an aevalsrc expression within ±late, so never more than `late` early or late).
 */
interface Slots {
  start: number;
  every: number;
  late: number;
  jitter: (k: string) => string;
}

/** aevalsrc prefix that stores `value` in variable `v` for ld(v) (random() keeps its state in 0–2). */
function store(v: number, value: string): string {
  return `0*st(${v},${value})+`;
}

/** Variables a note line keeps: the note sounding, the time since it started, since the one before. */
const NOTE = 3;
const SINCE = 4;
const SINCE_PREVIOUS = 5;

/**
 * Stores the note sounding at t (the last that has started) in NOTE and the time since it started
 * in SINCE. The grid is read `late` early, so each note starts inside its own cell.
 */
function sounding(s: Slots): string {
  const cell = `floor((t-${s.start - s.late})/${s.every})`;
  const due = (k: string) => `(${s.start}+${k}*${s.every}+${s.jitter(k)})`;
  return `${store(NOTE, `${cell}-lt(t,${due(cell)})`)}${store(SINCE, `t-${due(`ld(${NOTE})`)}`)}`;
}

interface Notes {
  /** What sounds in note k (an aevalsrc expression in k). */
  body: (k: string) => string;
  /** Envelope time constants, seconds. */
  attack: number;
  decay: number;
}

/**
 * Legato notes, each ringing until the next starts and then damped within ~12 ms (so nothing
 * clicks): a walking bass.
 */
function legato(s: Slots, notes: Notes): string {
  const release = 0.012;
  const k = `ld(${NOTE})`;
  const tau = `ld(${SINCE})`;
  const before = `(${s.start}+(${k}-1)*${s.every}+${s.jitter(`(${k}-1)`)})`;
  const current = `${swell(tau, notes.attack, notes.decay)}*${notes.body(k)}`;
  const ringing = `${swell(`ld(${SINCE_PREVIOUS})`, notes.attack, notes.decay)}*exp(-${tau}/${release})`;
  const previous = `gte(${k},1)*${ringing}*${notes.body(`(${k}-1)`)}`;
  return `(${sounding(s)}${store(SINCE_PREVIOUS, `t-${before}`)}gte(${k},0)*(${current}+${previous}))`;
}

/**
 * Short notes where `play(k)` is 1, each faded out over 20 ms before the next could start (so
 * nothing clicks): comping chords, brush taps.
 */
function stabs(s: Slots, play: (k: string) => string, notes: Notes): string {
  const k = `ld(${NOTE})`;
  const tau = `ld(${SINCE})`;
  const end = `(${s.start}+(${k}+1)*${s.every}-${s.late})`;
  const fade = `min(1,(${end}-t)/0.02)`;
  return `(${sounding(s)}gte(${k},0)*${play(k)}*${swell(tau, notes.attack, notes.decay)}*${fade}*${notes.body(k)})`;
}

/** Timing of each part, ± seconds: jazz is played by hand, not on a grid (about a 32nd note at 120 BPM). */
const BASS_LATE = 0.015;
const BRUSH_LATE = 0.01;
const PIANO_LATE = 0.02;

/**
 * Balance of the trio, relative amplitudes. In the −30 dBFS mix each part alone measures (astats)
 * about −32 dBFS for the bass, −36 for the piano and −39 for the brushes: bass and piano up front,
 * the brushes behind, as a trio is usually mixed.
 */
const TRIO = { bass: 0.45, piano: 0.3, brushes: 1 };

/** Brushes: a continuous sweep (white noise) that swells by half on each beat, peaking 60 ms in, and soft taps on 2 and 4. */
function brushes(beats: Slots): string {
  const swellOnBeats = stabs(beats, () => "1", { body: () => "0.6", attack: 0.04, decay: 0.15 });
  const sweep = `0.5*(random(0)-0.5)*(0.6+${swellOnBeats})`;
  const onTwoAndFour = (k: string) => `mod(${k},2)`;
  const taps = stabs(beats, onTwoAndFour, { body: () => "0.3*(random(0)-0.5)", attack: 0.006, decay: 0.05 });
  return `(${sweep}+${taps})`;
}

/** Walking bass, E1 to E2: a new note on every beat, 1–5 scale degrees from the last (never the same). */
function walkingBass(beats: Slots, seed: number): string {
  const degree = (k: string) => `mod(${k}*3+floor(3*${hash(k, seed, 0)}),8)`;
  const freq = (k: string) => `41.2*pow(2,floor(${degree(k)}*12/7)/12)`;
  return legato(beats, { body: (k) => tone(freq(k), [1, 0.5, 0.25]), attack: 0.025, decay: 0.5 });
}

/**
 * Piano comping: a minor-seventh chord on a root between G3 and G4 that changes every two beats,
 * played on some beats and on some swung "ands" (anticipating the next beat's chord).
 */
function comping(beats: Slots, ands: Slots, seed: number): string {
  const chord = (k: string) => {
    const root = `196*pow(2,floor(12*${hash(`floor((${k}+1)/2)`, seed, 0.2)})/12)`;
    return `(${[0, 3, 10].map((st) => tone(`${root}*${2 ** (st / 12)}`, [1, 0.3])).join("+")})`;
  };
  const played = (salt: number) => (k: string) => `lt(${hash(k, seed, salt)},${COMP_SHARE})`;
  const onBeats = stabs(beats, played(0.4), { body: chord, attack: 0.012, decay: 0.3 });
  const onAnds = stabs(ands, played(0.7), { body: (k) => chord(`(${k}+1)`), attack: 0.012, decay: 0.3 });
  return `(${onBeats}+${onAnds})`;
}

/**
 * A quiet steady jazz track, the kind whose beat hides in soft onsets: brushes sweeping with a
 * slow, shallow swell on every beat and soft taps on 2 and 4; a walking bass that changes note on
 * every beat with a soft attack; piano comping in short chords on some beats and some swung "ands"
 * (irregular, as comping is) — each part played by hand, a little off the grid, at `level` dBFS
 * over room noise at `noise` dBFS. Its beats are drumBeats(track).
 */
export function quietJazzExpression(track: QuietTrack): string {
  const seed = track.seed ?? 0;
  const beat = 60 / track.bpm;
  const start = track.start ?? 0;
  const grid = (late: number, salt: number, offset = 0): Slots => ({
    start: start + offset,
    every: beat,
    late,
    jitter: (k) => `${late}*(2*${hash(k, seed, salt)}-1)`,
  });
  // The swung "and": two thirds into the beat.
  const ands = grid(PIANO_LATE, 0.41, (2 / 3) * beat);
  const music = [
    `gte(t,${start})*${TRIO.brushes}*${brushes(grid(BRUSH_LATE, 0.31))}`,
    `${TRIO.bass}*${walkingBass(grid(BASS_LATE, 0.23), seed)}`,
    `${TRIO.piano}*${comping(grid(PIANO_LATE, 0.37), ands, seed)}`,
  ].join("+");
  const gain = 10 ** ((track.level ?? -30) / 20) / QUIET_MIX_RMS;
  // Uniform noise in ±a/2 has RMS a/√12.
  const hiss = 10 ** ((track.noise ?? -55) / 20) * Math.sqrt(12);
  return `${seedTerm(seed)}${gain.toFixed(6)}*(${music})+${hiss.toFixed(6)}*(random(1)-0.5)`;
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
