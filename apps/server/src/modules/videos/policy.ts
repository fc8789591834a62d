/** A user's uploaded video is theirs alone: to see, to play, to compare again. Anyone else is told "not found". */
export function canUseUpload(video: { ownerId: number }, user: { id: number }): boolean {
  return video.ownerId === user.id;
}
