// What the rehearsal screens show, worked out from the server's answer: no requests, no components.
import { REHEARSAL_MESSAGES } from "@stepsync/contracts";
import type { DancerBox, RehearsalDancer, RehearsalMoveSync as RehearsalMove } from "@stepsync/contracts";

/** A dancer's box is drawn while the nearest analysed frame is at most this far from the video's time. */
export const BOX_REACH_S = 0.3;

/**
 * The box nearest the video's time `t` (the boxes in time order), or null when none is within
 * `reach` seconds: a dancer not seen there is not drawn where they were a second ago.
 */
export function boxAt(boxes: readonly DancerBox[], t: number, reach = BOX_REACH_S): DancerBox | null {
  if (!boxes.length) return null;
  let lo = 0;
  let hi = boxes.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((boxes[mid] as DancerBox)[0] < t) lo = mid + 1;
    else hi = mid;
  }
  const after = boxes[lo] as DancerBox;
  const before = lo > 0 ? (boxes[lo - 1] as DancerBox) : null;
  const best = before && Math.abs(before[0] - t) <= Math.abs(after[0] - t) ? before : after;
  // A hair over: 1.3 − 1.0 is 0.30000000000000004 in floating point.
  return Math.abs(best[0] - t) <= reach + 1e-9 ? best : null;
}

/**
 * The box drawn around a dancer: their keypoints' box (eyes or ears to ankles, wrist to wrist)
 * widened to the whole person — the top of the head above the eyes, the feet below the ankles —
 * and kept inside the picture. As [x0, y0, x1, y1], 0–1 of the frame.
 */
export function personBox([, x0, y0, x1, y1]: DancerBox): [number, number, number, number] {
  const w = x1 - x0;
  const h = y1 - y0;
  const clamp = (v: number) => Math.max(0, Math.min(1, v));
  return [clamp(x0 - w * 0.08), clamp(y0 - h * 0.1), clamp(x1 + w * 0.08), clamp(y1 + h * 0.06)];
}

/** Within this much of the group's middle a dancer hit the move with the others (the strip's "on time"). */
export const GROUP_ON_TIME_MS = 80;

export type Timing = "early" | "on_time" | "late";

/** A dancer's timing on one move against the group: early, on time or late; null when not seen there. */
export function timingOf(ms: number | null | undefined): Timing | null {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return null;
  if (Math.abs(ms) <= GROUP_ON_TIME_MS) return "on_time";
  return ms > 0 ? "late" : "early";
}

/**
 * Each timing's word, symbol and colour: the symbol is the cue that does not need colour (an arrow
 * back for early, a dot for on time, an arrow on for late). Colours from the Okabe–Ito set, apart
 * for every kind of colour sight.
 */
export const TIMING_LOOK: Record<Timing, { label: string; symbol: string; colour: string }> = {
  early: { label: "Early", symbol: "◀", colour: "#56B4E9" },
  on_time: { label: "On time", symbol: "●", colour: "#009E73" },
  late: { label: "Late", symbol: "▶", colour: "#E69F00" },
};

/** "120 ms late", "80 ms early", "1.2 s late", "with the group". */
export function groupTimingText(ms: number | null | undefined): string {
  const timing = timingOf(ms);
  if (timing === null) return "not seen";
  if (timing === "on_time") return "with the group";
  const off = Math.abs(ms as number);
  const amount = off >= 1000 ? `${(off / 1000).toFixed(1)} s` : `${Math.round(off)} ms`;
  return `${amount} ${timing}`;
}

/** A dancer's mean lateness against the teacher: "0.4 s late", "on time", "0.2 s early"; null when unknown. */
export function offsetText(offsetS: number | null | undefined): string | null {
  if (offsetS === null || offsetS === undefined || !Number.isFinite(offsetS)) return null;
  const tenths = Math.round(offsetS * 10) / 10;
  if (tenths === 0) return "on time";
  return `${Math.abs(tenths).toFixed(1)} s ${tenths > 0 ? "late" : "early"}`;
}

/** The engine found this dancer doing another routine: told so, with no score. */
export const isOtherRoutine = (dancer: Pick<RehearsalDancer, "decision">) => dancer.decision === "not_same";

/** "Seems to be dancing another routine: no score". */
export const OTHER_ROUTINE = REHEARSAL_MESSAGES.otherRoutine;

/** "Dancer 2", or "Dancer 2 · Meera" once tagged. */
export function dancerName(dancer: Pick<RehearsalDancer, "id" | "member">): string {
  return dancer.member ? `Dancer ${dancer.id} · ${dancer.member.name}` : `Dancer ${dancer.id}`;
}

/** Where the strip's time marks go: a round step giving at most about `most` marks over `duration` seconds. */
export function timeTicks(duration: number, most = 8): number[] {
  if (!(duration > 0)) return [0];
  const steps = [1, 2, 5, 10, 15, 20, 30, 60, 120];
  const step = steps.find((s) => duration / s <= most) ?? Math.ceil(duration / most / 60) * 60;
  const ticks: number[] = [];
  for (let t = 0; t <= duration + 1e-6; t += step) ticks.push(t);
  return ticks;
}

/** A move's place on the video's time, as left and width percents of `duration` (clamped to the video). */
export function spanPercent(move: Pick<RehearsalMove, "start_s" | "end_s">, duration: number) {
  if (!(duration > 0)) return { left: 0, width: 0 };
  const start = Math.max(0, Math.min(duration, move.start_s));
  const end = Math.max(start, Math.min(duration, move.end_s));
  return { left: (start / duration) * 100, width: ((end - start) / duration) * 100 };
}

/** The move in the strip's words: "counts 5–6", "count 5", or the engine's own label. */
export function moveLabel(move: Pick<RehearsalMove, "count_label" | "index">): string {
  const label = move.count_label || `move ${move.index + 1}`;
  if (!/^\d/.test(label)) return label;
  return /\d\D+\d/.test(label) ? `counts ${label}` : `count ${label}`;
}

/** "m:ss.s" for a time in the video. */
export function clockTenths(seconds: number): string {
  const s = Math.max(0, seconds);
  const m = Math.floor(s / 60);
  const rest = s - m * 60;
  return `${m}:${rest < 10 ? "0" : ""}${rest.toFixed(1)}`;
}

/** The length the screens lay the video's time out on: the video's, else the last move's end. */
export function timelineLength(videoDuration: number | null | undefined, moves: readonly RehearsalMove[]): number {
  if (videoDuration && videoDuration > 0) return videoDuration;
  return moves.reduce((end, m) => Math.max(end, m.end_s), 0);
}
