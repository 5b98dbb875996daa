import type { TracingOptions } from '@loadline/tracing';

/**
 * The runner's traces (docs/tracing.md): its segment spans (segment-executor.ts) and the
 * Redis commands inside them. Its own HTTP server answers probes and /metrics only: not traced.
 */
export const RUNNER_TRACING: TracingOptions = {
  serviceName: 'loadline-runner',
  instrumentations: ['ioredis'],
};
