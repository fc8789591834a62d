import { execFile } from "node:child_process";
import { open, stat } from "node:fs/promises";
import { MotionError } from "../errors.ts";
import { ffprobePath, type VideoReader, videoReader } from "./binaries.ts";
import { probeWithLibrary } from "./library.ts";

export interface VideoInfo {
  /** Seconds; 0 when the container does not say. */
  duration: number;
  /** Display size, after applying the rotation metadata. */
  width: number;
  height: number;
  /** Size as stored in the stream, before rotation. */
  codedWidth: number;
  codedHeight: number;
  codec: string;
  container: string;
  /** Degrees clockwise the player must turn the stored picture (0, 90, 180, 270). */
  rotation: number;
  /** Average frame rate (frames per second); 0 when unknown. */
  fps: number;
  /** True when the stream declares a variable frame rate (r_frame_rate != avg_frame_rate). */
  variableFrameRate: boolean;
  hasAudio: boolean;
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  nb_frames?: string;
  tags?: Record<string, string>;
  side_data_list?: Array<{ rotation?: number | string }>;
  disposition?: { attached_pic?: number };
}

function parseRate(rate: string | undefined): number {
  if (!rate) return 0;
  const [n, d] = rate.split("/").map(Number);
  if (!n || !d || !Number.isFinite(n / d)) return 0;
  return n / d;
}

/** Container signatures (MP4/MOV ftyp or moov, Matroska/WebM EBML, Ogg, AVI RIFF). */
async function looksLikeVideoContainer(path: string): Promise<boolean> {
  const fh = await open(path, "r");
  try {
    const { buffer, bytesRead } = await fh.read(Buffer.alloc(12), 0, 12, 0);
    const b = buffer.subarray(0, bytesRead);
    const box = b.subarray(4, 8).toString("latin1");
    return (
      ["ftyp", "moov", "mdat", "wide", "free"].includes(box) ||
      b.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])) ||
      b.subarray(0, 4).toString("latin1") === "OggS" ||
      b.subarray(0, 4).toString("latin1") === "RIFF"
    );
  } finally {
    await fh.close();
  }
}

type FfprobeJson = { streams?: FfprobeStream[]; format?: { duration?: string; format_name?: string } };

async function cliProbe(path: string): Promise<FfprobeJson> {
  const out = await run(ffprobePath(), ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", path]);
  return JSON.parse(out);
}

/** The library's answer in ffprobe's shape, so one set of rules below reads both. */
async function libraryProbe(path: string): Promise<FfprobeJson> {
  const p = await probeWithLibrary(path);
  const streams: FfprobeStream[] = [];
  if (p.video) {
    streams.push({
      codec_type: "video",
      codec_name: p.video.codec,
      width: p.video.width,
      height: p.video.height,
      avg_frame_rate: p.video.avgRate,
      r_frame_rate: p.video.rRate,
      // ffprobe reports the display matrix counter-clockwise; the library's rotation is clockwise.
      side_data_list: p.video.rotation ? [{ rotation: -p.video.rotation }] : [],
    });
  }
  if (p.hasAudio) streams.push({ codec_type: "audio" });
  return { streams, format: { duration: String(p.duration), format_name: p.formatName } };
}

function run(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(Object.assign(err, { stderr: String(stderr) }));
      else resolve(String(stdout));
    });
  });
}

/**
 * Reads what the engine and the server's upload validation need to know about a file,
 * with ffprobe or the in-process FFmpeg (binaries.ts decides; `reader` overrides, for tests and benches). Throws MotionError NOT_A_VIDEO when the file holds no decodable video stream.
 */
export async function probeVideo(path: string, reader?: VideoReader): Promise<VideoInfo> {
  try {
    const s = await stat(path);
    if (!s.isFile()) throw new Error("not a file");
    if (s.size === 0) throw new MotionError("EMPTY_VIDEO", "The video file is empty.");
  } catch (e) {
    if (e instanceof MotionError) throw e;
    throw new MotionError("UNREADABLE_VIDEO", "The video file could not be read.", { cause: e });
  }
  let json: FfprobeJson;
  try {
    json = (reader ?? videoReader()) === "library" ? await libraryProbe(path) : await cliProbe(path);
  } catch (e) {
    if (e instanceof MotionError) throw e;
    if (await looksLikeVideoContainer(path)) {
      throw new MotionError("UNREADABLE_VIDEO", "The video could not be read; the file may be damaged or incomplete.", {
        cause: e,
      });
    }
    throw new MotionError("NOT_A_VIDEO", "This file is not a video we can read. Please upload MP4, WebM, OGG or MOV.", {
      cause: e,
    });
  }
  const streams = json.streams ?? [];
  const video = streams.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic);
  // Still images (jpeg, png) are probed by ffprobe as one-frame "video" streams: not a video for us.
  const imageCodecs = new Set(["mjpeg", "png", "bmp", "gif", "webp", "tiff"]);
  const formatName = json.format?.format_name ?? "";
  if (
    !video?.width ||
    !video.height ||
    (imageCodecs.has(video.codec_name ?? "") && /image2|_pipe|png|jpeg/.test(formatName))
  ) {
    throw new MotionError("NOT_A_VIDEO", "This file is not a video we can read. Please upload MP4, WebM, OGG or MOV.");
  }
  let rotation = 0;
  const tagRotate = video.tags?.rotate;
  if (tagRotate !== undefined) rotation = Number(tagRotate);
  for (const sd of video.side_data_list ?? []) {
    // Display matrix rotation is counter-clockwise in ffprobe's report; the tag is clockwise.
    if (sd.rotation !== undefined) rotation = -Number(sd.rotation);
  }
  rotation = (((Math.round(rotation / 90) * 90) % 360) + 360) % 360;
  const swap = rotation === 90 || rotation === 270;
  const duration = Number(json.format?.duration ?? video.duration ?? 0) || 0;
  const avg = parseRate(video.avg_frame_rate);
  const r = parseRate(video.r_frame_rate);
  return {
    duration,
    width: swap ? video.height : video.width,
    height: swap ? video.width : video.height,
    codedWidth: video.width,
    codedHeight: video.height,
    codec: video.codec_name ?? "unknown",
    container: formatName,
    rotation,
    fps: avg || r,
    variableFrameRate: avg > 0 && r > 0 && Math.abs(avg - r) / r > 0.01,
    hasAudio: streams.some((s) => s.codec_type === "audio"),
  };
}
