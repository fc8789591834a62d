import { describe, expect, it } from "vitest";
import { canManageLibraryVideo, canSeeLibraryVideo } from "./policy.ts";

const contributorId = 7;
const contributor = { id: contributorId, role: "contributor" };
const admin = { id: 1, role: "admin" };
const stranger = { id: 2, role: "user" };
const visitor = undefined;

describe("who may see a library video (its page, file, thumbnail and comments alike)", () => {
  it("an approved one: everyone, visitors too", () => {
    const video = { status: "approved", contributorId };
    for (const viewer of [contributor, admin, stranger, visitor]) expect(canSeeLibraryVideo(video, viewer)).toBe(true);
  });

  it("a pending or rejected one: its contributor and admins only", () => {
    for (const status of ["pending", "rejected"]) {
      const video = { status, contributorId };
      expect([contributor, admin, stranger, visitor].map((viewer) => canSeeLibraryVideo(video, viewer))).toEqual([
        true,
        true,
        false,
        false,
      ]);
    }
  });

  it("one whose contributor deleted their account (no contributor): admins only while unapproved", () => {
    const video = { status: "pending", contributorId: null };
    expect([admin, stranger, visitor].map((viewer) => canSeeLibraryVideo(video, viewer))).toEqual([true, false, false]);
  });

  it("editing and deleting: its contributor and admins, whatever the status", () => {
    const video = { status: "approved", contributorId };
    expect([contributor, admin, stranger, visitor].map((viewer) => canManageLibraryVideo(video, viewer))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
