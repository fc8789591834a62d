import { fileTypeFromBuffer } from "file-type";

/**
 * What a file really is, from its first bytes (never from its name or the browser's claim), by
 * `file-type`'s signatures. Covers what browsers record and phones save: MP4/MOV (ISO BMFF),
 * WebM/Matroska, Ogg.
 */
export type SniffedVideo = { mime: "video/mp4" | "video/quicktime" | "video/webm" | "video/ogg"; ext: string };

/** How many opening bytes to gather before sniffing (file-type's own sample size). */
export const SNIFF_BYTES = 4100;

const MP4: SniffedVideo = { mime: "video/mp4", ext: "mp4" };
const MOV: SniffedVideo = { mime: "video/quicktime", ext: "mov" };
const WEBM: SniffedVideo = { mime: "video/webm", ext: "webm" };
const OGG: SniffedVideo = { mime: "video/ogg", ext: "ogv" };

/** file-type's answer (by extension) → what we store and serve it as. */
const VIDEO_TYPES: Record<string, SniffedVideo> = {
  // ISO BMFF video brands (isom, mp41/42, avc1, M4V, 3GPP, Flash MP4…).
  mp4: MP4,
  m4v: MP4,
  "3gp": MP4,
  "3g2": MP4,
  f4v: MP4,
  // QuickTime: brand "qt  ", or a file that starts with moov/mdat/wide/free instead of ftyp.
  mov: MOV,
  // Matroska is played as WebM, as before.
  webm: WEBM,
  mkv: WEBM,
  // Ogg with Theora, or with streams file-type does not name.
  ogv: OGG,
  ogm: OGG,
  ogx: OGG,
};

export async function sniffVideo(head: Uint8Array): Promise<SniffedVideo | undefined> {
  const found = await fileTypeFromBuffer(head);
  return found ? VIDEO_TYPES[found.ext] : undefined;
}

export type SniffedImage = { mime: "image/jpeg" | "image/png" | "image/webp"; ext: string };

/** Thumbnails: JPEG, PNG or WebP, by the same signatures. */
const IMAGE_TYPES: Record<string, SniffedImage> = {
  jpg: { mime: "image/jpeg", ext: "jpg" },
  png: { mime: "image/png", ext: "png" },
  webp: { mime: "image/webp", ext: "webp" },
};

export async function sniffImage(head: Uint8Array): Promise<SniffedImage | undefined> {
  const found = await fileTypeFromBuffer(head);
  return found ? IMAGE_TYPES[found.ext] : undefined;
}
