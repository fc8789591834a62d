/**
 * One Euro filter (Casiez et al. 2012): a low-pass filter whose cut-off rises with speed, so still
 * poses lose their jitter while fast moves are not delayed. Applied per coordinate over time.
 */
export interface OneEuroParams {
  /** Hz; lower removes more jitter at rest. */
  minCutoff: number;
  /** How fast the cut-off rises with speed (per unit of speed, here frame-sizes per second). */
  beta: number;
  /** Hz; cut-off of the speed estimate. */
  dCutoff: number;
}

export const DEFAULT_SMOOTHING: OneEuroParams = { minCutoff: 2.5, beta: 20, dCutoff: 2.5 };

function alpha(cutoff: number, dt: number): number {
  const tau = 1 / (2 * Math.PI * cutoff);
  return 1 / (1 + tau / dt);
}

export class OneEuro {
  private x: number | undefined;
  private dx = 0;
  private t = 0;
  constructor(private readonly p: OneEuroParams) {}

  reset(): void {
    this.x = undefined;
    this.dx = 0;
  }

  filter(value: number, t: number): number {
    if (this.x === undefined || t <= this.t) {
      this.x = value;
      this.t = t;
      this.dx = 0;
      return value;
    }
    const dt = t - this.t;
    const rawDx = (value - this.x) / dt;
    this.dx = this.dx + alpha(this.p.dCutoff, dt) * (rawDx - this.dx);
    const cutoff = this.p.minCutoff + this.p.beta * Math.abs(this.dx);
    this.x = this.x + alpha(cutoff, dt) * (value - this.x);
    this.t = t;
    return this.x;
  }
}
