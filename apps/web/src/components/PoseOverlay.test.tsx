import type { CompactTrack, LimbScores } from "@stepsync/contracts";
import { render, screen } from "@testing-library/react";
import { useRef } from "react";
import { describe, expect, it, vi } from "vitest";
import type { Ghost } from "../lib/ghost-pose";
import { SKELETON_COLOURS } from "../lib/skeleton-style";
import { type Line, type Mark, recordingContext } from "../test/recording-canvas";
import { PoseOverlay, SkeletonKey } from "./PoseOverlay";
import { BAND_MARK, BAND_STROKE } from "../lib/score-colours";

// The video gets a size and a time; the canvas a 2D context that records each line (test/recording-canvas).
function recordingCanvas(): Line[] {
  return recordingMarks().lines;
}
function recordingMarks(): { lines: Line[]; marks: Mark[] } {
  const { ctx, lines, marks } = recordingContext();
  // getContext is overloaded per context kind; this stands in for the "2d" one only.
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(ctx as never);
  return { lines, marks };
}

const SIZE = 100;
/** Every COCO point at its own spot in a 100×100 picture: point k at (10 + 4k, 10 + 5k), except the hips and shoulders below. */
function spot(k: number): [number, number] {
  const fixed: Record<number, [number, number]> = { 5: [60, 30], 6: [40, 30], 11: [55, 60], 12: [45, 60] };
  return fixed[k] ?? [10 + 4 * k, 10 + 5 * k];
}
/** A pose at t, every point seen with 0.9 confidence unless `confidence` says otherwise (keypoint → score). */
function frameAt(t: number, confidence: Record<number, number> = {}): number[] {
  const row = [t];
  for (let k = 0; k < 17; k++) row.push(spot(k)[0] / SIZE, spot(k)[1] / SIZE, confidence[k] ?? 0.9);
  return row;
}
const track: CompactTrack = { keypointNames: [], fps: 7, width: SIZE, height: SIZE, frames: [frameAt(2)] };

function Player(props: {
  track?: CompactTrack;
  limbScores?: LimbScores | null;
  problematicJoints?: string[];
  ghost?: Ghost | null;
  showGhost?: boolean;
  visible?: boolean;
  teacher?: boolean;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  return (
    <div>
      <video
        muted
        ref={(v) => {
          ref.current = v;
          if (!v) return;
          for (const [key, value] of Object.entries({
            videoWidth: SIZE,
            videoHeight: SIZE,
            clientWidth: SIZE,
            clientHeight: SIZE,
          }))
            Object.defineProperty(v, key, { value, configurable: true });
          v.currentTime = 2;
        }}
      />
      <PoseOverlay
        videoRef={ref}
        track={props.track ?? track}
        problematicJoints={props.problematicJoints ?? []}
        visible={props.visible ?? true}
        limbScores={props.limbScores}
        ghost={props.ghost}
        showGhost={props.showGhost}
        teacher={props.teacher}
      />
    </div>
  );
}

/** The bone between keypoints a and b as drawn (the user's own skeleton, full opacity). */
function boneOf(lines: Line[], a: number, b: number): Line | undefined {
  const near = (u: [number, number], v: [number, number]) => Math.hypot(u[0] - v[0], u[1] - v[1]) < 1e-6;
  return lines.find((l) => l.alpha === 1 && near(l.from, spot(a)) && near(l.to, spot(b)));
}
const colourOf = (lines: Line[], a: number, b: number) => boneOf(lines, a, b)?.color;

const limbScores: LimbScores = {
  limbs: ["left_forearm", "right_forearm", "left_upper_arm", "torso", "head"],
  times: [1.857, 2],
  scores: [
    [95, 95, 95, 95, 95],
    [40, 65, 90, 85, null],
  ],
};

describe("PoseOverlay on the user's video", () => {
  it("colours each limb by its score at the video's moment: red below 60, yellow from 60, green from 80", () => {
    const lines = recordingCanvas();
    render(<Player limbScores={limbScores} problematicJoints={["right_elbow"]} />);
    expect(colourOf(lines, 7, 9)).toBe(BAND_STROKE.red);
    expect(colourOf(lines, 8, 10)).toBe(BAND_STROKE.yellow);
    expect(colourOf(lines, 5, 7)).toBe(BAND_STROKE.green);
    expect(colourOf(lines, 5, 11)).toBe(BAND_STROKE.green);
    // Unknown then (the head) or not scored (the thighs): neither good nor bad, and no problem-joint red.
    for (const [a, b] of [
      [0, 1],
      [11, 13],
    ] as const)
      expect([BAND_STROKE.red, BAND_STROKE.yellow, BAND_STROKE.green, "#f43f5e"]).not.toContain(colourOf(lines, a, b));
  });

  it("marks each limb's band by shape too, for eyes that cannot tell the colours: a triangle below 60, a diamond from 60, none from 80", () => {
    const { marks } = recordingMarks();
    render(<Player limbScores={limbScores} />);
    /** The mark drawn at the middle of the bone a–b, if any. */
    const markOf = (a: number, b: number) => {
      const [p, q] = [spot(a), spot(b)];
      const mid = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
      return marks.find((m) => Math.hypot(m.at[0] - (mid[0] ?? 0), m.at[1] - (mid[1] ?? 0)) < 2.5);
    };
    expect(markOf(7, 9)).toMatchObject({ corners: 3, color: BAND_STROKE.red });
    expect(markOf(8, 10)).toMatchObject({ corners: 4, color: BAND_STROKE.yellow });
    expect(markOf(5, 7)).toBeUndefined();
    expect(BAND_MARK).toEqual({ green: null, yellow: "diamond", red: "triangle" });
  });

  it("draws the teacher's own skeleton (the reference video) in the teacher's colour, judging none of it", () => {
    const { lines, marks } = recordingMarks();
    render(<Player teacher limbScores={limbScores} problematicJoints={["left_elbow"]} />);
    const solid = lines.filter((l) => l.alpha === 1 && !l.dashed);
    expect(solid.length).toBeGreaterThan(10);
    expect(new Set(solid.map((l) => l.color))).toEqual(new Set([SKELETON_COLOURS.ghost]));
    expect(marks).toHaveLength(0);
  });

  it("without limb scores (earlier results, another routine) marks the problematic joints' bones as needing work", () => {
    const lines = recordingCanvas();
    render(<Player limbScores={null} problematicJoints={["left_elbow"]} />);
    expect(colourOf(lines, 5, 7)).toBe(SKELETON_COLOURS.needsWork);
    expect(colourOf(lines, 7, 9)).toBe(SKELETON_COLOURS.needsWork);
    expect(colourOf(lines, 8, 10)).toBe(SKELETON_COLOURS.onTrack);
  });

  it("draws a limb the model did not see clearly as not seen (dashed grey), never in a score's colour", () => {
    // Arms raised to the face, guessed at the waist: the left wrist (9) and elbow (7) barely seen.
    const guessed: CompactTrack = { ...track, frames: [frameAt(2, { 7: 0.3, 9: 0.28 })] };
    for (const scores of [limbScores, null]) {
      const lines = recordingCanvas();
      const { unmount } = render(<Player track={guessed} limbScores={scores} problematicJoints={["left_elbow"]} />);
      for (const [a, b] of [
        [5, 7],
        [7, 9],
      ] as const) {
        expect(boneOf(lines, a, b)).toMatchObject({ color: SKELETON_COLOURS.unseen, dashed: true });
      }
      // The other arm, seen, keeps its colour.
      expect(boneOf(lines, 8, 10)?.dashed).toBe(false);
      expect(colourOf(lines, 8, 10)).toBe(scores ? BAND_STROKE.yellow : SKELETON_COLOURS.onTrack);
      unmount();
    }
  });

  it("draws the teacher's ghost faintly under the skeleton only when switched on, and alone when the skeleton is off", () => {
    const ghost: Ghost = {
      track: { ...track, frames: [frameAt(1)] },
      timeMap: [
        [1, 0],
        [3, 2],
      ],
      mirrored: false,
    };
    const lines = recordingCanvas();
    const { rerender } = render(<Player ghost={ghost} showGhost={false} />);
    expect(lines.some((l) => l.alpha < 1)).toBe(false);
    rerender(<Player ghost={ghost} showGhost />);
    const faint = lines.filter((l) => l.alpha < 1);
    expect(faint.length).toBeGreaterThan(5);
    // In its own colour, which no score band uses: it stays visible on a green "80+" limb.
    expect(new Set(faint.map((l) => l.color))).toEqual(new Set([SKELETON_COLOURS.ghost]));
    expect(Object.values(BAND_STROKE)).not.toContain(SKELETON_COLOURS.ghost);
    // Drawn before the user's own skeleton, so it stays underneath.
    expect(lines.findIndex((l) => l.alpha === 1)).toBeGreaterThan(lines.findIndex((l) => l.alpha < 1));
    rerender(<Player ghost={ghost} showGhost visible={false} />);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.alpha < 1)).toBe(true);
  });
});

const keyText = () =>
  [...screen.getByTestId("skeleton-key").querySelectorAll("[data-key-entry]:not(.invisible)")]
    .map((e) => e.textContent?.trim())
    .join(" | ");

// How colours look with the common colour-blindnesses: Machado et al. (2009) at full severity, in
// linear RGB; distances as CIE76 ΔE in Lab (D65).
const VISION: Record<string, number[][] | null> = {
  normal: null,
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};
function lab(hex: string, matrix: number[][] | null): [number, number, number] {
  const lin = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const [r, g, b] = (matrix ? matrix.map((row) => row.reduce((s, m, j) => s + m * (lin[j] as number), 0)) : lin).map(
    (c) => Math.min(1, Math.max(0, c)),
  ) as [number, number, number];
  const xyz = [
    (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
    0.2126 * r + 0.7152 * g + 0.0722 * b,
    (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
  ].map((v) => (v > 216 / 24389 ? Math.cbrt(v) : ((24389 / 27) * v + 16) / 116));
  const [x, y, z] = xyz as [number, number, number];
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}
const deltaE = (a: string, b: string, m: number[][] | null) => {
  const p = lab(a, m);
  const q = lab(b, m);
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
};

describe("SkeletonKey", () => {
  const all = { available: true, shown: true };
  it("names the score bands when the limbs are scored, the two colours for joints, only the pose when nothing was judged", () => {
    const { rerender } = render(<SkeletonKey scored="limbs" skeleton={all} ghost={all} />);
    expect(keyText()).toBe("80+ | 60–79 | below 60 | not seen | teacher");
    // The teacher's skeleton is drawn on the reference video even without a ghost: its colour is named.
    rerender(<SkeletonKey scored="joints" skeleton={all} ghost={{ available: false, shown: false }} />);
    expect(keyText()).toBe("on track | needs work | not seen | teacher");
    // Another routine: nothing was judged, so the key claims nothing.
    rerender(<SkeletonKey scored="none" skeleton={all} ghost={{ available: false, shown: false }} />);
    expect(keyText()).toBe("your pose | not seen | teacher");
  });

  it("shows each band's mark beside its colour, and the teacher's colour, as the skeletons draw them", () => {
    render(<SkeletonKey scored="limbs" skeleton={all} ghost={{ available: false, shown: false }} />);
    const entry = (label: string) =>
      screen.getByTestId("skeleton-key").querySelector(`[data-key-entry="${label}"]`) as HTMLElement;
    const corners = (label: string) =>
      (entry(label).querySelector("polygon")?.getAttribute("points") ?? "").trim().split(/\s+/).filter(Boolean).length;
    expect(corners("80+")).toBe(0);
    expect(corners("60–79")).toBe(4);
    expect(corners("below 60")).toBe(3);
    expect(entry("below 60").querySelector("line")?.getAttribute("stroke")).toBe(BAND_STROKE.red);
    expect(entry("not seen").querySelector("line")?.getAttribute("stroke-dasharray")).toBeTruthy();
    expect(entry("teacher").querySelector("line")?.getAttribute("stroke")).toBe(SKELETON_COLOURS.ghost);
  });

  it("keeps the score bands apart for colour-blind eyes (the old green and rose were ΔE 9 apart for a deuteranope)", () => {
    const { green, yellow, red } = BAND_STROKE;
    const pairs: Array<[string, string]> = [
      [green, yellow],
      [green, red],
      [yellow, red],
    ];
    for (const [vision, matrix] of Object.entries(VISION))
      for (const [a, b] of pairs) expect(deltaE(a, b, matrix), `${a} vs ${b}, ${vision}`).toBeGreaterThan(40);
  });

  it("keeps every entry's place when the ghost or the skeleton is switched off, so nothing moves", () => {
    const { rerender } = render(<SkeletonKey scored="limbs" skeleton={all} ghost={all} />);
    const entries = () => [...screen.getByTestId("skeleton-key").querySelectorAll("[data-key-entry]")];
    expect(entries()).toHaveLength(5);
    rerender(
      <SkeletonKey
        scored="limbs"
        skeleton={{ available: true, shown: false }}
        ghost={{ available: true, shown: false }}
      />,
    );
    expect(entries()).toHaveLength(5);
    expect(keyText()).toBe("");
  });

  it("keeps on track, needs work, not seen and the teacher apart, also for colour-blind eyes", () => {
    const { onTrack, needsWork, unseen, ghost } = SKELETON_COLOURS;
    // Clearly different colours (the old pinks were 31–34 apart, the old teal ghost 10–23 from green).
    const pairs: Array<[string, string]> = [
      [onTrack, needsWork],
      [ghost, onTrack],
      [ghost, needsWork],
      ...Object.values(BAND_STROKE).map((band): [string, string] => [ghost, band]),
    ];
    for (const [vision, matrix] of Object.entries(VISION)) {
      for (const [a, b] of pairs) expect(deltaE(a, b, matrix), `${a} vs ${b}, ${vision}`).toBeGreaterThan(40);
      // Not seen is also dashed and thinner: a smaller difference in colour is enough there.
      expect(deltaE(ghost, unseen, matrix), vision).toBeGreaterThan(20);
    }
  });
});
