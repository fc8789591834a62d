/** Who is asking: a signed-in user, or undefined for a visitor. */
export type Viewer = { id: number; role: string } | undefined;
type Video = { status: string; contributorId: number | null; audience: "public" | "group" };

/**
 * Who may see a library video (its page, file, thumbnail, analysis and comments, and compare or drill
 * against it): approved public videos are everyone's; a group's own routine (audience "group") is
 * its organiser's and, once approved (it needs no review, but an admin may reject it), the members'
 * of the groups practising it (`inAudience`); pending and rejected ones only their contributor's and
 * admins'. Anyone else is told "not found".
 */
export function canSeeLibraryVideo(video: Video, viewer: Viewer, inAudience = false): boolean {
  if (canManageLibraryVideo(video, viewer)) return true;
  if (video.status !== "approved") return false;
  return video.audience === "public" || (!!viewer && inAudience);
}

/** In the public library: listed, shared, cached by anyone (a group's routine never is). */
export function isPublicLibraryVideo(video: Pick<Video, "status" | "audience">): boolean {
  return video.status === "approved" && video.audience === "public";
}

/** Who may edit or delete a library video, and see its review and pose state: its contributor and admins. */
export function canManageLibraryVideo(video: Pick<Video, "contributorId">, viewer: Viewer): boolean {
  return !!viewer && (viewer.role === "admin" || viewer.id === video.contributorId);
}

/** Who may upload to the library: contributors and admins. */
export function canContribute(user: { role: string }): boolean {
  return user.role === "contributor" || user.role === "admin";
}

/** Likes, shares and new comments go to the public library's videos only (others are "not found" for these). */
export function isOpenForReactions(video: Pick<Video, "status" | "audience">): boolean {
  return isPublicLibraryVideo(video);
}

/** A view counts when a public library video is opened or practised by anyone but its contributor. */
export function countsAsView(video: Video, viewer: Viewer): boolean {
  return isPublicLibraryVideo(video) && viewer?.id !== video.contributorId;
}

/**
 * A contributor's edit of an approved video is reviewed before it goes live (the approved texts stay
 * meanwhile); admins' edits, and edits of videos not yet approved, apply at once.
 */
export function editNeedsReview(video: Pick<Video, "status" | "audience">, editor: NonNullable<Viewer>): boolean {
  return isPublicLibraryVideo(video) && editor.role !== "admin";
}
