import { chmod, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeEmptyScene, tempDir } from "../testing/fixtures.ts";
import { copyrightYear, ffmpegBinaries, majorVersion, parseVersion, resolveBinaries } from "./binaries.ts";
import { extractFrame } from "./frame.ts";

let dir = "";
let cleanup: () => Promise<void> = async () => {};

/** Empty executables named ffmpeg/ffprobe in `sub`; their "versions" come from the stub below. */
async function fakeBins(sub: string, names = ["ffmpeg", "ffprobe"]): Promise<string> {
  const d = join(dir, sub);
  await mkdir(d, { recursive: true });
  for (const n of names) {
    await writeFile(join(d, n), "#!/bin/sh\n");
    await chmod(join(d, n), 0o755);
  }
  return d;
}

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir());
});
afterAll(() => cleanup());

const shipped = () => ({ ffmpeg: "/pkg/ffmpeg", ffprobe: "/pkg/ffprobe" });

describe("ffmpeg resolution", () => {
  it("reads versions: releases have a major, git builds do not", () => {
    expect(parseVersion("ffmpeg version 5.1.9-0+deb12u1 Copyright (c) 2000-2026")).toBe("5.1.9-0+deb12u1");
    expect(majorVersion("5.1.9-0+deb12u1")).toBe(5);
    expect(majorVersion("n6.1")).toBe(6);
    expect(majorVersion("N-47683-g0e8eb07980-static")).toBeUndefined();
    expect(
      copyrightYear("ffmpeg version N-47683-g0e8eb07980-static  Copyright (c) 2000-2018 the FFmpeg developers"),
    ).toBe(2018);
  });

  it("FFMPEG_PATH / FFPROBE_PATH first, as given; an ffprobe beside FFMPEG_PATH when only that is set", async () => {
    const own = await fakeBins("own");
    const both = resolveBinaries({
      env: { FFMPEG_PATH: "/x/ffmpeg", FFPROBE_PATH: "/y/ffprobe", PATH: "" },
      version: () => "7.0",
      packaged: shipped,
    });
    expect([both.ffmpeg.path, both.ffprobe.path, both.ffmpeg.source, both.warning]).toEqual([
      "/x/ffmpeg",
      "/y/ffprobe",
      "env",
      undefined,
    ]);
    const beside = resolveBinaries({
      env: { FFMPEG_PATH: join(own, "ffmpeg"), PATH: "" },
      version: () => "7.0",
      packaged: shipped,
    });
    expect(beside.ffprobe).toMatchObject({ path: join(own, "ffprobe"), source: "env" });
  });

  it("a matching system pair of version 5 or newer on PATH; else the package pair, with a warning", async () => {
    const good = await fakeBins("good");
    const sys = resolveBinaries({
      env: { PATH: `/nowhere:${good}` },
      version: () => "5.1.9-0+deb12u1",
      packaged: shipped,
    });
    expect(sys).toMatchObject({
      ffmpeg: { path: join(good, "ffmpeg"), source: "system", version: "5.1.9-0+deb12u1" },
      ffprobe: { path: join(good, "ffprobe"), source: "system" },
      warning: undefined,
    });

    const old = resolveBinaries({ env: { PATH: good }, version: () => "4.4.2", packaged: shipped });
    expect(old.ffmpeg).toMatchObject({ path: "/pkg/ffmpeg", source: "package" });
    expect(old.warning).toMatch(/shipped in npm packages \(the ffmpeg on PATH is 4\.4\.2, older than 5\)/);

    const mismatched = resolveBinaries({
      env: { PATH: good },
      version: (p) => (p.endsWith("ffmpeg") ? "6.0" : "5.1"),
      packaged: shipped,
    });
    expect(mismatched.ffprobe.path).toBe("/pkg/ffprobe");
    expect(mismatched.warning).toMatch(/do not match/);

    const half = await fakeBins("half", ["ffmpeg"]);
    const none = resolveBinaries({ env: { PATH: half }, version: () => "6.0", packaged: shipped });
    expect(none.ffmpeg.path).toBe("/pkg/ffmpeg");
    expect(none.warning).toMatch(/no ffmpeg and ffprobe on PATH/);
  });

  it("nothing at all: names that do not run (the doctor reports them missing)", () => {
    const r = resolveBinaries({
      env: { PATH: "" },
      version: () => undefined,
      packaged: () => ({ ffmpeg: undefined, ffprobe: undefined }),
    });
    expect(r.ffmpeg.version).toBeUndefined();
    expect(r.ffprobe.version).toBeUndefined();
    expect(r.warning).toBeDefined();
  });

  it("this process runs real, matching binaries", () => {
    const b = ffmpegBinaries();
    expect(b.ffmpeg.version).toBeDefined();
    expect(b.ffprobe.version).toBeDefined();
  });
});

describe("extractFrame", () => {
  it("one JPEG frame of a video, scaled; undefined for a file that is not a video", async () => {
    const video = join(dir, "scene.mp4");
    await makeEmptyScene(video, 2);
    const jpeg = await extractFrame(video, { duration: 2, width: 160 });
    expect(jpeg?.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const text = join(dir, "text.mp4");
    await writeFile(text, "not a video");
    expect(await extractFrame(text)).toBeUndefined();
  });
});
