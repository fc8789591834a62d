import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixturesDir, hasFixtures, SKIP_MESSAGE, video } from "../../test-support/fixtures.ts";
import { analyzeAudio } from "./index.ts";

const dev = (name: string) => join(fixturesDir, "dev", name);
const hasDev = hasFixtures && existsSync(dev("dance_woman_room.mp4"));
if (!hasDev) console.warn(SKIP_MESSAGE);

describe.skipIf(!hasDev)("beats of real sound tracks", () => {
  it("dance_woman_room (melodic music, the pulse mostly in the bass): a steady ~106 BPM", async () => {
    const r = (await analyzeAudio(dev("dance_woman_room.mp4")))!;
    expect(r.confidence).toBeGreaterThan(0.6);
    expect(r.bpm).toBeGreaterThan(100);
    expect(r.bpm).toBeLessThan(112);
    expect(r.beats.length).toBeGreaterThanOrEqual(14);
    const gaps = r.beats.slice(1).map((b, i) => b - r.beats[i]!);
    const mean = gaps.reduce((s, g) => s + g, 0) / gaps.length;
    for (const g of gaps) expect(Math.abs(g / mean - 1)).toBeLessThan(0.1);
  });

  it("lunges_dumbbell (a voice talking): no steady beat", async () => {
    const r = await analyzeAudio(dev("lunges_dumbbell.webm"));
    expect(r?.confidence ?? 0).toBeLessThan(0.3);
  });

  it("hybrik_taiji (rustling, no music): no steady beat", async () => {
    const r = await analyzeAudio(video("hybrik_taiji.mp4"));
    expect(r?.confidence ?? 0).toBeLessThan(0.3);
  });

  it("jumpingjacks_walk_park (a silent sound track): nothing", async () => {
    expect(await analyzeAudio(dev("jumpingjacks_walk_park.mp4"))).toBeNull();
  });
});
