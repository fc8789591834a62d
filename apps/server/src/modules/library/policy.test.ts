import { describe, expect, it } from "vitest";
import {
  canManageLibraryVideo,
  canSeeLibraryVideo,
  countsAsView,
  isOpenForReactions,
  isPublicLibraryVideo,
} from "./policy.ts";

const contributorId = 7;
const contributor = { id: contributorId, role: "contributor" };
const admin = { id: 1, role: "admin" };
const stranger = { id: 2, role: "user" };
const visitor = undefined;

describe("who may see a library video (its page, file, thumbnail and comments alike)", () => {
  it("an approved one: everyone, visitors too", () => {
    const video = { status: "approved", contributorId, audience: "public" as const };
    for (const viewer of [contributor, admin, stranger, visitor]) expect(canSeeLibraryVideo(video, viewer)).toBe(true);
  });

  it("a pending or rejected one: its contributor and admins only", () => {
    for (const status of ["pending", "rejected"]) {
      const video = { status, contributorId, audience: "public" as const };
      expect([contributor, admin, stranger, visitor].map((viewer) => canSeeLibraryVideo(video, viewer))).toEqual([
        true,
        true,
        false,
        false,
      ]);
    }
  });

  it("one whose contributor deleted their account (no contributor): admins only while unapproved", () => {
    const video = { status: "pending", contributorId: null, audience: "public" as const };
    expect([admin, stranger, visitor].map((viewer) => canSeeLibraryVideo(video, viewer))).toEqual([true, false, false]);
  });

  it("a group's own routine: its organiser, admins, and signed-in members of its groups; never the public", () => {
    const video = { status: "approved", contributorId, audience: "group" as const };
    const member = { id: 3, role: "user" };
    expect(
      [contributor, admin, member, stranger, visitor].map((viewer) =>
        canSeeLibraryVideo(video, viewer, viewer === member),
      ),
    ).toEqual([true, true, true, false, false]);
    // A visitor is no member, whatever is claimed.
    expect(canSeeLibraryVideo(video, visitor, true)).toBe(false);
    expect(isPublicLibraryVideo(video)).toBe(false);
    expect(isOpenForReactions(video)).toBe(false);
    expect(countsAsView(video, member)).toBe(false);
  });

  it("a group's routine an admin rejected: no longer its members'", () => {
    const video = { status: "rejected", contributorId, audience: "group" as const };
    expect(canSeeLibraryVideo(video, { id: 3, role: "user" }, true)).toBe(false);
    expect(canSeeLibraryVideo(video, contributor)).toBe(true);
  });

  it("editing and deleting: its contributor and admins, whatever the status", () => {
    const video = { status: "approved", contributorId, audience: "public" as const };
    expect([contributor, admin, stranger, visitor].map((viewer) => canManageLibraryVideo(video, viewer))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
