import { describe, expect, it, vi } from "vitest";
import { BAND_STROKE } from "../score-colours";
import { type Line, recordingContext } from "../../test/recording-canvas";
import { SKELETON_COLOURS } from "../skeleton-style";
import { drawSkeleton } from "./draw-skeleton";

/** A canvas in a 200×200 box whose 2D context records each line it is asked to draw. */
function recordingCanvas(): { canvas: HTMLCanvasElement; lines: Line[] } {
  const { ctx, lines } = recordingContext();
  const canvas = document.createElement("canvas");
  vi.spyOn(canvas, "getContext").mockReturnValue(ctx as never);
  Object.defineProperty(canvas, "clientWidth", { value: 200 });
  Object.defineProperty(canvas, "clientHeight", { value: 200 });
  return { canvas, lines };
}

/** A 100×100 camera picture shown in a 200×200 box. */
function camera(): HTMLVideoElement {
  const video = document.createElement("video");
  Object.defineProperty(video, "videoWidth", { value: 100 });
  Object.defineProperty(video, "videoHeight", { value: 100 });
  return video;
}

/** MoveNet's answer: point k at (10 + 4k, 10 + 5k) px, seen with 0.9 unless `confidence` says otherwise. */
function pose(confidence: Record<number, number> = {}): Float32Array {
  const points = new Float32Array(17 * 3);
  for (let k = 0; k < 17; k++) points.set([10 + 4 * k, 10 + 5 * k, confidence[k] ?? 0.9], k * 3);
  return points;
}

const at = (k: number): [number, number] => [2 * (10 + 4 * k), 2 * (10 + 5 * k)];
const boneOf = (lines: Line[], a: number, b: number) =>
  lines.find((l) => l.from[0] === at(a)[0] && l.from[1] === at(a)[1] && l.to[0] === at(b)[0] && l.to[1] === at(b)[1]);

describe("the camera's live skeleton", () => {
  it("draws in the studio's colours: seen limbs 'on track', none in the old pink or a score band's colour", () => {
    const { canvas, lines } = recordingCanvas();
    drawSkeleton(canvas, camera(), pose());
    expect(lines).toHaveLength(16);
    for (const l of lines) {
      expect(l.color).toBe(SKELETON_COLOURS.onTrack);
      expect(l.dashed).toBe(false);
      expect(Object.values(BAND_STROKE)).not.toContain(l.color);
    }
    // In the box's pixels: the picture is scaled ×2 into the 200 px box.
    expect(boneOf(lines, 5, 7)).toBeTruthy();
  });

  it("draws a limb the model did not see clearly as the studio does: dashed grey; a mere guess not at all", () => {
    const { canvas, lines } = recordingCanvas();
    // Left wrist (9) barely seen; right wrist (10) under MoveNet's floor.
    drawSkeleton(canvas, camera(), pose({ 9: 0.35, 10: 0.1 }));
    expect(boneOf(lines, 7, 9)).toMatchObject({ color: SKELETON_COLOURS.unseen, dashed: true });
    expect(boneOf(lines, 8, 10)).toBeUndefined();
    expect(boneOf(lines, 5, 7)).toMatchObject({ color: SKELETON_COLOURS.onTrack, dashed: false });
  });

  it("draws no one where the engine sees no one: arms and a face without a torso are no person", () => {
    const { canvas, lines } = recordingCanvas();
    // Mean score 0.55, well above MoveNet's 0.2, but the shoulders and hips are guesses.
    drawSkeleton(canvas, camera(), pose({ 5: 0.1, 6: 0.1, 11: 0.1, 12: 0.1 }));
    expect(lines).toEqual([]);
  });

  it("draws a point the engine keeps (from MoveNet's 0.25), not only from 0.3", () => {
    const { canvas, lines } = recordingCanvas();
    drawSkeleton(canvas, camera(), pose({ 9: 0.27 }));
    expect(boneOf(lines, 7, 9)).toMatchObject({ color: SKELETON_COLOURS.unseen, dashed: true });
  });
});
