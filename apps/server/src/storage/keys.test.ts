import { describe, expect, it } from "vitest";
import { storageKeys } from "./keys.ts";

describe("stored files' names", () => {
  it("keep the formats files already stored are found by", () => {
    expect(storageKeys.video(7, "user")).toMatch(/^videos\/u7\/user-[0-9a-f]{24}$/);
    expect(storageKeys.video(7, "reference")).toMatch(/^videos\/u7\/reference-[0-9a-f]{24}$/);
    expect(storageKeys.thumbnail(3)).toMatch(/^thumbnails\/u3\/[0-9a-f]{24}$/);
    expect(storageKeys.referencePoses(12)).toBe("poses/reference-12.json");
    expect(storageKeys.rehearsalThumbnail(5)).toBe("thumbnails/rehearsal-5.jpg");
    expect(storageKeys.takeTrack("videos/u1/user-ab12")).toBe("pose-tracks/u1/user-ab12.json");
    expect(storageKeys.poseCache("abc.movenet")).toBe("pose-cache/abc.movenet.json");
  });

  it("never give two uploads one name", () => {
    expect(storageKeys.video(1, "user")).not.toBe(storageKeys.video(1, "user"));
  });

  it("keeps a take's track under its video's name, whatever that name is", () => {
    expect(storageKeys.takeTrack("videos/test-4.mp4")).toBe("pose-tracks/test-4.mp4.json");
    expect(storageKeys.takeTrack("elsewhere/x")).toBe("pose-tracks/elsewhere/x.json");
  });
});
