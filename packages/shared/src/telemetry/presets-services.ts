/* The service presets: postgres (postgres_exporter), redis (redis_exporter), queue (job-queue exporters), http (client libraries). */
import { firstSum, names, patternSum, positive, type Candidate, type PresetSeriesRule } from './presets-rule.js';

// --- postgres: postgres_exporter ---
export const postgresRules: PresetSeriesRule[] = [
  {
    role: 'pool_in_use',
    name: 'connections',
    kind: 'gauge',
    unit: 'count',
    reads: 'sum(pg_stat_activity_count)',
    metrics: ['pg_stat_activity_count'],
    read: (r) => r.sum('pg_stat_activity_count'),
  },
  {
    role: 'pool_max',
    name: 'max_connections',
    kind: 'gauge',
    unit: 'count',
    reads: 'pg_settings_max_connections',
    metrics: ['pg_settings_max_connections'],
    read: (r) => positive(r.max('pg_settings_max_connections')),
  },
  {
    role: 'start_time',
    name: 'start_time',
    kind: 'gauge',
    unit: 'seconds',
    reads: 'pg_postmaster_start_time_seconds',
    metrics: ['pg_postmaster_start_time_seconds'],
    read: (r) => r.max('pg_postmaster_start_time_seconds'),
  },
];

// --- redis: redis_exporter ---
export const redisRules: PresetSeriesRule[] = [
  {
    role: 'pool_in_use',
    name: 'clients',
    kind: 'gauge',
    unit: 'count',
    reads: 'redis_connected_clients',
    metrics: ['redis_connected_clients'],
    read: (r) => r.sum('redis_connected_clients'),
  },
  {
    role: 'pool_max',
    name: 'max_clients',
    kind: 'gauge',
    unit: 'count',
    reads: 'redis_config_maxclients',
    metrics: ['redis_config_maxclients'],
    read: (r) => positive(r.max('redis_config_maxclients')),
  },
  {
    role: 'memory_bytes',
    name: 'memory_bytes',
    kind: 'gauge',
    unit: 'bytes',
    reads: 'redis_memory_used_bytes',
    metrics: ['redis_memory_used_bytes'],
    read: (r) => r.sum('redis_memory_used_bytes'),
  },
  {
    role: 'memory_limit_bytes',
    name: 'memory_limit_bytes',
    kind: 'gauge',
    unit: 'bytes',
    reads: 'redis_memory_max_bytes (0: no maxmemory, no limit)',
    metrics: ['redis_memory_max_bytes'],
    read: (r) => positive(r.max('redis_memory_max_bytes')),
  },
  {
    role: 'cpu_cores',
    name: 'cpu_cores',
    kind: 'rate',
    unit: 'cores',
    reads: 'rate(redis_cpu_sys_seconds_total) + rate(redis_cpu_user_seconds_total)',
    metrics: ['redis_cpu_user_seconds_total'],
    read: (r) => {
      const user = r.rate('redis_cpu_user_seconds_total');
      const sys = r.rate('redis_cpu_sys_seconds_total');
      return user === undefined && sys === undefined ? undefined : (user ?? 0) + (sys ?? 0);
    },
  },
  {
    role: 'start_time',
    name: 'start_time',
    kind: 'gauge',
    unit: 'seconds',
    reads: 'redis_start_time_seconds',
    metrics: ['redis_start_time_seconds'],
    read: (r) => r.max('redis_start_time_seconds'),
  },
];

// --- queue: job-queue exporters; the first one present answers, summed over its queues ---
const QUEUE_DEPTH: readonly Candidate[] = [
  ['bullmq_job_count', 'state=~"waiting|wait|prioritized|paused"'], // BullMQ's exportPrometheusMetrics()
  ['bull_wait_total'], // bullmq-prometheus exporters (a gauge despite the name)
  ['bull_queue_waiting'], // bull_exporter
  ['sidekiq_queue_size'],
  ['sidekiq_queue_enqueued_jobs'], // sidekiq-prometheus-exporter, per queue
  ['sidekiq_jobs_waiting_count'], // yabeda-sidekiq
  ['asynq_tasks_enqueued_total', 'state="pending"'], // asynq's x/metrics (a gauge by state)
  ['asynq_queue_size'],
  ['celery_queue_length'], // celery-exporter, celery_redis_prometheus
  ['rq_jobs', 'state="queued"'], // rq-exporter
];
const GENERIC_DEPTH = /_(queue_depth|queue_size|queue_length|jobs_waiting)$/;
const QUEUE_PROCESSED: readonly Candidate[] = [
  ['sidekiq_processed_jobs_total'],
  ['sidekiq_jobs_executed_total'],
  ['asynq_tasks_processed_total'],
  ['celery_task_succeeded_total'],
  ['flower_events_total', 'type=~"task-succeeded|task-failed"'],
  ['celery_tasks_total', 'state=~"succeeded|failed"'],
];
const GENERIC_PROCESSED = /_processed_total$/;
const QUEUE_ENQUEUED: readonly Candidate[] = [['celery_task_sent_total'], ['flower_events_total', 'type="task-sent"']];
const GENERIC_ENQUEUED = /_enqueued_total$/;
export const queueRules: PresetSeriesRule[] = [
  {
    role: 'queue_depth',
    name: 'queue_depth',
    kind: 'gauge',
    unit: 'count',
    reads: `the first of ${names(QUEUE_DEPTH).join(', ')}; else any *_queue_depth, *_queue_size, *_queue_length, *_jobs_waiting (summed)`,
    metrics: [...names(QUEUE_DEPTH), GENERIC_DEPTH],
    read: (r) => firstSum(r, QUEUE_DEPTH, 'sum') ?? patternSum(r, GENERIC_DEPTH, 'sum'),
  },
  {
    role: 'queue_processed_rate',
    name: 'queue_processed_rate',
    kind: 'rate',
    unit: 'per_second',
    reads: `rate of the first of ${names(QUEUE_PROCESSED).join(', ')} (celery: succeeded + failed); else any *_processed_total counter`,
    metrics: [...names(QUEUE_PROCESSED), GENERIC_PROCESSED],
    read: (r) => {
      if (r.has('celery_task_succeeded_total')) {
        const ok = r.rate('celery_task_succeeded_total');
        const failed = r.rate('celery_task_failed_total');
        return ok === undefined ? undefined : ok + (failed ?? 0);
      }
      return firstSum(r, QUEUE_PROCESSED, 'rate') ?? patternSum(r, GENERIC_PROCESSED, 'rate');
    },
  },
  {
    role: 'queue_enqueued_rate',
    name: 'queue_enqueued_rate',
    kind: 'rate',
    unit: 'per_second',
    reads: `rate of the first of ${names(QUEUE_ENQUEUED).join(', ')}; else any *_enqueued_total counter`,
    metrics: [...names(QUEUE_ENQUEUED), GENERIC_ENQUEUED],
    read: (r) => firstSum(r, QUEUE_ENQUEUED, 'rate') ?? patternSum(r, GENERIC_ENQUEUED, 'rate'),
  },
];

// --- http: client libraries' server metrics (prom-client, client_golang, Micrometer, OpenTelemetry) ---
/** Loadline's own scrapes of /metrics are requests too: left out of the rates and latencies. */
const NOT_METRICS = 'handler!="/metrics",path!="/metrics",route!="/metrics",uri!="/metrics",http_route!="/metrics"';
const HTTP_COUNTS = [
  'http_requests_total',
  'http_server_requests_seconds_count',
  'http_request_duration_seconds_count',
  'http_server_request_duration_seconds_count',
];
const HTTP_HISTOGRAMS = ['http_request_duration_seconds', 'http_server_requests_seconds', 'http_server_request_duration_seconds'];
export const httpRules: PresetSeriesRule[] = [
  {
    role: 'http_rps',
    name: 'http_rps',
    kind: 'rate',
    unit: 'per_second',
    reads: `sum(rate(the first of ${HTTP_COUNTS.join(', ')})), without /metrics`,
    metrics: HTTP_COUNTS,
    read: (r) => {
      const name = r.firstPresent(HTTP_COUNTS);
      return name === undefined ? undefined : r.rate(name, NOT_METRICS);
    },
  },
  {
    role: 'http_p95_seconds',
    name: 'http_p95_seconds',
    kind: 'p95',
    unit: 'seconds',
    reads: `histogram_quantile(0.95, sum by (le) (increase(the first of ${HTTP_HISTOGRAMS.map((h) => `${h}_bucket`).join(', ')}))), without /metrics`,
    metrics: HTTP_HISTOGRAMS.map((h) => `${h}_bucket`),
    read: (r) => {
      const name = HTTP_HISTOGRAMS.find((h) => r.has(`${h}_bucket`));
      return name === undefined ? undefined : r.p95(name, NOT_METRICS);
    },
  },
];
