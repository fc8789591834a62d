import type { CompactTrack, LimbScores } from "@stepsync/contracts";
import { render, screen } from "@testing-library/react";
import { useRef } from "react";
import { describe, expect, it, vi } from "vitest";
import type { Ghost } from "../lib/ghost-pose";
import { PoseOverlay, SkeletonKey } from "./PoseOverlay";
import { BAND_STROKE } from "./ScoreVisuals";

// happy-dom draws nothing: the canvas gets a 2D context that records each line (the browser's API,
// not ours), and the video a size and a time.
interface Line {
  from: [number, number];
  to: [number, number];
  color: string;
  alpha: number;
}
function recordingCanvas(): Line[] {
  const lines: Line[] = [];
  let path: Array<[number, number]> = [];
  const ctx = {
    strokeStyle: "",
    fillStyle: "",
    lineWidth: 1,
    lineCap: "butt",
    shadowColor: "",
    shadowBlur: 0,
    globalAlpha: 1,
    setTransform() {},
    clearRect() {
      lines.length = 0;
    },
    beginPath() {
      path = [];
    },
    moveTo(x: number, y: number) {
      path.push([x, y]);
    },
    lineTo(x: number, y: number) {
      path.push([x, y]);
    },
    stroke() {
      lines.push({
        from: path[0] as [number, number],
        to: path[1] as [number, number],
        color: ctx.strokeStyle,
        alpha: ctx.globalAlpha,
      });
    },
    arc() {},
    fill() {},
  };
  // getContext is overloaded per context kind; this stands in for the "2d" one only.
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(ctx as never);
  return lines;
}

const SIZE = 100;
/** Every COCO point at its own spot in a 100×100 picture: point k at (10 + 4k, 10 + 5k), except the hips and shoulders below. */
function spot(k: number): [number, number] {
  const fixed: Record<number, [number, number]> = { 5: [60, 30], 6: [40, 30], 11: [55, 60], 12: [45, 60] };
  return fixed[k] ?? [10 + 4 * k, 10 + 5 * k];
}
function frameAt(t: number): number[] {
  const row = [t];
  for (let k = 0; k < 17; k++) row.push(spot(k)[0] / SIZE, spot(k)[1] / SIZE, 0.9);
  return row;
}
const track: CompactTrack = { keypointNames: [], fps: 7, width: SIZE, height: SIZE, frames: [frameAt(2)] };

function Player(props: {
  limbScores?: LimbScores | null;
  problematicJoints?: string[];
  ghost?: Ghost | null;
  showGhost?: boolean;
  visible?: boolean;
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
        track={track}
        problematicJoints={props.problematicJoints ?? []}
        visible={props.visible ?? true}
        limbScores={props.limbScores}
        ghost={props.ghost}
        showGhost={props.showGhost}
      />
    </div>
  );
}

/** The colour the bone between keypoints a and b was drawn in (the user's own skeleton, full opacity). */
function colourOf(lines: Line[], a: number, b: number): string | undefined {
  const near = (u: [number, number], v: [number, number]) => Math.hypot(u[0] - v[0], u[1] - v[1]) < 1e-6;
  return lines.find((l) => l.alpha === 1 && near(l.from, spot(a)) && near(l.to, spot(b)))?.color;
}

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

  it("without limb scores (earlier results, another routine) marks the problematic joints' bones as before", () => {
    const lines = recordingCanvas();
    render(<Player limbScores={null} problematicJoints={["left_elbow"]} />);
    expect(colourOf(lines, 5, 7)).toBe("#f43f5e");
    expect(colourOf(lines, 7, 9)).toBe("#f43f5e");
    expect(colourOf(lines, 8, 10)).toBe("#ff6fae");
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
    // Drawn before the user's own skeleton, so it stays underneath.
    expect(lines.findIndex((l) => l.alpha === 1)).toBeGreaterThan(lines.findIndex((l) => l.alpha < 1));
    rerender(<Player ghost={ghost} showGhost visible={false} />);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.alpha < 1)).toBe(true);
  });
});

const keyText = () => screen.getByTestId("skeleton-key").textContent?.replace(/\s+/g, " ").trim();

describe("SkeletonKey", () => {
  it("names the score bands when the limbs are scored, the old two colours otherwise, and the ghost when shown", () => {
    const { rerender } = render(<SkeletonKey scored ghost />);
    expect(keyText()).toBe("80+ 60–79 below 60 teacher");
    rerender(<SkeletonKey scored={false} />);
    expect(keyText()).toBe("on track needs work");
  });
});
