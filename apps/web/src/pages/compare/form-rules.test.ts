import { COMPARE_MESSAGES, type ComparisonDetail } from "@stepsync/contracts";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/client";
import { canSubmit, creditsNotice, savedComparisonError, submitProblem } from "./form-rules";

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
