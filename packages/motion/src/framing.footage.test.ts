/**
 * Framing on real poses: the truth keypoints shipped with the fixtures (a portrait squat video and a
 * square dance clip), checked the way a card shows the result — a 16:9 window in which every body
 * point, the head above the nose and the feet must lie, with room to spare.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type Box,
  compactFramingTrack,
  cropWindow,
  type FramingTrack,
  pickThumbnail,
  previewFraming,
} from "./framing.ts";
import { extractFrame } from "./video/frame.ts";
import { BLAZEPOSE_KEYPOINTS, COCO_KEYPOINTS } from "./pose/keypoints.ts";
import { fixturesDir, hasFixtures, SKIP_MESSAGE, video } from "../test-support/fixtures.ts";

if (!hasFixtures) console.warn(SKIP_MESSAGE);

const CARD = 16 / 9;

/** pose_squats.mp4 (720x1280, 5 fps): BlazePose landmarks per frame, [x, y, z] in pixels. */
function squats(): FramingTrack {
  const truth = JSON.parse(readFileSync(join(fixturesDir, "truth", "pose_squats.full.json"), "utf8")) as number[][][];
  return {
    keypointNames: BLAZEPOSE_KEYPOINTS,
    width: 720,
    height: 1280,
    frames: truth.map((points, i) => ({
      t: i / 5,
      keypoints: points.flatMap(([x = 0, y = 0]) => [x / 720, y / 1280, 1]),
    })),
  };
}

/** pose_1.mp4 (576x576, 30 fps): MoveNet's 17 points per frame, name → {x, y} in pixels. */
function dancer(): FramingTrack {
  const truth = JSON.parse(readFileSync(join(fixturesDir, "truth", "pose_1.json"), "utf8")) as Array<
    Record<string, { x: number; y: number }>
  >;
  return {
    keypointNames: COCO_KEYPOINTS,
    width: 576,
    height: 576,
    frames: truth.map((points, i) => ({
      t: i / 30,
      keypoints: COCO_KEYPOINTS.flatMap((name) => {
        const p = points[name];
        return p ? [p.x / 576, p.y / 576, 0.9] : [0, 0, 0];
      }),
    })),
  };
}

const frameAt = (track: FramingTrack, t: number) => {
  const f = track.frames.find((x) => x.t === t);
  if (!f) throw new Error(`no frame at ${t}`);
  return f;
};

/** The frame's seen points in the window's own 0–1 coordinates. */
function inWindow(track: FramingTrack, keypoints: ArrayLike<number>, w: Box) {
  const out: { name: string; x: number; y: number }[] = [];
  track.keypointNames.forEach((name, i) => {
    if (!((keypoints[i * 3 + 2] ?? 0) > 0)) return;
    out.push({ name, x: ((keypoints[i * 3] ?? 0) - w.x) / w.w, y: ((keypoints[i * 3 + 1] ?? 0) - w.y) / w.h });
  });
  return out;
}

const point = (pts: { name: string; x: number; y: number }[], name: string) => {
  const p = pts.find((q) => q.name === name);
  if (!p) throw new Error(`${name} not seen`);
  return p;
};

/** Every point at least `room` (share of the window) from its edges, and the crown above the nose too. */
function showsWholePerson(track: FramingTrack, keypoints: ArrayLike<number>, w: Box, room = 0.03): boolean {
  const pts = inWindow(track, keypoints, w);
  const nose = point(pts, "nose");
  const shoulderY = (point(pts, "left_shoulder").y + point(pts, "right_shoulder").y) / 2;
  // The top of the head sits above the nose by about half the nose-to-shoulders drop.
  const crown = nose.y - 0.5 * (shoulderY - nose.y);
  return crown >= room && pts.every((p) => p.x >= room && p.x <= 1 - room && p.y >= room && p.y <= 1 - room);
}

/** A window's shape in pixels (width / height). */
const aspectOf = (w: Box, track: FramingTrack) => (w.w * track.width) / (w.h * track.height);

describe.skipIf(!hasFixtures)("framing the person on real poses", () => {
  it("portrait squats: the thumbnail's 16:9 window shows the whole person, where a centred card crop cut off the head", () => {
    const track = squats();
    const thumb = pickThumbnail(track, CARD);
    if (!thumb) throw new Error("no thumbnail");
    const frame = frameAt(track, thumb.at);
    expect(aspectOf(thumb.crop, track)).toBeCloseTo(CARD, 3);
    expect(showsWholePerson(track, frame.keypoints, thumb.crop)).toBe(true);
    // The person fills the window's height (a thumbnail, not a wide shot of an empty room).
    const ys = inWindow(track, frame.keypoints, thumb.crop).map((p) => p.y);
    expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThan(0.55);
    // Not the lead-in: the first second is getting ready.
    expect(thumb.at).toBeGreaterThanOrEqual(1);
    // What the card showed before: the whole frame under object-fit: cover, a centred band.
    const band = (720 / CARD / 1280) as number;
    const cover: Box = { x: 0, y: (1 - band) / 2, w: 1, h: band };
    expect(showsWholePerson(track, frame.keypoints, cover)).toBe(false);
  });

  it("portrait squats: a window wider than the frame is centred on it (the same fill on both sides)", () => {
    const track = squats();
    const thumb = pickThumbnail(track, CARD);
    if (!thumb) throw new Error("no thumbnail");
    expect(thumb.crop.w).toBeGreaterThan(1);
    expect(thumb.crop.x).toBeCloseTo(-(thumb.crop.w - 1) / 2, 6);
    expect(thumb.crop.y).toBeGreaterThanOrEqual(0);
    expect(thumb.crop.y + thumb.crop.h).toBeLessThanOrEqual(1 + 1e-9);
  });

  it("square dance clip: the chosen frame shows the whole dancer, zoomed in from the full frame", () => {
    const track = dancer();
    const thumb = pickThumbnail(track, CARD);
    if (!thumb) throw new Error("no thumbnail");
    const frame = frameAt(track, thumb.at);
    expect(showsWholePerson(track, frame.keypoints, thumb.crop)).toBe(true);
    expect(aspectOf(thumb.crop, track)).toBeCloseTo(CARD, 3);
    // The dancer stands in the lower middle of a wide room: the window drops the empty ceiling.
    expect(thumb.crop.y).toBeGreaterThan(0.15);
    expect(thumb.crop.y + thumb.crop.h).toBeLessThanOrEqual(1 + 1e-9);
    expect(thumb.at).toBeGreaterThanOrEqual(0.4);
  });

  it("prefers a frame where the whole body is seen over a larger one with the feet missing", () => {
    const base = dancer();
    const ankles = ["left_ankle", "right_ankle"].map((n) => base.keypointNames.indexOf(n));
    // Only frames 60–65 see the ankles; the others lose them (as when the feet leave the picture).
    const track: FramingTrack = {
      ...base,
      frames: base.frames.map((f, i) => {
        if (i >= 60 && i <= 65) return f;
        const kp = Array.from(f.keypoints);
        for (const a of ankles) kp.splice(a * 3, 3, 0, 0, 0);
        return { ...f, keypoints: kp };
      }),
    };
    const thumb = pickThumbnail(track, CARD);
    const chosen = track.frames.findIndex((f) => f.t === thumb?.at);
    expect(chosen).toBeGreaterThanOrEqual(60);
    expect(chosen).toBeLessThanOrEqual(65);
  });

  it("a frame whose head runs out of the top of the picture does not count as whole", () => {
    const base = dancer();
    const nose = base.keypointNames.indexOf("nose");
    // Frames 30–119 are shifted up until the nose sits at the top edge: the crown is out of the picture.
    const track: FramingTrack = {
      ...base,
      frames: base.frames.map((f, i) => {
        if (i < 30) return f;
        const kp = Array.from(f.keypoints);
        const lift = (kp[nose * 3 + 1] ?? 0) - 0.005;
        for (let k = 0; k < kp.length; k += 3) if ((kp[k + 2] ?? 0) > 0) kp[k + 1] = (kp[k + 1] ?? 0) - lift;
        return { ...f, keypoints: kp };
      }),
    };
    const thumb = pickThumbnail(track, CARD);
    const chosen = track.frames.findIndex((f) => f.t === thumb?.at);
    expect(chosen).toBeLessThan(30);
  });

  it("the preview window keeps the person in view through the whole clip, and starts on the thumbnail's frame", () => {
    const track = squats();
    const preview = previewFraming(track, CARD);
    if (!preview) throw new Error("no framing");
    expect(preview.at).toBe(pickThumbnail(track, CARD)?.at);
    expect(aspectOf(preview.crop, track)).toBeCloseTo(CARD, 3);
    const shown = track.frames.filter((f) => showsWholePerson(track, f.keypoints, preview.crop, 0.01));
    expect(shown.length / track.frames.length).toBeGreaterThanOrEqual(0.95);
  });

  it("cuts the chosen window out of the video as a 16:9 JPEG", async () => {
    const track = squats();
    const thumb = pickThumbnail(track, CARD);
    if (!thumb) throw new Error("no thumbnail");
    const jpeg = await extractFrame(video("pose_squats.mp4"), {
      at: thumb.at,
      crop: { window: thumb.crop, aspect: CARD },
    });
    expect(jpeg && jpegSize(jpeg)).toEqual({ width: 480, height: 270 });
  });

  it("reads a comparison's compact track the same as the full one", () => {
    const track = dancer();
    const compact = {
      keypointNames: [...track.keypointNames],
      fps: 30,
      width: track.width,
      height: track.height,
      frames: track.frames.map((f) => [f.t, ...Array.from(f.keypoints)]),
    };
    expect(previewFraming(compactFramingTrack(compact), CARD)).toEqual(previewFraming(track, CARD));
  });
});

describe("crop windows", () => {
  const landscape = { width: 1280, height: 720 };

  it("a person in a landscape frame: a 16:9 window with room around them, inside the frame", () => {
    const person: Box = { x: 0.7, y: 0.2, w: 0.15, h: 0.7 };
    const w = cropWindow(person, landscape, CARD);
    expect((w.w * 1280) / (w.h * 720)).toBeCloseTo(CARD, 6);
    expect(w.x).toBeGreaterThanOrEqual(0);
    expect(w.y).toBeGreaterThanOrEqual(0);
    expect(w.x + w.w).toBeLessThanOrEqual(1);
    expect(w.y + w.h).toBeLessThanOrEqual(1);
    expect(w.x).toBeLessThanOrEqual(person.x);
    expect(w.x + w.w).toBeGreaterThanOrEqual(person.x + person.w);
    expect(w.y).toBeLessThan(person.y);
    expect(w.y + w.h).toBeGreaterThan(person.y + person.h);
  });

  it("a person filling a portrait frame: the window spans the frame's height, never beyond it on every side", () => {
    const w = cropWindow({ x: 0.3, y: 0.02, w: 0.4, h: 0.97 }, { width: 576, height: 1024 }, CARD);
    expect(w.y).toBe(0);
    expect(w.h).toBeCloseTo(1, 6);
    expect((w.w * 576) / (w.h * 1024)).toBeCloseTo(CARD, 6);
  });

  it("a far-away person is not zoomed in on more than half the frame", () => {
    const w = cropWindow({ x: 0.5, y: 0.5, w: 0.02, h: 0.05 }, landscape, CARD);
    expect(w.w).toBeCloseTo(0.5, 6);
    expect(w.h).toBeCloseTo(0.5, 6);
  });
});

/** Width and height from a JPEG's start-of-frame marker. */
function jpegSize(jpeg: Buffer): { width: number; height: number } | undefined {
  let i = 2;
  while (i + 9 < jpeg.length) {
    const marker = jpeg[i + 1] ?? 0;
    if (marker >= 0xc0 && marker <= 0xc3) return { height: jpeg.readUInt16BE(i + 5), width: jpeg.readUInt16BE(i + 7) };
    i += 2 + jpeg.readUInt16BE(i + 2);
  }
  return undefined;
}
