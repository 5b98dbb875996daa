import { describe, expect, it } from 'vitest';
import { parseExposition } from './exposition.js';
import { telemetryJobSourceSchema } from './job.js';
import { PRESET_RULES } from './presets.js';
import { reduceScrape } from './reduce.js';
import { TELEMETRY_ROLES } from './sample.js';
import { TELEMETRY_PRESETS, type TelemetryPreset } from './source.js';

/** Reduces two scrapes 2 s apart of an exporter's text (`{n}` replaced by 1 then 2) with one preset. */
function reduceTwo(preset: TelemetryPreset, text: (n: number) => string) {
  const source = telemetryJobSourceSchema.parse({ name: 'x', kind: 'scrape', url: 'http://127.0.0.1:1/metrics', addresses: ['127.0.0.1'], presets: [preset] });
  const first = { atMs: 0, exposition: parseExposition(text(1)) };
  const second = { atMs: 2_000, exposition: parseExposition(text(2)) };
  return reduceScrape(source, first, second);
}

describe('PRESET_RULES', () => {
  it('covers every preset, with roles from TELEMETRY_ROLES and unique names within a preset', () => {
    for (const preset of TELEMETRY_PRESETS) {
      const rules = PRESET_RULES[preset];
      expect(rules.length).toBeGreaterThan(0);
      expect(new Set(rules.map((r) => r.name)).size).toBe(rules.length);
      for (const rule of rules) if (rule.role) expect(TELEMETRY_ROLES).toContain(rule.role);
    }
  });
});

describe('process preset', () => {
  it('reads process-exporter groups before the exporter’s own process_* metrics', () => {
    const reduced = reduceTwo(
      'process',
      (n) => `# TYPE namedprocess_namegroup_cpu_seconds_total counter
namedprocess_namegroup_cpu_seconds_total{groupname="worker",mode="system"} ${n * 1}
namedprocess_namegroup_cpu_seconds_total{groupname="worker",mode="user"} ${n * 3}
# TYPE namedprocess_namegroup_memory_bytes gauge
namedprocess_namegroup_memory_bytes{groupname="worker",memtype="resident"} 2e8
namedprocess_namegroup_memory_bytes{groupname="worker",memtype="virtual"} 9e9
# TYPE namedprocess_namegroup_oldest_start_time_seconds gauge
namedprocess_namegroup_oldest_start_time_seconds{groupname="worker"} 1.7e9
# TYPE namedprocess_namegroup_num_procs gauge
namedprocess_namegroup_num_procs{groupname="worker"} 4
namedprocess_namegroup_open_filedesc{groupname="worker"} 77
# TYPE process_cpu_seconds_total counter
process_cpu_seconds_total ${n * 100}
process_resident_memory_bytes 1e7
process_max_fds 1024
`,
    );
    // 4 CPU-seconds of the group in 2 s; the exporter's own 100/s is not the group's.
    expect(reduced.values).toEqual({ cpu_cores: 2, memory_bytes: 2e8, start_time: 1.7e9, open_fds: 77, num_procs: 4 });
    expect(reduced.series.find((s) => s.key === 'num_procs')).toEqual({ key: 'num_procs', kind: 'gauge', unit: 'count' });
  });
});

describe('container preset (cAdvisor)', () => {
  const text = (quotaB: number) => (n: number) => `# TYPE container_cpu_usage_seconds_total counter
container_cpu_usage_seconds_total{id="/",image=""} ${n * 50}
container_cpu_usage_seconds_total{id="/docker/a",image="api:1",name="a"} ${n * 1.5}
container_cpu_usage_seconds_total{id="/docker/b",image="redis:7",name="b"} ${n * 0.5}
container_spec_cpu_quota{id="/docker/a",image="api:1",name="a"} 200000
container_spec_cpu_quota{id="/docker/b",image="redis:7",name="b"} ${quotaB}
container_spec_cpu_period{id="/docker/a",image="api:1",name="a"} 100000
container_spec_cpu_period{id="/docker/b",image="redis:7",name="b"} 100000
container_memory_working_set_bytes{id="/",image=""} 8e9
container_memory_working_set_bytes{id="/docker/a",image="api:1",name="a"} 3e8
container_memory_working_set_bytes{id="/docker/b",image="redis:7",name="b"} 1e8
container_spec_memory_limit_bytes{id="/docker/a",image="api:1",name="a"} 5e8
container_spec_memory_limit_bytes{id="/docker/b",image="redis:7",name="b"} 0
`;

  it('sums the containers (not the hierarchy’s cgroups) and their quotas when every one has a limit', () => {
    const reduced = reduceTwo('container', text(50_000));
    expect(reduced.values.cpu_cores).toBeCloseTo(1, 10);
    expect(reduced.values.cpu_limit_cores).toBeCloseTo(2.5, 10);
    expect(reduced.values.memory_bytes).toBe(4e8);
    // One container without a memory limit: the sum of limits says nothing.
    expect(reduced.values.memory_limit_bytes).toBeUndefined();
  });

  it('gives no CPU limit when one container has no quota', () => {
    expect(reduceTwo('container', text(-1)).values.cpu_limit_cores).toBeUndefined();
  });
});

describe('postgres and redis presets', () => {
  it('reads PostgreSQL connections against max_connections', () => {
    const reduced = reduceTwo(
      'postgres',
      () => `pg_stat_activity_count{datname="app",state="active"} 12
pg_stat_activity_count{datname="app",state="idle"} 30
pg_stat_activity_count{datname="postgres",state="idle in transaction"} 1
pg_settings_max_connections{server="127.0.0.1:5432"} 100
`,
    );
    expect(reduced.values).toEqual({ connections: 43, max_connections: 100 });
    expect(reduced.series.map((s) => s.role)).toEqual(['pool_in_use', 'pool_max']);
  });

  it('reads Redis clients, memory against maxmemory (none when 0) and CPU', () => {
    const text = (max: number) => (n: number) => `redis_connected_clients 57
redis_config_maxclients 10000
redis_memory_used_bytes 1.2e6
redis_memory_max_bytes ${max}
# TYPE redis_cpu_user_seconds_total counter
redis_cpu_user_seconds_total ${n * 0.3}
# TYPE redis_cpu_sys_seconds_total counter
redis_cpu_sys_seconds_total ${n * 0.1}
redis_start_time_seconds 1.7e9
`;
    const reduced = reduceTwo('redis', text(0));
    expect(reduced.values).toMatchObject({ clients: 57, max_clients: 10_000, memory_bytes: 1.2e6, start_time: 1.7e9 });
    expect(reduced.values.cpu_cores).toBeCloseTo(0.2, 10);
    expect(reduced.values.memory_limit_bytes).toBeUndefined();
    expect(reduceTwo('redis', text(4e6)).values.memory_limit_bytes).toBe(4e6);
  });
});

describe('queue preset', () => {
  it.each([
    [
      'BullMQ (exportPrometheusMetrics)',
      (n: number) => `# TYPE bullmq_job_count gauge
bullmq_job_count{queue="emails",state="waiting"} ${n * 10}
bullmq_job_count{queue="emails",state="active"} 5
bullmq_job_count{queue="emails",state="completed"} 900
bullmq_job_count{queue="sms",state="waiting"} 3
bullmq_job_count{queue="sms",state="prioritized"} 2
`,
      { queue_depth: 25 },
    ],
    [
      'Sidekiq (sidekiq-prometheus-exporter)',
      (n: number) => `# TYPE sidekiq_processed_jobs_total counter
sidekiq_processed_jobs_total ${n * 40}
# TYPE sidekiq_queue_enqueued_jobs gauge
sidekiq_queue_enqueued_jobs{name="default"} 7
sidekiq_queue_enqueued_jobs{name="mailers"} 1
`,
      { queue_depth: 8, queue_processed_rate: 20 },
    ],
    [
      'asynq (x/metrics: a gauge named _total)',
      (n: number) => `# TYPE asynq_tasks_enqueued_total gauge
asynq_tasks_enqueued_total{queue="default",state="pending"} ${n * 100}
asynq_tasks_enqueued_total{queue="default",state="active"} 4
# TYPE asynq_queue_size gauge
asynq_queue_size{queue="default"} 999
# TYPE asynq_tasks_processed_total counter
asynq_tasks_processed_total{queue="default"} ${n * 10}
`,
      { queue_depth: 200, queue_processed_rate: 5 },
    ],
    [
      'Celery (celery-exporter)',
      (n: number) => `celery_queue_length{queue_name="celery"} 12
# TYPE celery_task_sent_total counter
celery_task_sent_total{name="t",hostname="h"} ${n * 100}
# TYPE celery_task_succeeded_total counter
celery_task_succeeded_total{name="t",hostname="h"} ${n * 18}
# TYPE celery_task_failed_total counter
celery_task_failed_total{name="t",hostname="h"} ${n * 2}
`,
      { queue_depth: 12, queue_processed_rate: 10, queue_enqueued_rate: 50 },
    ],
    [
      'a service’s own metrics (generic names)',
      (n: number) => `# TYPE demo_queue_depth gauge
demo_queue_depth ${n * 90}
# TYPE demo_jobs_processed_total counter
demo_jobs_processed_total ${n * 20}
# TYPE demo_jobs_enqueued_total counter
demo_jobs_enqueued_total ${n * 200}
`,
      { queue_depth: 180, queue_processed_rate: 10, queue_enqueued_rate: 100 },
    ],
  ])('%s', (_name, text, expected) => {
    expect(reduceTwo('queue', text).values).toEqual(expected);
  });
});

describe('http preset', () => {
  it('reads Spring/Micrometer’s http_server_requests_seconds as rate and p95, leaving out /metrics', () => {
    const reduced = reduceTwo(
      'http',
      (n) => `# TYPE http_server_requests_seconds histogram
http_server_requests_seconds_bucket{method="GET",uri="/a",le="0.1"} ${n * 100}
http_server_requests_seconds_bucket{method="GET",uri="/a",le="0.2"} ${n * 200}
http_server_requests_seconds_bucket{method="GET",uri="/a",le="+Inf"} ${n * 200}
http_server_requests_seconds_count{method="GET",uri="/a"} ${n * 200}
http_server_requests_seconds_bucket{method="GET",uri="/metrics",le="0.1"} 0
http_server_requests_seconds_bucket{method="GET",uri="/metrics",le="0.2"} 0
http_server_requests_seconds_bucket{method="GET",uri="/metrics",le="+Inf"} ${n * 5000}
http_server_requests_seconds_count{method="GET",uri="/metrics"} ${n * 5000}
`,
    );
    expect(reduced.values.http_rps).toBeCloseTo(100, 10);
    // 100 in <=0.1, 100 in (0.1,0.2]: rank 190 -> 0.1 + 0.1 * 90/100.
    expect(reduced.values.http_p95_seconds).toBeCloseTo(0.19, 10);
  });
});
