import { describe, expect, it, vi } from "vitest";
import { COMPARE_TEXTS } from "../constants/texts";
import {
  CAMERA_CONSTRAINTS,
  CameraTimeoutError,
  cameraErrorText,
  chooseRecordingFormat,
  formatRecordingTime,
  withTimeout,
} from "./recorder";

describe("recording format", () => {
  it("takes the first supported of webm vp9, webm vp8, webm, mp4", () => {
    expect(chooseRecordingFormat(() => true)).toBe("video/webm;codecs=vp9");
    expect(chooseRecordingFormat((t) => t !== "video/webm;codecs=vp9")).toBe("video/webm;codecs=vp8");
    expect(chooseRecordingFormat((t) => t === "video/webm")).toBe("video/webm");
    expect(chooseRecordingFormat((t) => t === "video/mp4")).toBe("video/mp4");
    expect(chooseRecordingFormat(() => false)).toBeNull();
  });
});

describe("camera request", () => {
  it("asks for the front camera at 1280x720 and for the room's sound as it is (the music stays in the take)", () => {
    expect(CAMERA_CONSTRAINTS.video).toEqual({ width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: "user" });
    expect(CAMERA_CONSTRAINTS.audio).toEqual({
      echoCancellation: false,
      noiseSuppression: false,
      autoGainControl: false,
    });
  });
});

describe("camera errors", () => {
  const err = (name: string, message = "boom") => Object.assign(new Error(message), { name });
  it("maps each getUserMedia failure to its COMPARE_TEXTS message", () => {
    expect(cameraErrorText(err("NotAllowedError"))).toBe(COMPARE_TEXTS.cameraDenied);
    expect(cameraErrorText(err("NotFoundError"))).toBe(COMPARE_TEXTS.cameraNotFound);
    expect(cameraErrorText(err("NotReadableError"))).toBe(COMPARE_TEXTS.cameraInUse);
    expect(cameraErrorText(new CameraTimeoutError())).toBe(COMPARE_TEXTS.cameraTimeout);
    expect(cameraErrorText(err("TypeError", "bad constraints"))).toBe(
      "Unable to access camera: bad constraints. Please check your camera permissions and try again.",
    );
  });

  it("times out after the given delay and stops a late stream", async () => {
    vi.useFakeTimers();
    let resolveLate: (v: string) => void = () => undefined;
    const late = vi.fn();
    const p = withTimeout(
      new Promise<string>((r) => {
        resolveLate = r;
      }),
      10_000,
      late,
    );
    const caught = p.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await caught).toBeInstanceOf(CameraTimeoutError);
    resolveLate("stream");
    await vi.advanceTimersByTimeAsync(0);
    expect(late).toHaveBeenCalledWith("stream");
    vi.useRealTimers();
  });

  it("formats the timer as mm:ss", () => {
    expect(formatRecordingTime(0)).toBe("00:00");
    expect(formatRecordingTime(65_400)).toBe("01:05");
    expect(formatRecordingTime(270_000)).toBe("04:30");
  });
});
