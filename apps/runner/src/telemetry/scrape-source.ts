import { TELEMETRY_LIMITS, type SourceAuth, type TelemetryJobSource, type TelemetrySeries } from '@loadline/shared';
import { BodyBuffer, readSource, type ReadResult } from './http-read.js';
import { readFailure, type ScrapeReduction } from './reduction.js';
import type { SourceOutput } from './source-output.js';

/**
 * Reads taking up to the time limit overlap the next second's: at most this many of one
 * source are open at once (a read per second, each ending within the limit, plus one).
 */
const MAX_OPEN_READS = Math.ceil(TELEMETRY_LIMITS.timeoutMs / 1000) + 1;
const NO_SERIES: readonly TelemetrySeries[] = [];

interface PendingRead {
  t: number;
  /** When the read was sent (ms): what its rates are measured against. */
  sentAt: number;
  buffer: BodyBuffer | null;
  result: ReadResult | null;
}

/**
 * One scrape source during a run: a read at every whole second it is told (tick), each on a
 * connection of its own and bounded (http-read.ts); the answers reduced strictly in the order
 * of their seconds (a rate needs the scrape before), however the reads finish, and handed to
 * the source's output. Body buffers are kept between reads and reused.
 */
export class ScrapeSource {
  private readonly url: URL;
  private readonly pending: PendingRead[] = [];
  private readonly buffers: BodyBuffer[] = [];
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly source: TelemetryJobSource,
    private readonly auth: SourceAuth | undefined,
    private readonly reduction: ScrapeReduction,
    private readonly output: SourceOutput,
    /** Aborted when the run's telemetry ends: open reads are abandoned. */
    private readonly signal: AbortSignal,
    private readonly limits: { maxBodyBytes?: number; timeoutMs?: number } = {},
  ) {
    this.url = new URL(source.url);
  }

  get name(): string {
    return this.source.name;
  }

  /** Reads the source for Unix second `t`. */
  tick(t: number): void {
    if (this.pending.length >= MAX_OPEN_READS) {
      const waiting = this.pending.length;
      this.pending.push({
        t,
        sentAt: Date.now(),
        buffer: null,
        result: {
          ok: false,
          address: null,
          error: { code: 'TIMEOUT', message: `not read: ${waiting} earlier reads of ${this.source.name} were still waiting` },
        },
      });
      return this.drain();
    }
    const buffer = this.buffers.pop() ?? new BodyBuffer();
    const entry: PendingRead = { t, sentAt: Date.now(), buffer, result: null };
    this.pending.push(entry);
    void readSource(
      { url: this.url, addresses: this.source.addresses, auth: this.auth, maxBodyBytes: this.limits.maxBodyBytes, timeoutMs: this.limits.timeoutMs },
      buffer,
      this.signal,
    ).then((result) => {
      entry.result = result;
      this.drain();
    });
  }

  /** Resolves once every read begun has been reduced and handed on. */
  idle(): Promise<void> {
    if (!this.pending.length) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private drain(): void {
    while (this.pending.length && this.pending[0]!.result) {
      const entry = this.pending.shift()!;
      this.emit(entry, entry.result!);
      if (entry.buffer) this.buffers.push(entry.buffer);
    }
    if (!this.pending.length) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const wake of waiters) wake();
    }
  }

  private emit({ t, sentAt }: PendingRead, result: ReadResult): void {
    const source = this.source.name;
    if (!result.ok) return this.output.push({ v: 1, t, source, values: {}, error: result.error }, NO_SERIES);
    let reduced;
    try {
      reduced = this.reduction.read(result.body.toString('utf8', 0, result.length), sentAt);
    } catch (error) {
      return this.output.push({ v: 1, t, source, values: {}, error: readFailure(error, `the answer of ${result.address}`) }, NO_SERIES);
    }
    this.output.push({ v: 1, t, source, values: reduced.values }, reduced.series);
  }
}
