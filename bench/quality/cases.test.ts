import { describe, expect, it } from "vitest";
import { CASES, SOURCES, timingTruthMs } from "./cases.ts";
import { reframeGeometry } from "./recipes.ts";

describe("calibration set", () => {
  it("never pairs the two halves (except the sample_fb people, split by pair)", () => {
    const split = new Map(SOURCES.map((s) => [s.id, s.split]));
    for (const c of CASES) {
      if (c.ref.track || c.user.track) continue;
      const ids = [c.ref, c.user].flatMap((clip) => (clip.source ? [clip.source] : (clip.recipe?.inputs ?? [])));
      if (ids.every((id) => id.startsWith("sample_fb_"))) continue;
      for (const id of ids) expect(split.get(id), `${c.id} uses ${id}`).toBe(c.split);
    }
  });

  it("has every group with a target in both halves (the one pair of break dancers is held out)", () => {
    const groups = new Set(CASES.map((c) => `${c.group}/${c.split}`));
    const both = CASES.filter((c) => c.group !== "other_view" && c.group !== "dancers_same");
    for (const g of new Set(both.map((c) => c.group))) {
      expect(groups.has(`${g}/fit`), g).toBe(true);
      expect(groups.has(`${g}/test`), g).toBe(true);
    }
  });

  it("gives moves before a delay 0 ms, moves well after it +D, and none in between", () => {
    const t = { kind: "step", t1_s: 5.37, delay_s: 0.2 } as const;
    expect(timingTruthMs(t, { start_s: 4, end_s: 5.3 })).toBe(0);
    expect(timingTruthMs(t, { start_s: 5.7, end_s: 7 })).toBe(200);
    expect(timingTruthMs(t, { start_s: 5, end_s: 6 })).toBeNull();
  });
});

describe("real people (measured tracks)", () => {
  const prmd = CASES.flatMap((c) =>
    [c.ref.track, c.user.track].flatMap((t) => (t?.kind === "ui-prmd" ? [{ c, t }] : [])),
  );

  it("splits UI-PRMD by person and by movement: no subject or movement is in both halves", () => {
    const halves = (key: "subject" | "movement") => {
      const seen = new Map<number, Set<string>>();
      for (const { c, t } of prmd) seen.set(t[key], (seen.get(t[key]) ?? new Set()).add(c.split));
      return [...seen.values()].filter((s) => s.size > 1).length;
    };
    expect(prmd.length).toBeGreaterThan(400);
    expect(halves("subject")).toBe(0);
    expect(halves("movement")).toBe(0);
  });

  it("pairs two different people in every same-movement case, and two movements in every different one", () => {
    for (const c of CASES.filter((x) => x.group.startsWith("people_"))) {
      const [a, b] = [c.ref.track, c.user.track];
      if (a?.kind !== "ui-prmd" || b?.kind !== "ui-prmd") throw new Error(`${c.id} is not a UI-PRMD pair`);
      if (c.group === "people_different") expect(a.movement, c.id).not.toBe(b.movement);
      else {
        expect(a.movement, c.id).toBe(b.movement);
        expect(a.subject, c.id).not.toBe(b.subject);
        expect(b.correct, c.id).toBe(c.group === "people_same");
      }
    }
  });
});

describe("reframe", () => {
  it("centre-crops a square clip to 9:16 when the dancer fits", () => {
    const g = reframeGeometry(576, 576, [0.34, 0.22, 0.65, 0.79]);
    expect(g.portrait).toBe(true);
    expect(g.crop).toEqual([324, 576, 124, 0]); // centred on the dancer (x 0.34–0.65)
    expect(g.pad).toEqual([324, 576, 0, 0]);
  });

  it("keeps a full-height dancer of a portrait clip whole in a 16:9 frame", () => {
    const g = reframeGeometry(576, 1024, [0.09, 0.11, 0.9, 0.97]);
    expect(g.portrait).toBe(false);
    const [pw, ph, px, py] = g.pad;
    const [cw, ch, cx, cy] = g.crop;
    expect(pw / ph).toBeCloseTo(16 / 9, 1);
    expect(ch).toBeGreaterThanOrEqual((0.97 - 0.11) * 1024 - 2);
    expect(cx + cw).toBeLessThanOrEqual(576);
    expect(cy + ch).toBeLessThanOrEqual(1024);
    expect(px + cw).toBeLessThanOrEqual(pw);
    expect(py + ch).toBeLessThanOrEqual(ph);
  });
});
