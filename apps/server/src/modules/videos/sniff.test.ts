import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { sniffImage, sniffVideo } from "./sniff.ts";
import { sniffingStream } from "./upload.ts";

const hex = (h: string) => Buffer.from(h, "hex");
const text = (s: string) => Buffer.concat([Buffer.from(s, "latin1"), Buffer.alloc(32)]);

// Opening bytes of files ffmpeg wrote (WebM, Matroska, Ogg/Theora).
const WEBM = hex("1a45dfa3010000000000001f4286810142f7810142f2810442f381084282847765626d42878102428581021853806701");
const MKV = hex("1a45dfa301000000000000234286810142f7810142f2810442f381084282886d6174726f736b61428781044285810218");
const OGV = hex(
  "4f67675300020000000000000000b09050f900000000775542f9012a807468656f72610302010002000200002000002000000000001900000001000001000001",
);

describe("sniffImage (file-type)", () => {
  it.each([
    ["JPEG", hex("ffd8ffe000104a46494600010100000100010000"), "image/jpeg"],
    ["PNG", hex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"), "image/png"],
    ["WebP", text("RIFF\x24\0\0\0WEBPVP8 \x18\0\0\0"), "image/webp"],
  ])("%s", async (_name, head, mime) => {
    expect((await sniffImage(head))?.mime).toBe(mime);
  });

  it.each([
    ["a GIF", text("GIF89a\x01\0\x01\0")],
    ["an SVG", text('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ["a video", text("\0\0\0\x18ftypisom\0\0\0\0")],
    ["empty", Buffer.alloc(0)],
  ])("refuses %s", async (_name, head) => {
    expect(await sniffImage(head)).toBeUndefined();
  });
});

describe("sniffVideo (file-type)", () => {
  it.each([
    ["MP4 (isom)", text("\0\0\0\x18ftypisom\0\0\0\0"), "video/mp4"],
    ["MP4 (M4V)", text("\0\0\0\x18ftypM4V \0\0\0\0"), "video/mp4"],
    ["3GPP", text("\0\0\0\x18ftyp3gp4\0\0\0\0"), "video/mp4"],
    ["QuickTime", text("\0\0\0\x14ftypqt  \0\0\0\0"), "video/quicktime"],
    ["QuickTime starting with moov", text("\0\0\0\x08moov"), "video/quicktime"],
    ["WebM", WEBM, "video/webm"],
    ["Matroska", MKV, "video/webm"],
    ["Ogg/Theora", OGV, "video/ogg"],
  ])("%s", async (_name, head, mime) => {
    expect((await sniffVideo(head))?.mime).toBe(mime);
  });

  it.each([
    ["text", text("just some text, not a video")],
    ["a PNG", hex("89504e470d0a1a0a0000000d49484452")],
    ["a HEIC photo", text("\0\0\0\x18ftypheic\0\0\0\0")],
    ["empty", Buffer.alloc(0)],
  ])("refuses %s", async (_name, head) => {
    expect(await sniffVideo(head)).toBeUndefined();
  });
});

describe("sniffingStream", () => {
  const run = async (chunks: Buffer[]) => {
    let sniffed: string | undefined;
    const out: Buffer[] = [];
    const check = sniffingStream(
      sniffVideo,
      () => new Error("not a video"),
      (found) => {
        sniffed = found.mime;
      },
    );
    await pipeline(
      Readable.from(chunks),
      check,
      new Writable({
        write(chunk, _enc, done) {
          out.push(chunk);
          done();
        },
      }),
    );
    return { sniffed, bytes: Buffer.concat(out) };
  };

  it("passes every byte through once the opening bytes are known, however they are chunked", async () => {
    const body = Buffer.concat([WEBM, Buffer.alloc(10_000, 7)]);
    const chunks = Array.from({ length: Math.ceil(body.length / 7) }, (_, i) => body.subarray(i * 7, i * 7 + 7));
    const { sniffed, bytes } = await run(chunks);
    expect(sniffed).toBe("video/webm");
    expect(bytes.equals(body)).toBe(true);
  });

  it("sniffs a file shorter than the sample at its end", async () => {
    const { sniffed, bytes } = await run([OGV.subarray(0, 10), OGV.subarray(10)]);
    expect(sniffed).toBe("video/ogg");
    expect(bytes.equals(OGV)).toBe(true);
  });

  it("fails the stream when the bytes are not a video", async () => {
    await expect(run([Buffer.alloc(5000, 0x41)])).rejects.toThrow("not a video");
    await expect(run([Buffer.from("short")])).rejects.toThrow("not a video");
  });
});
