// Canvas drawing over a <video>: one home for sizing a canvas to its box and for where the picture lands.

export type Rect = { x: number; y: number; width: number; height: number };

/** Where a vw×vh picture is drawn inside a w×h box with this object-fit (cover crops, contain letterboxes). */
export function fittedRect(fit: "cover" | "contain", w: number, h: number, vw: number, vh: number): Rect {
  if (!vw || !vh || !w || !h) return { x: 0, y: 0, width: w, height: h };
  const scale = fit === "cover" ? Math.max(w / vw, h / vh) : Math.min(w / vw, h / vh);
  const width = vw * scale;
  const height = vh * scale;
  return { x: (w - width) / 2, y: (h - height) / 2, width, height };
}

/**
 * Sizes the canvas to a w×h CSS-pixel box at the screen's pixel density (sharp lines on phones), clears
 * it and returns a context drawing in CSS pixels; null when the browser gives no 2D context.
 */
export function prepareCanvas(canvas: HTMLCanvasElement, w: number, h: number): CanvasRenderingContext2D | null {
  const dpr = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(w * dpr)) canvas.width = Math.round(w * dpr);
  if (canvas.height !== Math.round(h * dpr)) canvas.height = Math.round(h * dpr);
  const ctx = canvas.getContext("2d");
  if (!ctx) return null;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, w, h);
  return ctx;
}
