import { describe, expect, it } from "vitest";
import { decodedSize } from "../video/decode.ts";
import { groupDecodeSide } from "./analyze-group.ts";

describe("the size a group video is decoded at", () => {
  it("keeps its short side at 512 px, as a solo portrait video's dancer is read, whatever the camera", () => {
    for (const [width, height] of [
      [1920, 1080],
      [1080, 1920],
      [3840, 2160],
      [1728, 1024],
    ] as const) {
      const size = decodedSize({ width, height }, groupDecodeSide({ width, height }));
      expect(Math.abs(Math.min(size.width, size.height) - 512), `${width}×${height}`).toBeLessThanOrEqual(2);
    }
  });

  it("never past 1280 px along a very wide picture, and never enlarges a small video", () => {
    expect(groupDecodeSide({ width: 3840, height: 1080 })).toBe(1280);
    expect(groupDecodeSide({ width: 640, height: 360 })).toBe(640);
  });
});
