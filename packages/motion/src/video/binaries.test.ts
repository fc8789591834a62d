import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeEmptyScene, tempDir } from "../../test-support/fixtures.ts";
import { copyrightYear, ffmpegBinaries, majorVersion, parseVersion, resolveBinaries } from "./binaries.ts";
import { extractFrame } from "./frame.ts";
import { libraryLoadError, libraryVersion } from "./library.ts";

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

const library = () => ({ ffmpeg: "8.1", package: "6.1.1" });

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
      library,
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
      library,
    });
    expect(beside.ffprobe).toMatchObject({ path: join(own, "ffprobe"), source: "env" });
  });

  it("FFMPEG_PATH naming an ffmpeg older than 5 (or a git build) is refused for reading: FFmpeg in-process reads", async () => {
    for (const version of ["4.1.3", "N-47683-g0e8eb07980-static"]) {
      const old = resolveBinaries({
        env: { FFMPEG_PATH: "/opt/old/ffmpeg", FFPROBE_PATH: "/opt/old/ffprobe", PATH: "" },
        version: () => version,
        library,
      });
      expect(old, version).toMatchObject({ reader: "library", warning: undefined });
      expect(old.note, version).toMatch(
        new RegExp(`FFMPEG_PATH names ffmpeg ${version.replace(/[.]/g, "\\.")}, older than 5`),
      );
    }
    // A real executable answering -version as the December-2018 static build did.
    const d = join(dir, "ffmpeg-2018");
    await mkdir(d, { recursive: true });
    for (const n of ["ffmpeg", "ffprobe"]) {
      const banner = `${n} version N-47683-g0e8eb07980-static https://johnvansickle.com/ffmpeg/  Copyright (c) 2000-2018 the FFmpeg developers`;
      await writeFile(join(d, n), `#!/bin/sh\necho '${banner}'\n`);
      await chmod(join(d, n), 0o755);
    }
    const real = resolveBinaries({ env: { FFMPEG_PATH: join(d, "ffmpeg"), PATH: "" }, library });
    expect(real).toMatchObject({ reader: "library", ffmpeg: { year: 2018, source: "env" } });
    const noLibrary = resolveBinaries({
      env: { FFMPEG_PATH: "/opt/old/ffmpeg", FFPROBE_PATH: "/opt/old/ffprobe", PATH: "" },
      version: () => "4.4.2",
      library: () => undefined,
    });
    expect(noLibrary.reader).toBe("none");
    expect(noLibrary.warning).toMatch(/uploads are refused/);
  });

  it("a matching system pair of version 5 or newer on PATH reads videos; else FFmpeg in-process, never the old CLI", async () => {
    const good = await fakeBins("good");
    const sys = resolveBinaries({
      env: { PATH: `/nowhere:${good}` },
      version: () => "5.1.9-0+deb12u1",
      library,
    });
    expect(sys).toMatchObject({
      ffmpeg: { path: join(good, "ffmpeg"), source: "system", version: "5.1.9-0+deb12u1" },
      ffprobe: { path: join(good, "ffprobe"), source: "system" },
      warning: undefined,
    });

    const old = resolveBinaries({ env: { PATH: good }, version: () => "4.4.2", library });
    expect(old).toMatchObject({ reader: "library", library: { ffmpeg: "8.1" }, warning: undefined });
    expect(old.note).toMatch(/the ffmpeg on PATH is 4\.4\.2, older than 5/);
    // The old CLI is kept only to make test videos.
    expect(old.ffmpeg.path).toBe(join(good, "ffmpeg"));

    const mismatched = resolveBinaries({
      env: { PATH: good },
      version: (p) => (p.endsWith("ffmpeg") ? "6.0" : "5.1"),
      library,
    });
    expect(mismatched.reader).toBe("library");
    expect(mismatched.note).toMatch(/do not match/);

    const half = await fakeBins("half", ["ffmpeg"]);
    const none = resolveBinaries({ env: { PATH: half }, version: () => "6.0", library });
    expect(none.reader).toBe("library");
    expect(none.note).toMatch(/no ffmpeg and ffprobe on PATH/);

    const forced = resolveBinaries({
      env: { PATH: good, STEPSYNC_VIDEO_READER: "library" },
      version: () => "7.0",
      library,
    });
    expect(forced).toMatchObject({ reader: "library", ffmpeg: { path: join(good, "ffmpeg") } });
  });

  it("no current CLI and no library: nothing reads videos, and the warning says uploads are refused", () => {
    const r = resolveBinaries({ env: { PATH: "" }, version: () => undefined, library: () => undefined });
    expect(r.reader).toBe("none");
    expect(r.ffmpeg.version).toBeUndefined();
    expect(r.warning).toMatch(/No current FFmpeg.*uploads are refused/);
  });

  it("the library is installed from the npm registry for this platform: FFmpeg 8", () => {
    expect(Number(libraryVersion()?.ffmpeg.split(".")[0])).toBeGreaterThanOrEqual(8);
    expect(libraryLoadError()).toBeUndefined();
  });

  it("this process runs real, matching binaries", () => {
    const b = ffmpegBinaries();
    expect(b.ffmpeg.version).toBeDefined();
    expect(b.ffprobe.version).toBeDefined();
  });
});

describe("the install", () => {
  it("holds no old static ffmpeg package: no manifest, lock entry or install-script allowance names @ffmpeg-installer", async () => {
    const repoRoot = join(import.meta.dirname, "../../../..");
    const root = JSON.parse(await readFile(join(repoRoot, "package.json"), "utf8")) as { workspaces: string[] };
    const files = ["package.json", "package-lock.json", ...root.workspaces.map((w) => join(w, "package.json"))];
    for (const file of files)
      expect(await readFile(join(repoRoot, file), "utf8"), file).not.toMatch(/@ffmpeg-installer/);
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
