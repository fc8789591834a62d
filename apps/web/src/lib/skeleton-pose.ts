// The dancing-skeleton model shared by the home page's live canvas (SkeletonCanvas) and the script
// that renders the hero clip (scripts/render-hero-clip.mjs): keyframed joint angles, a periodic
// Catmull-Rom spline through them (the last frame flows into the first) and forward kinematics,
// so bones keep their length. Plain TypeScript without DOM or React, so Node can run it too.

/** Joint angles of one pose (degrees; 0 = straight down). The same model renders the home hero clip. */
export interface SkeletonPose {
  x: number;
  y: number;
  lean: number;
  head: number;
  lua: number;
  lfa: number;
  rua: number;
  rfa: number;
  lth: number;
  lsh: number;
  rth: number;
  rsh: number;
}

export const GROOVE: ReadonlyArray<SkeletonPose> = [
  { x: 0, y: 0.0, lean: 0, head: 0, lua: 35, lfa: 120, rua: -35, rfa: -120, lth: 12, lsh: 8, rth: -12, rsh: -8 },
  { x: 0.05, y: 0.12, lean: 6, head: 8, lua: 70, lfa: 150, rua: -20, rfa: -80, lth: 28, lsh: -5, rth: -8, rsh: -20 },
  {
    x: 0.2,
    y: 0.02,
    lean: -4,
    head: -6,
    lua: 140,
    lfa: 175,
    rua: -40,
    rfa: -150,
    lth: 30,
    lsh: 20,
    rth: -18,
    rsh: -18,
  },
  { x: 0.22, y: 0.14, lean: 8, head: 10, lua: 100, lfa: 40, rua: -100, rfa: -40, lth: 20, lsh: 0, rth: -35, rsh: 10 },
  {
    x: 0.05,
    y: 0.02,
    lean: 0,
    head: 0,
    lua: 165,
    lfa: 190,
    rua: -165,
    rfa: -190,
    lth: 10,
    lsh: 10,
    rth: -10,
    rsh: -10,
  },
  { x: -0.15, y: 0.14, lean: -8, head: -10, lua: 20, lfa: 80, rua: -70, rfa: -150, lth: 8, lsh: 20, rth: -28, rsh: 5 },
  {
    x: -0.22,
    y: 0.03,
    lean: 4,
    head: 6,
    lua: 40,
    lfa: 150,
    rua: -140,
    rfa: -175,
    lth: 18,
    lsh: 18,
    rth: -30,
    rsh: -20,
  },
  { x: -0.1, y: 0.12, lean: -2, head: -4, lua: 90, lfa: 10, rua: -90, rfa: -10, lth: 35, lsh: -10, rth: -20, rsh: 0 },
];

const KEYS = Object.keys(GROOVE[0]!) as Array<keyof SkeletonPose>;

function catmull(p0: number, p1: number, p2: number, p3: number, t: number): number {
  const t2 = t * t;
  const t3 = t2 * t;
  return 0.5 * (2 * p1 + (-p0 + p2) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t2 + (-p0 + 3 * p1 - 3 * p2 + p3) * t3);
}

/** The pose at phase u (periodic in [0, 1)) through the keyframes. */
export function poseAt(keys: ReadonlyArray<SkeletonPose>, u: number): SkeletonPose {
  const n = keys.length;
  const f = (((u % 1) + 1) % 1) * n;
  const i = Math.floor(f);
  const t = f - i;
  const k = (j: number) => keys[(((i + j) % n) + n) % n]!;
  const pose = {} as SkeletonPose;
  for (const name of KEYS) pose[name] = catmull(k(-1)[name], k(0)[name], k(1)[name], k(2)[name], t);
  return pose;
}

export type Pt = { x: number; y: number };
const rad = (deg: number) => (deg * Math.PI) / 180;
const along = (p: Pt, deg: number, len: number): Pt => ({
  x: p.x + Math.sin(rad(deg)) * len,
  y: p.y + Math.cos(rad(deg)) * len,
});

export function joints(pose: SkeletonPose, cx: number, cy: number, u: number): Record<string, Pt> {
  const pelvis = { x: cx + pose.x * u, y: cy + pose.y * u };
  const neck = along(pelvis, 180 + pose.lean, u);
  const head = along(neck, 180 + pose.lean + pose.head, 0.42 * u);
  const perp = rad(pose.lean);
  const across = (p: Pt, half: number) => ({ x: p.x + Math.cos(perp) * half, y: p.y - Math.sin(perp) * half });
  const ls = across(neck, -0.34 * u);
  const rs = across(neck, 0.34 * u);
  const lh = across(pelvis, -0.2 * u);
  const rh = across(pelvis, 0.2 * u);
  const le = along(ls, -pose.lua, 0.55 * u);
  const re = along(rs, -pose.rua, 0.55 * u);
  const lk = along(lh, -pose.lth, 0.72 * u);
  const rk = along(rh, -pose.rth, 0.72 * u);
  return {
    pelvis,
    neck,
    head,
    ls,
    rs,
    lh,
    rh,
    le,
    re,
    lk,
    rk,
    lw: along(le, -pose.lfa, 0.5 * u),
    rw: along(re, -pose.rfa, 0.5 * u),
    la: along(lk, -pose.lth - pose.lsh, 0.68 * u),
    ra: along(rk, -pose.rth - pose.rsh, 0.68 * u),
  };
}
