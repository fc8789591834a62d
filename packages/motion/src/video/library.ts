/**
 * FFmpeg 8 linked into this process (the node-av package and its prebuilt addon from the npm
 * registry): what reads uploads on a machine without a current ffmpeg CLI (see binaries.ts). The
 * same outputs as the CLI paths in probe.ts, decode.ts, frame.ts and audio/extract.ts, built with
 * the same filters, so frames, poses and beats agree with theirs.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { MotionError, undecodableVideo, unreadableSound } from "../errors.ts";
import type { DecodedFrame, DecodeOptions } from "./decode.ts";
import { decodedSize } from "./decode.ts";
import type { VideoInfo } from "./probe.ts";

const require = createRequire(import.meta.url);

type NodeAv = typeof import("node-av");
type Demuxer = import("node-av").Demuxer;
type Stream = import("node-av").Stream;
type Frame = import("node-av").Frame;

let loading: Promise<NodeAv> | undefined;

/** node-av, loaded on first use (its addon is 170 MB: processes that never decode do not pay for it). */
export function nodeAv(): Promise<NodeAv> {
  // node-av 6 calls Promise.withResolvers (Node 22); Node 20 lacks it.
  const p = Promise as unknown as { withResolvers?: unknown };
  p.withResolvers ??= <T>() => {
    let resolve!: (v: T) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<T>((a, b) => {
      resolve = a;
      reject = b;
    });
    return { promise, resolve, reject };
  };
  loading ??= import("node-av").then((av) => {
    // Silent, as the CLI runs with its stderr captured: failures come back as exceptions, and a
    // damaged upload must not fill the server's log.
    av.Log.setLevel(av.AV_LOG_QUIET);
    return av;
  });
  return loading;
}

/** The FFmpeg version node-av is built on ("8.1"), or undefined when the package is not installed. */
export function libraryVersion(): { ffmpeg: string; package: string } | undefined {
  try {
    // The addon ships in a per-platform package; without it node-av cannot run here.
    require.resolve(`@seydx/node-av-${process.platform}-${process.arch}/package.json`);
    // node-av's exports hide its package.json and version file: read them beside its entry point.
    const dist = dirname(require.resolve("node-av"));
    const pkg = JSON.parse(readFileSync(join(dist, "../package.json"), "utf8")) as { version: string };
    const ffmpeg = /FFMPEG_VERSION = ['"]([^'"]+)/.exec(readFileSync(join(dist, "ffmpeg/version.js"), "utf8"))?.[1];
    return ffmpeg ? { ffmpeg, package: pkg.version } : undefined;
  } catch {
    return undefined;
  }
}

/** Why the prebuilt addon does not load here (the doctor's check); undefined when it does. */
export function libraryLoadError(): string | undefined {
  try {
    require(`@seydx/node-av-${process.platform}-${process.arch}`);
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message.split("\n")[0] : String(e);
  }
}

/** libavutil's av_display_rotation_get, turned clockwise like the `rotate` tag: 0, 90, 180 or 270. */
export function displayRotation(matrix: Buffer | null): number {
  if (!matrix || matrix.length < 36) return 0;
  const m = (i: number) => matrix.readInt32LE(i * 4);
  const scale0 = Math.hypot(m(0), m(3));
  const scale1 = Math.hypot(m(1), m(4));
  if (!scale0 || !scale1) return 0;
  const counterClockwise = (Math.atan2(m(1) / scale1, m(0) / scale0) * 180) / Math.PI;
  return (((Math.round(counterClockwise / 90) * 90) % 360) + 360) % 360;
}

function rate(r: { num: number; den: number }): number {
  return r.num > 0 && r.den > 0 ? r.num / r.den : 0;
}

/** The first video stream that is a picture sequence (not cover art), as probe.ts picks it. */
function videoStream(av: NodeAv, demuxer: Demuxer): Stream | undefined {
  return demuxer.streams.find(
    (s) => s.codecpar.codecType === av.AVMEDIA_TYPE_VIDEO && !s.hasDisposition(av.AV_DISPOSITION_ATTACHED_PIC),
  );
}

/** What ffprobe reports that probe.ts reads, in its shape; throws when the file cannot be opened. */
export async function probeWithLibrary(path: string): Promise<{
  formatName: string;
  duration: number;
  video?: { width: number; height: number; codec: string; rotation: number; avgRate: string; rRate: string };
  hasAudio: boolean;
}> {
  const av = await nodeAv();
  const demuxer = await av.Demuxer.open(path);
  try {
    const v = videoStream(av, demuxer);
    const streamSeconds = v ? Number(v.duration) * rate(v.timeBase) : 0;
    return {
      formatName: demuxer.formatName,
      duration: demuxer.duration > 0 ? demuxer.duration : Math.max(0, streamSeconds),
      video: v && {
        width: v.codecpar.width,
        height: v.codecpar.height,
        codec: av.avGetCodecName(v.codecpar.codecId) ?? "unknown",
        rotation: displayRotation(v.codecpar.getCodedSideData(av.AV_PKT_DATA_DISPLAYMATRIX)),
        avgRate: `${v.avgFrameRate.num}/${v.avgFrameRate.den}`,
        rRate: `${v.rFrameRate.num}/${v.rFrameRate.den}`,
      },
      hasAudio: demuxer.streams.some((s) => s.codecpar.codecType === av.AVMEDIA_TYPE_AUDIO),
    };
  } finally {
    await demuxer.close();
  }
}

/** Opens a file, or throws the caller's error for a file that cannot be opened. */
async function openOr(av: NodeAv, path: string, failure: (cause: unknown) => MotionError): Promise<Demuxer> {
  try {
    return await av.Demuxer.open(path);
  } catch (e) {
    throw failure(e);
  }
}

/** The filters the CLI's autorotate puts first, for a clockwise rotation. */
export function rotateFilters(rotation: number): string[] {
  if (rotation === 90) return ["transpose=clock"];
  if (rotation === 180) return ["hflip", "vflip"];
  if (rotation === 270) return ["transpose=cclock"];
  return [];
}

/**
 * Frames of one stream through a filter graph, with timestamps from the file's start as the CLI
 * counts them (it subtracts the container's start time), so fps and aresample pick the same samples.
 * node-av's synchronous calls cost half the CPU of its asynchronous ones (one thread-pool hop per
 * packet, frame and filter call: bench/decode-speed.ts); to keep the event loop free, the loop lets
 * it run every few milliseconds.
 */
async function* filtered(av: NodeAv, demuxer: Demuxer, stream: Stream, filters: string): AsyncGenerator<Frame> {
  const decoder = av.Decoder.createSync(stream, { threadCount: 1 });
  const filter = av.FilterAPI.create(filters, { threads: 1 });
  const tb = stream.timeBase;
  const shift = BigInt(Math.round((demuxer.startTime * tb.den) / tb.num));
  const filterFrame = (frame: Frame): Frame[] => {
    if (shift !== 0n && frame.pts !== av.AV_NOPTS_VALUE) frame.pts -= shift;
    const out = filter.processAllSync(frame);
    frame.free();
    return out;
  };
  let since = performance.now();
  try {
    for (const packet of demuxer.packetsSync(stream.index)) {
      if (!packet) continue;
      for (const frame of decoder.decodeAllSync(packet)) yield* filterFrame(frame);
      if (performance.now() - since > 10) {
        await new Promise((resolve) => setImmediate(resolve));
        since = performance.now();
      }
    }
    for (const frame of decoder.flushFramesSync()) yield* filterFrame(frame);
    yield* filter.flushFramesSync();
  } finally {
    filter.close();
    decoder.close();
  }
}

/** decode.ts's decodeFrames through the library: the same frames (RGB, analysis rate, upright). */
export async function* decodeWithLibrary(
  path: string,
  info: VideoInfo,
  opts: DecodeOptions,
): AsyncGenerator<DecodedFrame> {
  const { width, height } = decodedSize(info, opts.maxSide);
  const av = await nodeAv();
  const demuxer = await openOr(av, path, undecodableVideo);
  const limit = opts.maxSeconds ? Math.ceil(opts.maxSeconds * opts.fps) : Number.POSITIVE_INFINITY;
  let index = 0;
  try {
    const stream = videoStream(av, demuxer);
    if (!stream) throw undecodableVideo();
    const graph = [
      ...rotateFilters(info.rotation),
      `fps=${opts.fps}`,
      `scale=${width}:${height}:flags=bilinear`,
      "format=rgb24",
    ].join(",");
    for await (const frame of filtered(av, demuxer, stream, graph)) {
      const data = new Uint8Array(frame.toBuffer());
      frame.free();
      yield { index, t: index / opts.fps, width, height, data };
      if (++index >= limit) break;
    }
  } catch (e) {
    // A file damaged part-way still gives the frames before the damage, as the CLI does.
    if (index === 0) {
      throw e instanceof MotionError ? e : undecodableVideo(e);
    }
  } finally {
    await demuxer.close();
  }
  if (index === 0) throw new MotionError("EMPTY_VIDEO", "The video has no frames.");
}

/**
 * audio/extract.ts's samples through the library: the first audio stream as mono float PCM at
 * `rate`, sample 0 at time 0 of the file; null when there is no audio stream.
 */
export async function extractAudioWithLibrary(
  path: string,
  rate: number,
  maxSeconds: number,
): Promise<Float32Array | null> {
  const av = await nodeAv();
  const demuxer = await openOr(av, path, unreadableSound);
  const max = Math.ceil(maxSeconds * rate);
  let out = new Float32Array(Math.min(max, 1 << 16));
  let filled = 0;
  try {
    const stream = demuxer.audio();
    if (!stream) return null;
    const graph = `aresample=first_pts=0,aformat=sample_fmts=flt:sample_rates=${rate}:channel_layouts=mono`;
    for await (const frame of filtered(av, demuxer, stream, graph)) {
      const bytes = frame.data?.[0];
      const n = Math.min(frame.nbSamples, max - filled);
      if (bytes && n > 0) {
        if (filled + n > out.length) {
          const bigger = new Float32Array(Math.min(max, Math.max(out.length * 2, filled + n)));
          bigger.set(out.subarray(0, filled));
          out = bigger;
        }
        out.set(new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + n * 4)), filled);
        filled += n;
      }
      frame.free();
      if (filled >= max) break;
    }
  } catch (e) {
    // A truncated file still gives the audio before the damage; only a total failure is an error.
    if (filled === 0) throw unreadableSound(e);
  } finally {
    await demuxer.close();
  }
  return out.slice(0, filled);
}

/** frame.ts's thumbnail through the library: the first frame at or after `at` s, through `filters`, as JPEG. */
export async function jpegWithLibrary(path: string, at: number, filters: string): Promise<Buffer | undefined> {
  const av = await nodeAv();
  const demuxer = await av.Demuxer.open(path);
  try {
    const stream = videoStream(av, demuxer);
    if (!stream) return undefined;
    const tb = stream.timeBase;
    const rotation = displayRotation(stream.codecpar.getCodedSideData(av.AV_PKT_DATA_DISPLAYMATRIX));
    // The CLI's -q:v 4 over full-range YUV, as its mjpeg output gets.
    const graph = [...rotateFilters(rotation), filters, "format=yuvj420p"].join(",");
    let last: Frame | undefined;
    for await (const frame of filtered(av, demuxer, stream, graph)) {
      last?.free();
      last = frame;
      if ((Number(frame.pts) * frame.timeBase.num) / frame.timeBase.den >= at - tb.num / tb.den) break;
    }
    if (!last) return undefined;
    const jpeg = await av.Encoder.encodeOne(av.FF_ENCODER_MJPEG, last, { options: { q: 4 } } as never);
    last.free();
    return jpeg;
  } finally {
    await demuxer.close();
  }
}
