import { describe, expect, it } from "vitest";
import { autocorrelation, pickPeriod } from "./tempo.ts";

/** An onset envelope at 100 frames/s with a click (a 15 ms bump) every `period` frames. */
function clicks(period: number, seconds = 20): Float32Array {
  const env = new Float32Array(seconds * 100);
  for (let i = 0; i < env.length; i++) {
    const phase = i / period - Math.round(i / period);
    env[i] = Math.exp(-0.5 * ((phase * period) / 1.5) ** 2);
  }
  const mean = env.reduce((s, v) => s + v, 0) / env.length;
  return env.map((v) => v - mean);
}

describe("pickPeriod", () => {
  for (const bpm of [80, 90, 120, 150, 165]) {
    it(`a click track at ${bpm} BPM is counted at ${bpm}`, () => {
      const tempo = pickPeriod(autocorrelation(clicks(6000 / bpm), 400), 100)!;
      expect(Math.abs(6000 / tempo.period / bpm - 1)).toBeLessThan(0.01);
      expect(tempo.strength).toBeGreaterThan(0.8);
    });
  }

  it("a bare pulse below ~75 BPM is counted in double time, as a teacher would count a slow song", () => {
    for (const bpm of [55, 65]) {
      const tempo = pickPeriod(autocorrelation(clicks(6000 / bpm), 400), 100)!;
      expect(Math.abs(6000 / tempo.period / (2 * bpm) - 1)).toBeLessThan(0.01);
    }
  });

  it("a constant envelope has no tempo", () => {
    expect(pickPeriod(autocorrelation(new Float32Array(2000), 400), 100)).toBeNull();
  });
});
