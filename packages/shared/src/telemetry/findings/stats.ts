/**
 * The two statistics the findings need, written here because they are a few lines each: a
 * least-squares line (a backlog's growth, a leak's rate) and Spearman's rank correlation
 * (what moved with latency).
 */

export interface Line {
  /** Change of y per unit of x (per second when x is Unix seconds). */
  slope: number;
  intercept: number;
  /** Share of y's variance the line explains, 0..1; 0 when y is constant. */
  r2: number;
  /** Standard error of the slope; 0 when the points lie on the line. */
  slopeError: number;
  n: number;
}

/** The least-squares line through the points; null with fewer than 3 points or one x. */
export function leastSquares(points: readonly (readonly [number, number])[]): Line | null {
  const n = points.length;
  if (n < 3) return null;
  let sx = 0;
  let sy = 0;
  for (const [x, y] of points) {
    sx += x;
    sy += y;
  }
  const mx = sx / n;
  const my = sy / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const [x, y] of points) {
    sxx += (x - mx) ** 2;
    sxy += (x - mx) * (y - my);
    syy += (y - my) ** 2;
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  const residual = Math.max(0, syy - slope * sxy);
  return {
    slope,
    intercept: my - slope * mx,
    r2: syy === 0 ? 0 : Math.min(1, (sxy * sxy) / (sxx * syy)),
    slopeError: Math.sqrt(residual / Math.max(1, n - 2) / sxx),
    n,
  };
}

/** Ranks from 1, ties sharing their average rank (so a series with repeats is ranked fairly). */
export function ranks(values: readonly number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const result = new Array<number>(values.length);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]!.value === order[i]!.value) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) result[order[k]!.index] = rank;
    i = j + 1;
  }
  return result;
}

function pearson(a: readonly number[], b: readonly number[]): number | null {
  const n = a.length;
  const ma = a.reduce((sum, value) => sum + value, 0) / n;
  const mb = b.reduce((sum, value) => sum + value, 0) / n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    sab += (a[i]! - ma) * (b[i]! - mb);
    saa += (a[i]! - ma) ** 2;
    sbb += (b[i]! - mb) ** 2;
  }
  if (saa === 0 || sbb === 0) return null;
  return sab / Math.sqrt(saa * sbb);
}

/** Spearman's rank correlation of paired values, -1..1; null when either side is constant or too short. */
export function spearman(a: readonly number[], b: readonly number[]): number | null {
  if (a.length !== b.length || a.length < 3) return null;
  return pearson(ranks(a), ranks(b));
}
