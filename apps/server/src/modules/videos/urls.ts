/** Where the web app plays a user's upload from (it answers HTTP range requests). */
export const userVideoUrl = (videoId: number) => `/api/videos/${videoId}/file`;
