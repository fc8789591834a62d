import { describe, expect, it } from "vitest";
import { compareTracks } from "../compare.ts";
import { extractFeatures } from "../features.ts";
import { cutSections } from "../score/sections.ts";
import { armsDance, legsDance, syntheticTrack } from "../testing/synthetic-track.ts";
import { dtw } from "./dtw.ts";

describe("dtw", () => {
  it("finds the diagonal for identical sequences and a 2:1 path for a half-speed copy", () => {
    const a = Array.from({ length: 40 }, (_, i) => Math.sin(i / 4));
    const same = dtw(40, 40, (i, j) => Math.abs((a[i] as number) - (a[j] as number)), {
      refSlack: 4,
      userSlack: 4,
      band: 5,
    });
    expect(same.meanCost).toBe(0);
    expect(same.path.every(([i, j]) => i === j)).toBe(true);
    const b = Array.from({ length: 80 }, (_, j) => Math.sin(j / 8));
    const slow = dtw(40, 80, (i, j) => Math.abs((a[i] as number) - (b[j] as number)), {
      refSlack: 4,
      userSlack: 8,
      band: 10,
    });
    expect(slow.meanCost).toBeLessThan(0.05);
    const last = slow.path[slow.path.length - 1] as [number, number];
    expect(last[1] / last[0]).toBeGreaterThan(1.8);
  });
});

describe("alignment and scores on generated motion", () => {
  const ref = syntheticTrack(armsDance, { duration: 12 });

  it("recovers tempo and offset of a slower, later performance and still scores it near the top", () => {
    const user = syntheticTrack(armsDance, { duration: 16.5, tempo: 1.25, offset: 1.5 });
    const r = compareTracks(ref, user, { style: "ballet" });
    expect(r.alignment.tempo_ratio).toBeCloseTo(1.25, 1);
    expect(r.alignment.offset_s).toBeGreaterThan(1.2);
    expect(r.alignment.offset_s).toBeLessThan(1.8);
    expect(r.overall_score).toBeGreaterThanOrEqual(90);
    // The time map is monotonic in both columns and spans the reference.
    const tm = r.alignment.time_map;
    for (let k = 1; k < tm.length; k++) {
      expect((tm[k] as [number, number])[0]).toBeGreaterThanOrEqual((tm[k - 1] as [number, number])[0]);
      expect((tm[k] as [number, number])[1]).toBeGreaterThan((tm[k - 1] as [number, number])[1]);
    }
  });

  it("detects a mirrored performance and scores it as the same dance", () => {
    const r = compareTracks(ref, syntheticTrack(armsDance, { duration: 12, mirrored: true }), { style: "jazz" });
    expect(r.alignment.mirrored).toBe(true);
    expect(r.overall_score).toBeGreaterThanOrEqual(97);
    const plain = compareTracks(ref, syntheticTrack(armsDance, { duration: 12, scale: 0.5 }), { style: "jazz" });
    expect(plain.alignment.mirrored).toBe(false);
    expect(plain.overall_score).toBeGreaterThanOrEqual(97);
  });

  it("scores a different movement low, with joint feedback naming the arms", () => {
    const r = compareTracks(ref, syntheticTrack(legsDance, { duration: 12 }), { style: "ballet" });
    expect(r.overall_score).toBeLessThan(60);
    expect(r.problematicJoints.some((j) => j.includes("shoulder") || j.includes("elbow"))).toBe(true);
    const fb = r.sections.flatMap((s) => Object.values(s.joint_feedback));
    expect(fb.length).toBeGreaterThan(0);
    for (const f of fb) expect(f.diff).toBeGreaterThan(20);
  });

  it("cuts sections where the movement changes", () => {
    // 5 s of arm work, then 5 s of leg work.
    const a = syntheticTrack(armsDance, { duration: 5 });
    const b = syntheticTrack(legsDance, { duration: 5 });
    const joined = { ...a, duration: 10, frames: [...a.frames, ...b.frames.map((f) => ({ ...f, t: f.t + 5 }))] };
    const sections = cutSections(extractFeatures(joined));
    const cuts = sections.slice(1).map((s) => s.start / joined.fps);
    expect(cuts.some((c) => Math.abs(c - 5) <= 0.5)).toBe(true);
  });
});
