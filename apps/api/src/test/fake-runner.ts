import { Redis } from 'ioredis';
import { emptyHistogram, recordValue, type SecondSample } from '@loadline/shared';
import { TypedProducer } from '@loadline/shared/queue';
import { TEST_REDIS_URL } from './stack.js';

/** One second of one request name: `latencies` in ms, all with `status`. */
export function sampleSecond(t: number, latencies: number[], name = 'Get', status = 200): SecondSample {
  const latency = emptyHistogram();
  latencies.forEach((value) => recordValue(latency, value));
  return {
    v: 1,
    t,
    requests: [{ name, method: 'GET', status, expected: status < 400, errorCode: '', scenario: 'default', count: latencies.length, latency }],
    vus: 2,
    vusMax: 2,
    iterations: latencies.length,
    droppedIterations: 0,
    bytesReceived: 100,
    bytesSent: 10,
    checks: [],
  };
}

/**
 * Plays a runner by hand through the real `results` queue (no k6): for tests of what the API
 * does with measurements it already has (reports, trends, comparisons).
 */
export class FakeRunner {
  private readonly redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  private readonly results: TypedProducer<'results'>;

  constructor(queuePrefix: string) {
    this.results = new TypedProducer('results', this.redis, { prefix: queuePrefix, defaultJobOptions: { removeOnComplete: true } });
  }

  /** Reports a one-segment run: started, the given seconds, finished (completed). */
  async play(runId: string, seconds: SecondSample[]): Promise<void> {
    const at = new Date().toISOString();
    await this.results.add('segment.started', { runId, segmentIndex: 0, runnerId: 'fake', phase: 'RUNNING', at });
    for (const sample of seconds) await this.results.add('segment.second', { runId, segmentIndex: 0, sample, generator: null });
    await this.results.add('segment.finished', {
      runId,
      segmentIndex: 0,
      runnerId: 'fake',
      outcome: 'completed',
      exitCode: 0,
      error: null,
      secondsSent: seconds.length,
      at,
    });
  }

  /** One second of segment 0 (again, as BullMQ redelivers one), after its run may have ended. */
  async second(runId: string, sample: SecondSample): Promise<void> {
    await this.results.add('segment.second', { runId, segmentIndex: 0, sample, generator: null });
  }

  async close(): Promise<void> {
    await this.results.close();
    this.redis.disconnect();
  }
}
