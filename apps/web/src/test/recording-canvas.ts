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

export function recordingContext(): { ctx: CanvasRenderingContext2D; lines: Line[] } {
  const lines: Line[] = [];
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
    stroke() {
      lines.push({
        from: path[0] as [number, number],
        to: path[1] as [number, number],
        color: ctx.strokeStyle,
        alpha: ctx.globalAlpha,
        dashed: ctx.dash.length > 0,
      });
    },
    arc() {},
    fill() {},
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, lines };
}
