/** Addresses the web app plays videos from (both answer HTTP range requests). */
export const userVideoUrl = (videoId: number) => `/api/videos/${videoId}/file`;
export const libraryVideoUrl = (referenceVideoId: number) => `/api/reference-videos/${referenceVideoId}/file`;
export const libraryThumbnailUrl = (referenceVideoId: number) => `/api/reference-videos/${referenceVideoId}/thumbnail`;
