import { SECRET_MARK } from './reported-names.js';

/** Cells shorter than this are not looked for: they would blank out every such word, and hide nothing. */
export const MIN_DATA_SECRET_LENGTH = 4;

const B1 = 0x01000193;
const B2 = 0x2f0b3c41;
/** Two 32-bit polynomial hashes as one number below 2^53: h1 · 2^20 + the top 20 bits of h2. */
const key = (h1: number, h2: number) => h1 * 1_048_576 + (h2 >>> 12);

function hashOf(text: string): number {
  let h1 = 0;
  let h2 = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = (Math.imul(h1, B1) + c) >>> 0;
    h2 = (Math.imul(h2, B2) + c) >>> 0;
  }
  return key(h1, h2);
}

/** B^(n-1) mod 2^32: what the character leaving a window of n weighs. */
function weight(base: number, n: number): number {
  let w = 1;
  for (let i = 1; i < n; i++) w = Math.imul(w, base) >>> 0;
  return w;
}

function contains(sorted: Float64Array, value: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = sorted[mid]!;
    if (at === value) return true;
    if (at < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/**
 * Finds a data set's secret cells in text the runner reports or logs (k6's error messages and
 * stderr lines), for a million cells as for ten: it keeps a 52-bit hash of each cell (as is,
 * and percent-encoded as a URL carries it), per length, sorted, never the cells themselves,
 * and slides a rolling hash of each length over the text (time: text length × distinct cell
 * lengths × log cells). A hash that matches is redacted without a second look: a collision
 * (about one in 2^52 per window) blanks out a few harmless characters, the safe way to be wrong.
 */
export class DataSecretMatcher {
  private readonly pending = new Map<number, number[]>();
  private built: { length: number; hashes: Float64Array; w1: number; w2: number }[] | null = null;
  private count = 0;

  add(cell: string): void {
    if (cell.length < MIN_DATA_SECRET_LENGTH) return;
    this.built = null;
    const encoded = encodeURIComponent(cell);
    for (const spelling of encoded === cell ? [cell] : [cell, encoded]) {
      let list = this.pending.get(spelling.length);
      if (!list) this.pending.set(spelling.length, (list = []));
      list.push(hashOf(spelling));
      this.count++;
    }
  }

  get size(): number {
    return this.count;
  }

  private lengths() {
    if (!this.built) {
      // Longest first: a cell is replaced whole before a shorter cell inside it.
      this.built = [...this.pending.entries()]
        .sort((a, b) => b[0] - a[0])
        .map(([length, hashes]) => ({ length, hashes: Float64Array.from(hashes).sort(), w1: weight(B1, length), w2: weight(B2, length) }));
    }
    return this.built;
  }

  redact(text: string): string {
    if (this.count === 0 || text.length < MIN_DATA_SECRET_LENGTH) return text;
    const hidden = new Uint8Array(text.length);
    let found = false;
    for (const { length, hashes, w1, w2 } of this.lengths()) {
      if (length > text.length) continue;
      let h1 = 0;
      let h2 = 0;
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (i >= length) {
          const out = text.charCodeAt(i - length);
          h1 = (h1 - Math.imul(out, w1)) >>> 0;
          h2 = (h2 - Math.imul(out, w2)) >>> 0;
        }
        h1 = (Math.imul(h1, B1) + c) >>> 0;
        h2 = (Math.imul(h2, B2) + c) >>> 0;
        if (i + 1 >= length && contains(hashes, key(h1, h2))) {
          hidden.fill(1, i + 1 - length, i + 1);
          found = true;
        }
      }
    }
    if (!found) return text;
    let clean = '';
    for (let i = 0; i < text.length; i++) {
      if (!hidden[i]) clean += text[i];
      else if (i === 0 || !hidden[i - 1]) clean += SECRET_MARK;
    }
    return clean;
  }
}
