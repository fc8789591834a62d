import { JOINT_FEEDBACK_BELOW_SCORE, JOINT_FEEDBACK_MIN_DIFF } from "@stepsync/contracts";
import { describe, expect, it } from "vitest";
import {
  currentSectionIndex,
  jointFeedbackList,
  jointTag,
  sectionHeading,
  sectionJumpPlan,
  toggleLoop,
  visibleJointFeedback,
} from "./sections";

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

describe("section loop button", () => {
  it("turns on, moves to another section, and turns off when pressed again", () => {
    expect(toggleLoop(null, 2)).toBe(2);
    expect(toggleLoop(2, 0)).toBe(0);
    expect(toggleLoop(0, 0)).toBeNull();
  });
});
