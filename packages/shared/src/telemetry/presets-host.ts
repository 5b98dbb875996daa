/* The host-side presets: process (client libraries, process-exporter), node (node_exporter), container (cAdvisor). */
import type { ScrapeReader } from './reduce-reader.js';
import { positive, type PresetSeriesRule } from './presets-rule.js';

// --- process: the service's own client library (process_*) or process-exporter (namedprocess_namegroup_*) ---
const GROUP_CPU = 'namedprocess_namegroup_cpu_seconds_total';
const GROUP_MEMORY = 'namedprocess_namegroup_memory_bytes';
const OLD_GROUP_USER = 'namedprocess_namegroup_cpu_user_seconds_total';
export const processRules: PresetSeriesRule[] = [
  {
    role: 'cpu_cores',
    name: 'cpu_cores',
    kind: 'rate',
    unit: 'cores',
    reads: `rate(process_cpu_seconds_total), or sum(rate(${GROUP_CPU})) for process-exporter (before 0.5: its _cpu_user_ and _cpu_system_seconds_total)`,
    metrics: ['process_cpu_seconds_total', GROUP_CPU, OLD_GROUP_USER],
    // process-exporter also exports its own process_*: its groups come first.
    read: (r) => {
      if (r.has(GROUP_CPU)) return r.rate(GROUP_CPU);
      if (r.has(OLD_GROUP_USER)) {
        const user = r.rate(OLD_GROUP_USER);
        const system = r.rate('namedprocess_namegroup_cpu_system_seconds_total');
        return user === undefined ? undefined : user + (system ?? 0);
      }
      return r.rate('process_cpu_seconds_total');
    },
  },
  {
    role: 'memory_bytes',
    name: 'memory_bytes',
    kind: 'gauge',
    unit: 'bytes',
    reads: `process_resident_memory_bytes, or sum(${GROUP_MEMORY}{memtype="resident"})`,
    metrics: ['process_resident_memory_bytes', GROUP_MEMORY],
    read: (r) => (r.has(GROUP_MEMORY) ? r.sum(GROUP_MEMORY, 'memtype="resident"') : r.sum('process_resident_memory_bytes')),
  },
  {
    role: 'start_time',
    name: 'start_time',
    kind: 'gauge',
    unit: 'seconds',
    reads: 'max(process_start_time_seconds), or max(namedprocess_namegroup_oldest_start_time_seconds)',
    metrics: ['process_start_time_seconds', 'namedprocess_namegroup_oldest_start_time_seconds'],
    read: (r) =>
      r.has('namedprocess_namegroup_oldest_start_time_seconds')
        ? r.max('namedprocess_namegroup_oldest_start_time_seconds')
        : r.max('process_start_time_seconds'),
  },
  {
    role: 'open_fds',
    name: 'open_fds',
    kind: 'gauge',
    unit: 'count',
    reads: 'process_open_fds, or sum(namedprocess_namegroup_open_filedesc)',
    metrics: ['process_open_fds', 'namedprocess_namegroup_open_filedesc'],
    read: (r) => (r.has('namedprocess_namegroup_open_filedesc') ? r.sum('namedprocess_namegroup_open_filedesc') : r.sum('process_open_fds')),
  },
  {
    role: 'max_fds',
    name: 'max_fds',
    kind: 'gauge',
    unit: 'count',
    reads: 'process_max_fds (process-exporter gives no limit)',
    metrics: ['process_max_fds'],
    read: (r) => (r.has(GROUP_CPU) || r.has(OLD_GROUP_USER) ? undefined : r.sum('process_max_fds')),
  },
  {
    name: 'num_procs',
    kind: 'gauge',
    unit: 'count',
    reads: 'sum(namedprocess_namegroup_num_procs)',
    metrics: ['namedprocess_namegroup_num_procs'],
    read: (r) => r.sum('namedprocess_namegroup_num_procs'),
  },
];

// --- node: node_exporter ---
export const nodeRules: PresetSeriesRule[] = [
  {
    role: 'cpu_cores',
    name: 'cpu_cores',
    kind: 'rate',
    unit: 'cores',
    reads: 'sum(rate(node_cpu_seconds_total{mode!="idle"}))',
    metrics: ['node_cpu_seconds_total'],
    read: (r) => r.rate('node_cpu_seconds_total', 'mode!="idle"'),
  },
  {
    role: 'cpu_limit_cores',
    name: 'cpu_limit_cores',
    kind: 'gauge',
    unit: 'cores',
    reads: 'count(node_cpu_seconds_total{mode="idle"})',
    metrics: ['node_cpu_seconds_total'],
    read: (r) => positive(r.count('node_cpu_seconds_total', 'mode="idle"')),
  },
  {
    role: 'load1',
    name: 'load1',
    kind: 'gauge',
    unit: 'none',
    reads: 'node_load1',
    metrics: ['node_load1'],
    read: (r) => r.sum('node_load1'),
  },
  {
    role: 'memory_bytes',
    name: 'memory_bytes',
    kind: 'gauge',
    unit: 'bytes',
    reads: 'node_memory_MemTotal_bytes - node_memory_MemAvailable_bytes',
    metrics: ['node_memory_MemAvailable_bytes'],
    read: (r) => {
      const total = r.sum('node_memory_MemTotal_bytes');
      const available = r.sum('node_memory_MemAvailable_bytes');
      return total === undefined || available === undefined ? undefined : total - available;
    },
  },
  {
    role: 'memory_limit_bytes',
    name: 'memory_limit_bytes',
    kind: 'gauge',
    unit: 'bytes',
    reads: 'node_memory_MemTotal_bytes',
    metrics: ['node_memory_MemTotal_bytes'],
    read: (r) => positive(r.sum('node_memory_MemTotal_bytes')),
  },
  {
    role: 'open_fds',
    name: 'open_fds',
    kind: 'gauge',
    unit: 'count',
    reads: 'node_filefd_allocated',
    metrics: ['node_filefd_allocated'],
    read: (r) => r.sum('node_filefd_allocated'),
  },
  {
    role: 'max_fds',
    name: 'max_fds',
    kind: 'gauge',
    unit: 'count',
    reads: 'node_filefd_maximum',
    metrics: ['node_filefd_maximum'],
    read: (r) => positive(r.sum('node_filefd_maximum')),
  },
];

// --- container: cAdvisor (standalone or the kubelet's); its hierarchy's cgroups without an image are left out ---
const IN_CONTAINER = 'image!=""';
/** Sum of each container's limit, only when every container has one (one without is unlimited). */
function containerLimit(r: ScrapeReader, read: (labels: Record<string, string>, value: number) => number | undefined, metric: string): number | undefined {
  const samples = r.samples(metric, IN_CONTAINER);
  if (samples.length === 0) return undefined;
  let total = 0;
  for (const sample of samples) {
    const limit = read(sample.labels, sample.value);
    if (limit === undefined) return undefined;
    total += limit;
  }
  return total;
}
export const containerRules: PresetSeriesRule[] = [
  {
    role: 'cpu_cores',
    name: 'cpu_cores',
    kind: 'rate',
    unit: 'cores',
    reads: 'sum(rate(container_cpu_usage_seconds_total{image!=""}))',
    metrics: ['container_cpu_usage_seconds_total'],
    read: (r) => r.rate('container_cpu_usage_seconds_total', IN_CONTAINER),
  },
  {
    role: 'cpu_limit_cores',
    name: 'cpu_limit_cores',
    kind: 'gauge',
    unit: 'cores',
    reads: 'sum(container_spec_cpu_quota{image!=""} / container_spec_cpu_period{image!=""}), when every container has a quota',
    metrics: ['container_spec_cpu_quota'],
    read: (r) => {
      const periods = new Map(r.samples('container_spec_cpu_period', IN_CONTAINER).map((s) => [labelsId(s.labels), s.value]));
      return containerLimit(
        r,
        (labels, quota) => {
          const period = periods.get(labelsId(labels));
          return quota > 0 && period !== undefined && period > 0 ? quota / period : undefined;
        },
        'container_spec_cpu_quota',
      );
    },
  },
  {
    role: 'memory_bytes',
    name: 'memory_bytes',
    kind: 'gauge',
    unit: 'bytes',
    reads: 'sum(container_memory_working_set_bytes{image!=""})',
    metrics: ['container_memory_working_set_bytes'],
    read: (r) => r.sum('container_memory_working_set_bytes', IN_CONTAINER),
  },
  {
    role: 'memory_limit_bytes',
    name: 'memory_limit_bytes',
    kind: 'gauge',
    unit: 'bytes',
    reads: 'sum(container_spec_memory_limit_bytes{image!=""}), when every container has a limit',
    metrics: ['container_spec_memory_limit_bytes'],
    read: (r) => containerLimit(r, (_labels, limit) => positive(limit), 'container_spec_memory_limit_bytes'),
  },
  {
    role: 'start_time',
    name: 'start_time',
    kind: 'gauge',
    unit: 'seconds',
    reads: 'max(container_start_time_seconds{image!=""})',
    metrics: ['container_start_time_seconds'],
    read: (r) => r.max('container_start_time_seconds', IN_CONTAINER),
  },
];

function labelsId(labels: Record<string, string>): string {
  return Object.keys(labels)
    .sort()
    .map((k) => `${k}=${labels[k]}`)
    .join('\u0000');
}
