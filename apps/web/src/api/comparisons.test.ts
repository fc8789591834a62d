import { describe, expect, it } from "vitest";
import { buildCompareForm, POSE_TRACK_FIELD } from "./comparisons";

const take = new File(["take"], "recording.webm", { type: "video/webm" });
const poseTrack = { keypointNames: ["nose"], fps: 7, width: 640, height: 480, frames: [[0, 0.5, 0.2, 0.9]] };

describe("the compare form's pose track (a dance-along take scored live)", () => {
  it("goes with the take and its clock, as a JSON file part the server may read", async () => {
    const form = buildCompareForm({
      activityType: "ballet",
      referenceVideoId: 3,
      userFile: take,
      takeOffsetS: 0.21,
      poseTrack,
    });
    expect(form.get("take_offset_s")).toBe("0.210");
    const part = form.get(POSE_TRACK_FIELD);
    expect(part).toBeInstanceOf(Blob);
    expect((part as Blob).type).toBe("application/json");
    expect(JSON.parse(await (part as Blob).text())).toEqual(poseTrack);
    // Before the videos: the server reads it before the take's bytes.
    const names = [...form.keys()];
    expect(names.indexOf(POSE_TRACK_FIELD)).toBeLessThan(names.indexOf("user_video"));
  });

  it("does not go without the take's clock (a take that lost it, or a file from disk)", () => {
    const form = buildCompareForm({
      activityType: "ballet",
      referenceVideoId: 3,
      userFile: take,
      takeOffsetS: null,
      poseTrack,
    });
    expect(form.has(POSE_TRACK_FIELD)).toBe(false);
    expect(
      buildCompareForm({ activityType: "ballet", referenceVideoId: 3, userFile: take }).has(POSE_TRACK_FIELD),
    ).toBe(false);
  });
});
