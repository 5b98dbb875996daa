import type { TelemetryRole, TelemetrySeries } from '@loadline/shared';

/**
 * A kept series' role in words, as the report names it ("CPU (cores)", "queue depth"): the
 * chart legends on the run and share pages and the role picker of a PromQL query say the same.
 */
export const ROLE_LABEL: Record<TelemetryRole, string> = {
  cpu_cores: 'CPU (cores)',
  cpu_limit_cores: 'CPU limit (cores)',
  memory_bytes: 'memory',
  memory_limit_bytes: 'memory limit',
  start_time: 'start time',
  open_fds: 'open file descriptors',
  max_fds: 'max file descriptors',
  pool_in_use: 'pool in use',
  pool_max: 'pool max',
  queue_depth: 'queue depth',
  queue_processed_rate: 'jobs processed/s',
  queue_enqueued_rate: 'jobs enqueued/s',
  load1: 'load average (1 min)',
  http_rps: 'requests/s served',
  http_p95_seconds: 'served p95',
};

/** A series' unit as an axis says it. */
export const UNIT_LABEL: Record<TelemetrySeries['unit'], string> = {
  cores: 'cores',
  bytes: 'bytes',
  seconds: 's',
  per_second: '/s',
  count: 'count',
  ratio: 'ratio',
  none: 'value',
};
