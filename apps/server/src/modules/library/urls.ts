/** Where the web app plays a library video and shows its thumbnail from (both answer HTTP range requests). */
export const libraryVideoUrl = (referenceVideoId: number) => `/api/reference-videos/${referenceVideoId}/file`;
export const libraryThumbnailUrl = (referenceVideoId: number) => `/api/reference-videos/${referenceVideoId}/thumbnail`;
