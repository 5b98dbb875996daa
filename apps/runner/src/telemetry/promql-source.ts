import type pino from 'pino';
import type { PromqlQuery, SourceAuth, TelemetryJobSource, TelemetryReadError } from '@loadline/shared';
import { BodyBuffer, readSource } from './http-read.js';
import { readFailure, reducePromqlAnswers, type PromqlAnswer } from './reduction.js';
import type { SourceOutput } from './source-output.js';

/** Points Prometheus answers per series at most is 11,000: longer windows are read in parts. */
const MAX_STEPS_PER_READ = 10_000;

/** The query_range URL of a source for one query and window (Unix seconds). */
export function queryRangeUrl(base: string, expr: string, start: number, end: number, step: number): URL {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/api/v1/query_range`;
  url.search = '';
  url.searchParams.set('query', expr);
  url.searchParams.set('start', String(start));
  url.searchParams.set('end', String(end));
  url.searchParams.set('step', `${step}s`);
  return url;
}

/** The reason in a Prometheus error answer (`{"status":"error","error":"..."}`), if it is one. */
export function prometheusError(text: string): string | null {
  try {
    const answer = JSON.parse(text) as { status?: unknown; error?: unknown };
    return answer.status === 'error' && typeof answer.error === 'string' ? answer.error : null;
  } catch {
    return null;
  }
}

/**
 * The seconds still to send of a window, on the source's step: from just after the last sent
 * up to `through`, aligned to whole multiples of the step.
 */
export function stepsToRead(sentThrough: number, windowStart: number, through: number, step: number): { start: number; end: number } | null {
  const first = Math.max(windowStart, sentThrough + 1);
  const start = Math.ceil(first / step) * step;
  const end = Math.floor(through / step) * step;
  return end >= start ? { start, end } : null;
}

/**
 * One PromQL source during a run: its queries read with query_range over the run's window at
 * the source's step, a part at a time while the load runs (for the live view: only seconds
 * old enough that the server has them) and what is left once more at the end. Each second is
 * sent once (its job id makes a second send a no-op), in order.
 */
export class PromqlSource {
  private sentThrough = 0;
  private reading: Promise<void> | null = null;
  private readonly body = new BodyBuffer();

  constructor(
    private readonly source: TelemetryJobSource,
    private readonly auth: SourceAuth | undefined,
    private readonly output: SourceOutput,
    private readonly signal: AbortSignal,
    private readonly log: pino.Logger,
    private readonly limits: { maxBodyBytes?: number; timeoutMs?: number } = {},
  ) {}

  get name(): string {
    return this.source.name;
  }

  /** Seconds a live read leaves to the server to have scraped them. */
  get settleSeconds(): number {
    return Math.max(5, 2 * this.source.stepSeconds);
  }

  /**
   * Reads the window from `windowStart` through `through` that is not sent yet. `final`: the
   * last read; a failure there is sent as errors for every step left (a live read that fails
   * leaves them to the last). A read already under way is waited for, not doubled.
   */
  async read(windowStart: number, through: number, final: boolean): Promise<void> {
    if (this.reading) {
      if (!final) return;
      await this.reading;
    }
    this.reading = this.readWindow(windowStart, through, final).finally(() => (this.reading = null));
    await this.reading;
  }

  private async readWindow(windowStart: number, through: number, final: boolean): Promise<void> {
    const step = this.source.stepSeconds;
    for (;;) {
      const part = stepsToRead(this.sentThrough, windowStart, through, step);
      if (!part) return;
      const end = Math.min(part.end, part.start + (MAX_STEPS_PER_READ - 1) * step);
      const { answers, error } = await this.fetchAll(part.start, end, step);
      if (error && !final && !answers.length) {
        this.log.debug({ source: this.source.name, code: error.code }, 'live read of a PromQL source failed; left to the last read');
        return;
      }
      let seconds = new Map<number, Record<string, number>>();
      let series: Parameters<SourceOutput['push']>[1] = [];
      let failure = error;
      if (answers.length) {
        try {
          ({ series, seconds } = reducePromqlAnswers(this.source, answers));
        } catch (reduceError) {
          failure = readFailure(reduceError, `the answer of ${this.source.name}`);
        }
      }
      for (let t = part.start; t <= end; t += step) {
        const values = seconds.get(t) ?? {};
        this.output.push({ v: 1, t, source: this.source.name, values, ...(failure ? { error: failure } : {}) }, series);
      }
      this.sentThrough = end;
      if (this.signal.aborted && !final) return;
    }
  }

  /** Every query's answer for one window; the first failure (the others are still used). */
  private async fetchAll(
    start: number,
    end: number,
    step: number,
  ): Promise<{ answers: PromqlAnswer[]; error: { code: TelemetryReadError; message: string } | null }> {
    const answers: PromqlAnswer[] = [];
    let error: { code: TelemetryReadError; message: string } | null = null;
    for (const query of this.source.queries) {
      const answer = await this.fetchOne(query, start, end, step);
      if ('error' in answer) error ??= answer.error;
      else answers.push(answer);
    }
    return { answers, error };
  }

  private async fetchOne(
    query: PromqlQuery,
    start: number,
    end: number,
    step: number,
  ): Promise<PromqlAnswer | { error: { code: TelemetryReadError; message: string } }> {
    const url = queryRangeUrl(this.source.url, query.expr, start, end, step);
    const result = await readSource(
      {
        url,
        addresses: this.source.addresses,
        auth: this.auth,
        accept: 'application/json',
        maxBodyBytes: this.limits.maxBodyBytes,
        timeoutMs: this.limits.timeoutMs,
      },
      this.body,
      this.signal,
    );
    if (!result.ok) {
      // Prometheus answers a bad query with 400 or 422 and its reason in JSON: that reason is the report's.
      const reason = result.detail ? prometheusError(result.detail) : null;
      return { error: reason ? { code: 'QUERY', message: `query ${query.name}: ${reason}`.slice(0, 500) } : result.error };
    }
    try {
      return { query, body: JSON.parse(result.body.toString('utf8', 0, result.length)) as unknown };
    } catch {
      return { error: { code: 'PARSE', message: `query ${query.name}: ${result.address} did not answer JSON` } };
    }
  }
}
