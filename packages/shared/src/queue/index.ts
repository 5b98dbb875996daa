import { Queue, UnrecoverableError, Worker, type ConnectionOptions, type Job, type JobsOptions, type WorkerOptions } from 'bullmq';
import {
  JobPayloadError,
  QUEUE_NAMES,
  assertHandlersComplete,
  isJobName,
  parseJobPayload,
  type JobHandlers,
  type JobNames,
  type JobPayload,
  type QueueKey,
} from '../jobs.js';

/**
 * BullMQ glue shared by the API and the runner, so that the producer and the consumer of a
 * queue go through the same job-name -> payload-schema map (../jobs.ts). Imported as
 * `@loadline/shared/queue` by Node processes only; the web app never loads BullMQ.
 */
export class TypedProducer<Q extends QueueKey> {
  readonly queue: Queue;

  constructor(
    readonly key: Q,
    connection: ConnectionOptions,
    options: { prefix: string; defaultJobOptions?: JobsOptions },
  ) {
    this.queue = new Queue(QUEUE_NAMES[key], {
      connection,
      prefix: options.prefix,
      defaultJobOptions: options.defaultJobOptions ?? {},
    });
  }

  /** Validates the payload against the shared schema before it ever reaches Redis. */
  async add<N extends JobNames<Q>>(name: N, payload: JobPayload<Q, N>, options?: JobsOptions): Promise<Job> {
    const data = parseJobPayload(this.key, name, payload);
    return this.queue.add(name, data, options);
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}

export interface TypedWorkerOptions extends Omit<WorkerOptions, 'connection' | 'prefix'> {
  connection: ConnectionOptions;
  /** Redis key prefix: separates installations (or test files) sharing one Redis. */
  prefix: string;
}

/**
 * A BullMQ worker that refuses to start unless every job name of the queue has a handler,
 * validates each payload, and fails invalid jobs without retrying them (retrying cannot fix
 * a payload).
 */
export function createTypedWorker<Q extends QueueKey>(key: Q, handlers: JobHandlers<Q>, options: TypedWorkerOptions): Worker {
  assertHandlersComplete(key, handlers as Record<string, unknown>);
  return new Worker(
    QUEUE_NAMES[key],
    async (job: Job) => {
      if (!isJobName(key, job.name)) {
        throw new UnrecoverableError(`no handler for job name "${job.name}" on ${QUEUE_NAMES[key]}`);
      }
      let payload: JobPayload<Q, JobNames<Q>>;
      try {
        payload = parseJobPayload(key, job.name, job.data);
      } catch (error) {
        if (error instanceof JobPayloadError) throw new UnrecoverableError(error.message);
        throw error;
      }
      const handler = handlers[job.name] as (payload: unknown) => Promise<unknown>;
      return handler(payload);
    },
    options,
  );
}

export { Queue, QueueEvents, Worker, UnrecoverableError } from 'bullmq';
export type { ConnectionOptions, Job, JobsOptions };
export { RunQueue, START_LEAD_MS, freshSince, type RunQueueState } from './run-queue.js';
export { CheckQueue, CHECKS_RUNNING_PER_ORGANIZATION, type Admission, type CheckLimits, type TakenCheck } from './check-queue.js';
export { sealJobSecrets, openJobSecrets, JobSecretsError, jobSecretsSchema, type JobSecrets } from './job-secrets.js';
export { sealDataSlice, openDataSliceStream, DataSliceError, RunDataStore } from './run-data.js';
