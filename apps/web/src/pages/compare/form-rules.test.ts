import {
  COMPARE_MESSAGES,
  type ComparisonDetail,
  JOINT_FEEDBACK_BELOW_SCORE,
  JOINT_FEEDBACK_MIN_DIFF,
} from "@stepsync/contracts";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/client";
import {
  secondsLeft,
  timeLeftText,
  VIDEO_CHECKS,
  videoFileProblem,
  sectionHeading,
  canSubmit,
  creditsNotice,
  currentSectionIndex,
  jointFeedbackList,
  jointTag,
  readLibraryReference,
  savedComparisonError,
  sectionJumpPlan,
  stageLabel,
  submitProblem,
  toggleLoop,
  videoErrorText,
  visibleJointFeedback,
} from "./logic";

const known = (credits: number) => ({ kind: "known" as const, credits });
const unknown = { kind: "unknown" as const };

describe("compare submit rules", () => {
  it("needs both videos, credits not known below 1, a confirmed address, and not analysing", () => {
    const base = { hasUserVideo: true, hasReference: true, credits: known(3), confirmed: true, analysing: false };
    expect(canSubmit(base)).toBe(true);
    expect(canSubmit({ ...base, credits: unknown })).toBe(true);
    expect(canSubmit({ ...base, credits: known(0) })).toBe(false);
    expect(canSubmit({ ...base, hasUserVideo: false })).toBe(false);
    expect(canSubmit({ ...base, hasReference: false })).toBe(false);
    expect(canSubmit({ ...base, analysing: true })).toBe(false);
    expect(canSubmit({ ...base, confirmed: false })).toBe(false);
  });

  it("gives the spec's messages in order", () => {
    const ready = { hasUserVideo: true, hasReference: true, confirmed: true };
    expect(submitProblem({ ...ready, hasUserVideo: false, hasReference: false, credits: unknown })).toBe(
      "Please upload your dance performance video",
    );
    expect(submitProblem({ ...ready, hasReference: false, credits: unknown })).toBe("Please provide a reference video");
    expect(submitProblem({ ...ready, confirmed: false, credits: known(0) })).toBe(COMPARE_MESSAGES.confirmEmailFirst);
    expect(submitProblem({ ...ready, credits: known(0) })).toBe(COMPARE_MESSAGES.insufficientCredits);
    expect(submitProblem({ ...ready, credits: unknown })).toBeNull();
  });

  it("shows the credits notice: an unconfirmed address first, whatever the balance", () => {
    expect(creditsNotice(known(10), false)).toBe("unconfirmed");
    expect(creditsNotice(unknown, true)).toBe("unknown");
    expect(creditsNotice(known(0), true)).toBe("insufficient");
    expect(creditsNotice(known(1), true)).toBeNull();
  });

  it("reads the library reference from navigation state", () => {
    expect(
      readLibraryReference({ referenceVideo: { id: 7, title: "Salsa basics", videoUrl: "/v.mp4" } }),
    ).toMatchObject({
      id: 7,
      title: "Salsa basics",
      videoUrl: "/v.mp4",
    });
    expect(readLibraryReference({ referenceVideo: { id: 3 } })?.videoUrl).toBeNull();
    expect(readLibraryReference(null)).toBeNull();
    expect(readLibraryReference({ referenceVideo: { title: "no id" } })).toBeNull();
  });

  it("labels the two stages", () => {
    expect(stageLabel("uploading", 37)).toBe("Uploading videos… 37%");
    expect(stageLabel("analysing", 62.4)).toBe("Analysing… 62%");
  });
});

describe("joint feedback rule", () => {
  const joint_feedback = {
    left_elbow: { diff: 25, feedback: "straighten" },
    right_knee: { diff: 20, feedback: "bend" },
    torso: { diff: 31, feedback: "stand tall" },
  };
  it("shows joints with diff above 20 only while the rounded score is below 90", () => {
    expect(visibleJointFeedback({ score: 72, joint_feedback }).map((j) => j.joint)).toEqual(["torso", "left_elbow"]);
    expect(visibleJointFeedback({ score: 89.4, joint_feedback })).toHaveLength(2);
    expect(visibleJointFeedback({ score: 89.5, joint_feedback })).toEqual([]);
    expect(visibleJointFeedback({ score: 95, joint_feedback })).toEqual([]);
  });
  it("follows the contracts' rule at both edges, the one the engine writes by", () => {
    const edge = {
      at: { diff: JOINT_FEEDBACK_MIN_DIFF, feedback: "" },
      past: { diff: JOINT_FEEDBACK_MIN_DIFF + 1, feedback: "" },
    };
    expect(
      visibleJointFeedback({ score: JOINT_FEEDBACK_BELOW_SCORE - 1, joint_feedback: edge }).map((j) => j.joint),
    ).toEqual(["past"]);
    expect(visibleJointFeedback({ score: JOINT_FEEDBACK_BELOW_SCORE, joint_feedback: edge })).toEqual([]);
  });
});

describe("joint feedback sentences", () => {
  it("carry the joint's name as a tag, unless the sentence already opens with a name", () => {
    expect(jointTag("right_shoulder", "Raise your right arm higher, about 20°.")).toBe("Right shoulder");
    expect(jointTag("torso", "Turn your body to face the way the reference does, about 60°.")).toBe("Torso");
    // Results of the previous engine start with the name: no second one.
    expect(jointTag("left_elbow", "Left elbow: straighten it by about 25°.")).toBeNull();
    expect(jointTag("left_shoulder", "Left arm: raise it about 20° higher.")).toBeNull();
  });
});

describe("the feedback list", () => {
  it("puts the worst joint first, as the engine ranks them, whatever order the object came in", () => {
    const list = jointFeedbackList({
      jointSpecificFeedback: { torso: "Stand tall.", left_knee: "Bend it.", right_shoulder: "Raise it." },
      problematicJoints: ["right_shoulder", "left_knee"],
    });
    expect(list.map((j) => j.joint)).toEqual(["right_shoulder", "left_knee", "torso"]);
    expect(list[0]).toEqual({ joint: "right_shoulder", feedback: "Raise it." });
    expect(jointFeedbackList(null)).toEqual([]);
  });
});

describe("sections", () => {
  it("heads a card with the section's label and what happens in it", () => {
    const section = { title: "8-count 2 · arms up, step", label: "8-count 2", description: "arms up, step" };
    expect(sectionHeading(section, 1)).toBe("8-count 2 · Arms up, step");
    expect(sectionHeading({ title: "Part 3 · turn", label: "Part 3", description: "" }, 2)).toBe("Part 3");
  });
  it("heads a card of an older result with its title, without the time range the card already shows", () => {
    expect(sectionHeading({ title: "0:04–0:08 · Arms lead" }, 1)).toBe("Arms lead");
    expect(sectionHeading({ title: "1:02-1:10 · leg work" }, 0)).toBe("Leg work");
    expect(sectionHeading({ title: "Chorus" }, 2)).toBe("Chorus");
    expect(sectionHeading({ title: "" }, 2)).toBe("Section 3");
    expect(sectionHeading(null, 0)).toBe("Section 1");
  });
  const sections = [
    { timestamp: 0, duration: 4 },
    { timestamp: 4, duration: 4 },
    { timestamp: 8, duration: 3 },
  ];
  it("follows playback: the section whose start and duration contain the time", () => {
    expect(currentSectionIndex(sections, 0)).toBe(0);
    expect(currentSectionIndex(sections, 3.99)).toBe(0);
    expect(currentSectionIndex(sections, 4)).toBe(1);
    expect(currentSectionIndex(sections, 10.9)).toBe(2);
    expect(currentSectionIndex(sections, 11)).toBe(2);
    expect(currentSectionIndex(sections, 20)).toBe(-1);
    expect(currentSectionIndex([], 1)).toBe(-1);
  });

  it("plans a jump 2.5 s before the section, pausing at its start", () => {
    expect(sectionJumpPlan(10)).toEqual({ start: 7.5, stopAt: 10, playMs: 2500 });
    expect(sectionJumpPlan(1)).toEqual({ start: 0, stopAt: 1, playMs: 1000 });
  });
});

describe("video element errors", () => {
  it("maps media error codes to their COMPARE_TEXTS messages", () => {
    expect(videoErrorText(4)).toBe("Video format not supported or file corrupted");
    expect(videoErrorText(3)).toBe("Network error - video file not accessible");
    expect(videoErrorText(2)).toBe("Video file not found");
    expect(videoErrorText(1)).toBe("Error loading video");
    expect(videoErrorText(undefined)).toBe("Error loading video");
  });
});

describe("section loop button", () => {
  it("turns on, moves to another section, and turns off when pressed again", () => {
    expect(toggleLoop(null, 2)).toBe(2);
    expect(toggleLoop(2, 0)).toBe(0);
    expect(toggleLoop(0, 0)).toBeNull();
  });
});

describe("a saved comparison's message instead of its result", () => {
  const base = { status: "processing", error: null } as unknown as ComparisonDetail;
  it("names a missing comparison and asks to sign in again on 401", () => {
    expect(savedComparisonError("9", undefined, new ApiError(404, "Comparison not found"))).toBe(
      COMPARE_MESSAGES.comparisonNotFound("9"),
    );
    expect(savedComparisonError("9", base, new ApiError(401, "Authentication required"))).toBe(
      COMPARE_MESSAGES.historyAuth,
    );
  });
  it("keeps the progress through a passing failure once the comparison is loaded", () => {
    expect(savedComparisonError("9", base, new ApiError(0, "offline"))).toBeNull();
    expect(savedComparisonError("9", undefined, new ApiError(500, "boom"))).toContain("boom");
  });
  it("says why an analysis failed", () => {
    expect(savedComparisonError("9", { ...base, status: "failed", error: "No person found." }, null)).toBe(
      "No person found.",
    );
    expect(savedComparisonError("9", { ...base, status: "failed" }, null)).toBe(COMPARE_MESSAGES.analysisFailed);
    expect(savedComparisonError("9", { ...base, status: "completed" }, null)).toBeNull();
  });
});

describe("the time left of an analysis", () => {
  it("comes from its pace since first seen, once that pace says something", () => {
    const first = { at: 0, percent: 10 };
    expect(secondsLeft(first, { at: 2000, percent: 30 })).toBeNull();
    expect(secondsLeft(first, { at: 10_000, percent: 11 })).toBeNull();
    // 20 points in 10 s, 70 to go: 35 s.
    expect(secondsLeft(first, { at: 10_000, percent: 30 })).toBe(35);
  });

  it("reads in round figures", () => {
    expect(timeLeftText(null)).toBe("Estimating the time left…");
    expect(timeLeftText(2)).toBe("About 5 s left");
    expect(timeLeftText(35)).toBe("About 35 s left");
    expect(timeLeftText(36)).toBe("About 40 s left");
    expect(timeLeftText(100)).toBe("About 2 min left");
  });
});

describe("what a picked file's preview tells before the upload", () => {
  it("a file the browser cannot play is no playable video; a video over 10 minutes is too long", () => {
    expect(videoFileProblem({ mediaError: 4, duration: null })).toBe(VIDEO_CHECKS.unplayable);
    expect(videoFileProblem({ mediaError: 3, duration: null })).toBe(VIDEO_CHECKS.unplayable);
    expect(videoFileProblem({ mediaError: null, duration: 601 })).toBe(VIDEO_CHECKS.tooLong(601));
    expect(videoFileProblem({ mediaError: null, duration: 600 })).toBeNull();
    // A fresh recording has no length until played: nothing is known against it.
    expect(videoFileProblem({ mediaError: null, duration: Number.POSITIVE_INFINITY })).toBeNull();
  });
});
