/**
 * This machine's clock against Redis's, so that runners on different machines can act at
 * the same moment of Redis's clock (the start of a split run). NTP-style: each sample reads
 * Redis's TIME between two local readings; the sample with the shortest round trip of the
 * recent ones is the most precise (its error is at most half that round trip).
 */
export class ClockOffset {
  private samples: Array<{ offset: number; rtt: number }> = [];

  constructor(private readonly keep = 12) {}

  /** Takes one sample; `redisTime` answers Redis's clock in ms. */
  async sample(redisTime: () => Promise<number>, now: () => number = Date.now): Promise<void> {
    const before = now();
    const remote = await redisTime();
    const after = now();
    this.add(remote - (before + after) / 2, after - before);
  }

  add(offset: number, rtt: number): void {
    this.samples.push({ offset, rtt });
    if (this.samples.length > this.keep) this.samples.shift();
  }

  /** Redis time minus local time, in ms (0 before any sample). */
  get offset(): number {
    if (!this.samples.length) return 0;
    return this.samples.reduce((best, sample) => (sample.rtt < best.rtt ? sample : best)).offset;
  }

  /** The local time (ms) of a moment of Redis's clock. */
  toLocal(redisMs: number): number {
    return redisMs - this.offset;
  }
}
