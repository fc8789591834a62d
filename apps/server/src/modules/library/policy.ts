/** Who is asking: a signed-in user, or undefined for a visitor. */
export type Viewer = { id: number; role: string } | undefined;
type Video = { status: string; contributorId: number | null };

/**
 * Who may see a library video (its page, file, thumbnail and comments): approved videos are everyone's;
 * pending and rejected ones only their contributor's and admins'. Anyone else is told "not found".
 */
export function canSeeLibraryVideo(video: Video, viewer: Viewer): boolean {
  return video.status === "approved" || canManageLibraryVideo(video, viewer);
}

/** Who may edit or delete a library video, and see its review and pose state: its contributor and admins. */
export function canManageLibraryVideo(video: Pick<Video, "contributorId">, viewer: Viewer): boolean {
  return !!viewer && (viewer.role === "admin" || viewer.id === video.contributorId);
}

/** Who may upload to the library: contributors and admins. */
export function canContribute(user: { role: string }): boolean {
  return user.role === "contributor" || user.role === "admin";
}

/** Likes, shares and new comments go to approved videos only (others are "not found" for these). */
export function isOpenForReactions(video: Pick<Video, "status">): boolean {
  return video.status === "approved";
}

/** A view counts when an approved video is opened or practised by anyone but its contributor. */
export function countsAsView(video: Video, viewer: Viewer): boolean {
  return video.status === "approved" && viewer?.id !== video.contributorId;
}

/**
 * A contributor's edit of an approved video is reviewed before it goes live (the approved texts stay
 * meanwhile); admins' edits, and edits of videos not yet approved, apply at once.
 */
export function editNeedsReview(video: Pick<Video, "status">, editor: NonNullable<Viewer>): boolean {
  return video.status === "approved" && editor.role !== "admin";
}
