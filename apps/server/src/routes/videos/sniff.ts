/**
 * What a file really is, from its first bytes (never from its name or the browser's claim).
 * Covers what browsers record and phones save: MP4/MOV (ISO BMFF), WebM/Matroska, Ogg.
 */
export type SniffedVideo = { mime: "video/mp4" | "video/quicktime" | "video/webm" | "video/ogg"; ext: string };

export function sniffVideo(head: Buffer): SniffedVideo | undefined {
  if (head.length >= 12 && head.toString("latin1", 4, 8) === "ftyp") {
    const brand = head.toString("latin1", 8, 12);
    return brand === "qt  " ? { mime: "video/quicktime", ext: "mov" } : { mime: "video/mp4", ext: "mp4" };
  }
  // Some QuickTime files start with other atoms before ftyp.
  if (head.length >= 8 && ["moov", "mdat", "wide", "free", "skip"].includes(head.toString("latin1", 4, 8))) {
    return { mime: "video/quicktime", ext: "mov" };
  }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return { mime: "video/webm", ext: "webm" };
  if (head.length >= 4 && head.toString("latin1", 0, 4) === "OggS") return { mime: "video/ogg", ext: "ogv" };
  return undefined;
}

export type SniffedImage = { mime: "image/jpeg" | "image/png" | "image/webp"; ext: string };

export function sniffImage(head: Buffer): SniffedImage | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return { mime: "image/jpeg", ext: "jpg" };
  if (head.length >= 8 && head.toString("hex", 0, 8) === "89504e470d0a1a0a") return { mime: "image/png", ext: "png" };
  if (head.length >= 12 && head.toString("latin1", 0, 4) === "RIFF" && head.toString("latin1", 8, 12) === "WEBP") {
    return { mime: "image/webp", ext: "webp" };
  }
  return undefined;
}
