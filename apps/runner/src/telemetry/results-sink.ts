import type pino from 'pino';
import { resultJobId, type TelemetryCatalog, type TelemetrySecond } from '@loadline/shared';
import type { TypedProducer } from '@loadline/shared/queue';
import { untraced } from '@loadline/tracing';
import type { TelemetrySink } from './source-output.js';

/**
 * Sends a run's telemetry to the API on the `results` queue, in the order it is handed over
 * (a catalog before the seconds it describes), under job ids that make a repeat a no-op. A
 * send that fails is logged and dropped: telemetry never fails the run by itself.
 */
export class ResultsTelemetrySink implements TelemetrySink {
  private chain: Promise<unknown> = Promise.resolve();
  private failures = 0;

  constructor(
    private readonly runId: string,
    private readonly results: TypedProducer<'results'>,
    private readonly log: pino.Logger,
  ) {}

  catalog(catalog: TelemetryCatalog, n: number): void {
    const { runId } = this;
    this.enqueue(() => this.results.add('telemetry.catalog', { runId, catalog }, { jobId: resultJobId.catalog(runId, catalog.source, n) }));
  }

  second(sample: TelemetrySecond): void {
    const { runId } = this;
    this.enqueue(() => this.results.add('telemetry.second', { runId, sample }, { jobId: resultJobId.telemetry(runId, sample.source, sample.t) }));
  }

  /** Resolves once everything handed over so far was sent (or given up). */
  flushed(): Promise<void> {
    return this.chain.then(() => undefined);
  }

  private enqueue(send: () => Promise<unknown>): void {
    // Not traced: like the load's seconds, a span per second would outweigh the rest.
    this.chain = this.chain.then(() =>
      untraced(send).catch((error: Error) => {
        if (this.failures++ === 0) this.log.warn({ err: error.message }, 'could not send telemetry to the results queue; dropping it');
      }),
    );
  }
}
