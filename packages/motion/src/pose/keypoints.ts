/** Keypoint naming shared by the models. MoveNet gives the 17 COCO points in this order. */
export const COCO_KEYPOINTS = [
  "nose",
  "left_eye",
  "right_eye",
  "left_ear",
  "right_ear",
  "left_shoulder",
  "right_shoulder",
  "left_elbow",
  "right_elbow",
  "left_wrist",
  "right_wrist",
  "left_hip",
  "right_hip",
  "left_knee",
  "right_knee",
  "left_ankle",
  "right_ankle",
] as const;

export type CocoKeypoint = (typeof COCO_KEYPOINTS)[number];

/** BlazePose's 33 landmarks (the model also returns 6 auxiliary points, dropped after tracking). */
export const BLAZEPOSE_KEYPOINTS = [
  "nose",
  "left_eye_inner",
  "left_eye",
  "left_eye_outer",
  "right_eye_inner",
  "right_eye",
  "right_eye_outer",
  "left_ear",
  "right_ear",
  "mouth_left",
  "mouth_right",
  "left_shoulder",
  "right_shoulder",
  "left_elbow",
  "right_elbow",
  "left_wrist",
  "right_wrist",
  "left_pinky",
  "right_pinky",
  "left_index",
  "right_index",
  "left_thumb",
  "right_thumb",
  "left_hip",
  "right_hip",
  "left_knee",
  "right_knee",
  "left_ankle",
  "right_ankle",
  "left_heel",
  "right_heel",
  "left_foot_index",
  "right_foot_index",
] as const;

/** Index of each COCO point in a keypoint list with the given names (features work on these 17). */
export function cocoIndexMap(names: readonly string[]): number[] {
  return COCO_KEYPOINTS.map((n) => {
    const i = names.indexOf(n);
    if (i < 0) throw new Error(`keypoint ${n} missing from model output`);
    return i;
  });
}
