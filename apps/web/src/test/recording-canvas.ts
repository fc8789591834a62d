/**
 * happy-dom draws nothing: a stand-in 2D context that records each stroked line (the browser's
 * API, not ours), for tests of what a skeleton drawing shows. Each clearRect starts a new picture.
 */
export interface Line {
  from: [number, number];
  to: [number, number];
  color: string;
  alpha: number;
  dashed: boolean;
}

/** A filled shape (a band's mark): its corners' count (4 a diamond, 3 a triangle), centre and colour. */
export interface Mark {
  corners: number;
  at: [number, number];
  color: string;
}

export function recordingContext(): { ctx: CanvasRenderingContext2D; lines: Line[]; marks: Mark[] } {
  const lines: Line[] = [];
  const marks: Mark[] = [];
  let path: Array<[number, number]> = [];
  const ctx = {
    strokeStyle: "",
    fillStyle: "",
    lineWidth: 1,
    lineCap: "butt",
    shadowColor: "",
    shadowBlur: 0,
    globalAlpha: 1,
    dash: [] as number[],
    setLineDash(d: number[]) {
      ctx.dash = d;
    },
    setTransform() {},
    clearRect() {
      lines.length = 0;
      marks.length = 0;
    },
    beginPath() {
      path = [];
    },
    moveTo(x: number, y: number) {
      path.push([x, y]);
    },
    lineTo(x: number, y: number) {
      path.push([x, y]);
    },
    closePath() {},
    stroke() {
      // A shape's outline (more than two points) is part of its mark, not a line.
      if (path.length > 2) return;
      lines.push({
        from: path[0] as [number, number],
        to: path[1] as [number, number],
        color: ctx.strokeStyle,
        alpha: ctx.globalAlpha,
        dashed: ctx.dash.length > 0,
      });
    },
    arc() {},
    fill() {
      if (path.length < 3) return;
      const mean = (i: 0 | 1) => path.reduce((s, p) => s + p[i], 0) / path.length;
      marks.push({ corners: path.length, at: [mean(0), mean(1)], color: ctx.fillStyle });
    },
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, lines, marks };
}
