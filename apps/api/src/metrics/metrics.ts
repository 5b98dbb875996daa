import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Every series the API exposes, in one place: domains import what they record into and never
 * define their own. One registry per process (several API apps in one test process share it,
 * as they share the process). Names follow Prometheus conventions: base units (seconds),
 * `_total` for counters.
 */
export const registry = new Registry();
registry.setDefaultLabels({ service: 'loadline-api' });
collectDefaultMetrics({ register: registry, prefix: 'loadline_api_' });

export const httpRequestDuration = new Histogram({
  name: 'loadline_http_request_duration_seconds',
  help: 'API request duration by method, route template and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const runsEnded = new Counter({
  name: 'loadline_runs_ended_total',
  help: 'Runs that reached a terminal status, by that status (counted by the API process that ended them)',
  labelNames: ['status'] as const,
  registers: [registry],
});

export const queueWait = new Histogram({
  name: 'loadline_run_queue_wait_seconds',
  help: 'Time from a run being created (QUEUED) to its load starting (RUNNING)',
  buckets: [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600],
  registers: [registry],
});

export const ingestLag = new Histogram({
  name: 'loadline_ingest_lag_seconds',
  help: 'Time from the end of a second of results (runner clock) to it being stored by the API',
  buckets: [0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 30, 60],
  registers: [registry],
});

export const segmentsFinished = new Counter({
  name: 'loadline_segments_finished_total',
  help: 'Run segments finished, by outcome (completed, errored, cancelled) and error code (none when none)',
  labelNames: ['outcome', 'code'] as const,
  registers: [registry],
});

export const k6Exits = new Counter({
  name: 'loadline_k6_exits_total',
  help: 'k6 processes that ended, as reported by runners, by exit code (none: no exit code reported)',
  labelNames: ['exit_code'] as const,
  registers: [registry],
});

export const webhookDeliveries = new Counter({
  name: 'loadline_webhook_deliveries_total',
  help: 'Webhook delivery attempts by outcome (delivered, failed: will retry, given_up: last attempt failed)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const schedulerLag = new Histogram({
  name: 'loadline_scheduler_lag_seconds',
  help: 'Time from a schedule slot being due to it being claimed by a scheduler',
  buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 300],
  registers: [registry],
});

/** Read from PostgreSQL / Redis at scrape time, through collectors set at boot. */
type Collect<T> = () => Promise<T>;
const collectors: { runs?: Collect<Record<string, number>>; runners?: Collect<{ online: number; busy: number }> } = {};

/** Runs by non-terminal status, counted at scrape time: what is in flight right now. */
export function collectRunsByStatus(collect: Collect<Record<string, number>>): void {
  collectors.runs = collect;
}
/** Runners online and busy (from the run queue in Redis) at scrape time. */
export function collectRunners(collect: Collect<{ online: number; busy: number }>): void {
  collectors.runners = collect;
}

new Gauge({
  name: 'loadline_runs',
  help: 'Runs not yet ended, by status (QUEUED, STARTING, RUNNING, FINISHING), at scrape time',
  labelNames: ['status'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    if (!collectors.runs) return;
    for (const [status, count] of Object.entries(await collectors.runs())) this.set({ status }, count);
  },
});

new Gauge({
  name: 'loadline_runners',
  help: 'Runners by state (online: heartbeating; busy: online and holding a segment), at scrape time',
  labelNames: ['state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    if (!collectors.runners) return;
    const { online, busy } = await collectors.runners();
    this.set({ state: 'online' }, online);
    this.set({ state: 'busy' }, busy);
  },
});
