import { describe, expect, it } from 'vitest';
import { parseExposition } from './exposition.js';
import { telemetryJobSourceSchema } from './job.js';
import { reduceScrape } from './reduce.js';
import type { TelemetryPreset } from './source.js';

/*
 * Real output of Debian's exporters (node_exporter 1.5.0, process-exporter 0.7.10), scraped
 * twice on this machine's loopback, cut to the families the presets read: the metric names,
 * labels and number formats the presets rely on are the exporters' own, not guesses.
 */
const NODE_1 = `# HELP node_cpu_seconds_total Seconds the CPUs spent in each mode.
# TYPE node_cpu_seconds_total counter
node_cpu_seconds_total{cpu="0",mode="idle"} 2388.42
node_cpu_seconds_total{cpu="0",mode="iowait"} 4.03
node_cpu_seconds_total{cpu="0",mode="irq"} 0
node_cpu_seconds_total{cpu="0",mode="nice"} 4.35
node_cpu_seconds_total{cpu="0",mode="softirq"} 9.05
node_cpu_seconds_total{cpu="0",mode="steal"} 0.86
node_cpu_seconds_total{cpu="0",mode="system"} 263.63
node_cpu_seconds_total{cpu="0",mode="user"} 1320.67
node_cpu_seconds_total{cpu="1",mode="idle"} 2233.07
node_cpu_seconds_total{cpu="1",mode="iowait"} 15.93
node_cpu_seconds_total{cpu="1",mode="irq"} 0
node_cpu_seconds_total{cpu="1",mode="nice"} 4.81
node_cpu_seconds_total{cpu="1",mode="softirq"} 15.33
node_cpu_seconds_total{cpu="1",mode="steal"} 0.91
node_cpu_seconds_total{cpu="1",mode="system"} 337.48
node_cpu_seconds_total{cpu="1",mode="user"} 1381.97
# HELP node_filefd_allocated File descriptor statistics: allocated.
# TYPE node_filefd_allocated gauge
node_filefd_allocated 1193
# HELP node_filefd_maximum File descriptor statistics: maximum.
# TYPE node_filefd_maximum gauge
node_filefd_maximum 2.466177e+06
# HELP node_load1 1m load average.
# TYPE node_load1 gauge
node_load1 8.45
# HELP node_memory_MemAvailable_bytes Memory information field MemAvailable_bytes.
# TYPE node_memory_MemAvailable_bytes gauge
node_memory_MemAvailable_bytes 2.3188361216e+10
# HELP node_memory_MemTotal_bytes Memory information field MemTotal_bytes.
# TYPE node_memory_MemTotal_bytes gauge
node_memory_MemTotal_bytes 2.5276510208e+10
# HELP process_cpu_seconds_total Total user and system CPU time spent in seconds.
# TYPE process_cpu_seconds_total counter
process_cpu_seconds_total 0
# HELP process_max_fds Maximum number of open file descriptors.
# TYPE process_max_fds gauge
process_max_fds 20000
# HELP process_open_fds Number of open file descriptors.
# TYPE process_open_fds gauge
process_open_fds 11
# HELP process_resident_memory_bytes Resident memory size in bytes.
# TYPE process_resident_memory_bytes gauge
process_resident_memory_bytes 1.562624e+07
# HELP process_start_time_seconds Start time of the process since unix epoch in seconds.
# TYPE process_start_time_seconds gauge
process_start_time_seconds 1.7957457596e+09
`;
const NODE_2 = `# HELP node_cpu_seconds_total Seconds the CPUs spent in each mode.
# TYPE node_cpu_seconds_total counter
node_cpu_seconds_total{cpu="0",mode="idle"} 2388.42
node_cpu_seconds_total{cpu="0",mode="iowait"} 4.03
node_cpu_seconds_total{cpu="0",mode="irq"} 0
node_cpu_seconds_total{cpu="0",mode="nice"} 4.35
node_cpu_seconds_total{cpu="0",mode="softirq"} 9.05
node_cpu_seconds_total{cpu="0",mode="steal"} 0.88
node_cpu_seconds_total{cpu="0",mode="system"} 264
node_cpu_seconds_total{cpu="0",mode="user"} 1322.52
node_cpu_seconds_total{cpu="1",mode="idle"} 2233.08
node_cpu_seconds_total{cpu="1",mode="iowait"} 15.93
node_cpu_seconds_total{cpu="1",mode="irq"} 0
node_cpu_seconds_total{cpu="1",mode="nice"} 4.81
node_cpu_seconds_total{cpu="1",mode="softirq"} 15.36
node_cpu_seconds_total{cpu="1",mode="steal"} 0.92
node_cpu_seconds_total{cpu="1",mode="system"} 337.82
node_cpu_seconds_total{cpu="1",mode="user"} 1383.85
# HELP node_filefd_allocated File descriptor statistics: allocated.
# TYPE node_filefd_allocated gauge
node_filefd_allocated 1236
# HELP node_filefd_maximum File descriptor statistics: maximum.
# TYPE node_filefd_maximum gauge
node_filefd_maximum 2.466177e+06
# HELP node_load1 1m load average.
# TYPE node_load1 gauge
node_load1 8.45
# HELP node_memory_MemAvailable_bytes Memory information field MemAvailable_bytes.
# TYPE node_memory_MemAvailable_bytes gauge
node_memory_MemAvailable_bytes 2.3199531008e+10
# HELP node_memory_MemTotal_bytes Memory information field MemTotal_bytes.
# TYPE node_memory_MemTotal_bytes gauge
node_memory_MemTotal_bytes 2.5276510208e+10
# HELP process_cpu_seconds_total Total user and system CPU time spent in seconds.
# TYPE process_cpu_seconds_total counter
process_cpu_seconds_total 0.01
# HELP process_max_fds Maximum number of open file descriptors.
# TYPE process_max_fds gauge
process_max_fds 20000
# HELP process_open_fds Number of open file descriptors.
# TYPE process_open_fds gauge
process_open_fds 11
# HELP process_resident_memory_bytes Resident memory size in bytes.
# TYPE process_resident_memory_bytes gauge
process_resident_memory_bytes 1.7330176e+07
# HELP process_start_time_seconds Start time of the process since unix epoch in seconds.
# TYPE process_start_time_seconds gauge
process_start_time_seconds 1.7957457596e+09
`;
const PROCESS_1 = `# HELP namedprocess_namegroup_cpu_seconds_total Cpu user usage in seconds
# TYPE namedprocess_namegroup_cpu_seconds_total counter
namedprocess_namegroup_cpu_seconds_total{groupname="bash",mode="system"} 0.1700000000000001
namedprocess_namegroup_cpu_seconds_total{groupname="bash",mode="user"} 0.02000000000000001
namedprocess_namegroup_cpu_seconds_total{groupname="node",mode="system"} 0.34
namedprocess_namegroup_cpu_seconds_total{groupname="node",mode="user"} 2.78
# HELP namedprocess_namegroup_memory_bytes number of bytes of memory in use
# TYPE namedprocess_namegroup_memory_bytes gauge
namedprocess_namegroup_memory_bytes{groupname="bash",memtype="proportionalResident"} 1.68711168e+08
namedprocess_namegroup_memory_bytes{groupname="bash",memtype="proportionalSwapped"} 0
namedprocess_namegroup_memory_bytes{groupname="bash",memtype="resident"} 2.81194496e+08
namedprocess_namegroup_memory_bytes{groupname="bash",memtype="swapped"} 0
namedprocess_namegroup_memory_bytes{groupname="bash",memtype="virtual"} 3.551092736e+09
namedprocess_namegroup_memory_bytes{groupname="node",memtype="proportionalResident"} 1.144081408e+09
namedprocess_namegroup_memory_bytes{groupname="node",memtype="proportionalSwapped"} 0
namedprocess_namegroup_memory_bytes{groupname="node",memtype="resident"} 1.459642368e+09
namedprocess_namegroup_memory_bytes{groupname="node",memtype="swapped"} 0
namedprocess_namegroup_memory_bytes{groupname="node",memtype="virtual"} 5.6698314752e+10
# HELP namedprocess_namegroup_num_procs number of processes in this group
# TYPE namedprocess_namegroup_num_procs gauge
namedprocess_namegroup_num_procs{groupname="bash"} 36
namedprocess_namegroup_num_procs{groupname="node"} 12
# HELP namedprocess_namegroup_oldest_start_time_seconds start time in seconds since 1970/01/01 of oldest process in group
# TYPE namedprocess_namegroup_oldest_start_time_seconds gauge
namedprocess_namegroup_oldest_start_time_seconds{groupname="bash"} 1.795741776e+09
namedprocess_namegroup_oldest_start_time_seconds{groupname="node"} 1.79574573e+09
# HELP namedprocess_namegroup_open_filedesc number of open file descriptors for this group
# TYPE namedprocess_namegroup_open_filedesc gauge
namedprocess_namegroup_open_filedesc{groupname="bash"} 252
namedprocess_namegroup_open_filedesc{groupname="node"} 194
# HELP process_cpu_seconds_total Total user and system CPU time spent in seconds.
# TYPE process_cpu_seconds_total counter
process_cpu_seconds_total 0.11
# HELP process_max_fds Maximum number of open file descriptors.
# TYPE process_max_fds gauge
process_max_fds 20000
# HELP process_open_fds Number of open file descriptors.
# TYPE process_open_fds gauge
process_open_fds 11
# HELP process_resident_memory_bytes Resident memory size in bytes.
# TYPE process_resident_memory_bytes gauge
process_resident_memory_bytes 1.810432e+07
# HELP process_start_time_seconds Start time of the process since unix epoch in seconds.
# TYPE process_start_time_seconds gauge
process_start_time_seconds 1.7957457596e+09
`;
const PROCESS_2 = `# HELP namedprocess_namegroup_cpu_seconds_total Cpu user usage in seconds
# TYPE namedprocess_namegroup_cpu_seconds_total counter
namedprocess_namegroup_cpu_seconds_total{groupname="bash",mode="system"} 0.2600000000000001
namedprocess_namegroup_cpu_seconds_total{groupname="bash",mode="user"} 0.030000000000000013
namedprocess_namegroup_cpu_seconds_total{groupname="node",mode="system"} 0.64
namedprocess_namegroup_cpu_seconds_total{groupname="node",mode="user"} 5.649999999999999
# HELP namedprocess_namegroup_memory_bytes number of bytes of memory in use
# TYPE namedprocess_namegroup_memory_bytes gauge
namedprocess_namegroup_memory_bytes{groupname="bash",memtype="proportionalResident"} 1.62900992e+08
namedprocess_namegroup_memory_bytes{groupname="bash",memtype="proportionalSwapped"} 0
namedprocess_namegroup_memory_bytes{groupname="bash",memtype="resident"} 2.75447808e+08
namedprocess_namegroup_memory_bytes{groupname="bash",memtype="swapped"} 0
namedprocess_namegroup_memory_bytes{groupname="bash",memtype="virtual"} 3.545890816e+09
namedprocess_namegroup_memory_bytes{groupname="node",memtype="proportionalResident"} 1.135736832e+09
namedprocess_namegroup_memory_bytes{groupname="node",memtype="proportionalSwapped"} 0
namedprocess_namegroup_memory_bytes{groupname="node",memtype="resident"} 1.453174784e+09
namedprocess_namegroup_memory_bytes{groupname="node",memtype="swapped"} 0
namedprocess_namegroup_memory_bytes{groupname="node",memtype="virtual"} 5.804435456e+10
# HELP namedprocess_namegroup_num_procs number of processes in this group
# TYPE namedprocess_namegroup_num_procs gauge
namedprocess_namegroup_num_procs{groupname="bash"} 36
namedprocess_namegroup_num_procs{groupname="node"} 12
# HELP namedprocess_namegroup_oldest_start_time_seconds start time in seconds since 1970/01/01 of oldest process in group
# TYPE namedprocess_namegroup_oldest_start_time_seconds gauge
namedprocess_namegroup_oldest_start_time_seconds{groupname="bash"} 1.795741776e+09
namedprocess_namegroup_oldest_start_time_seconds{groupname="node"} 1.79574573e+09
# HELP namedprocess_namegroup_open_filedesc number of open file descriptors for this group
# TYPE namedprocess_namegroup_open_filedesc gauge
namedprocess_namegroup_open_filedesc{groupname="bash"} 250
namedprocess_namegroup_open_filedesc{groupname="node"} 240
# HELP process_cpu_seconds_total Total user and system CPU time spent in seconds.
# TYPE process_cpu_seconds_total counter
process_cpu_seconds_total 0.17
# HELP process_max_fds Maximum number of open file descriptors.
# TYPE process_max_fds gauge
process_max_fds 20000
# HELP process_open_fds Number of open file descriptors.
# TYPE process_open_fds gauge
process_open_fds 11
# HELP process_resident_memory_bytes Resident memory size in bytes.
# TYPE process_resident_memory_bytes gauge
process_resident_memory_bytes 1.835008e+07
# HELP process_start_time_seconds Start time of the process since unix epoch in seconds.
# TYPE process_start_time_seconds gauge
process_start_time_seconds 1.7957457596e+09
`;

/** Ground truth read with a regex, independently of the parser: the sum of the lines matching `re`. */
function sumOf(text: string, re: RegExp): number {
  return text
    .split('\n')
    .filter((line) => re.test(line))
    .reduce((total, line) => total + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

function reduce(presets: TelemetryPreset[], first: string, second: string) {
  const source = telemetryJobSourceSchema.parse({ name: 's', kind: 'scrape', url: 'http://127.0.0.1:9100/metrics', addresses: ['127.0.0.1'], presets });
  return reduceScrape(source, { atMs: 0, exposition: parseExposition(first) }, { atMs: 2_000, exposition: parseExposition(second) });
}

describe('presets on real exporter output', () => {
  it('node_exporter: non-idle CPU as cores, CPUs counted, load, memory used and total, file descriptors', () => {
    const reduced = reduce(['node'], NODE_1, NODE_2);
    const busy = (text: string) => sumOf(text, /^node_cpu_seconds_total\{.*mode="(?!idle)/);
    expect(reduced.values.cpu_cores).toBeCloseTo((busy(NODE_2) - busy(NODE_1)) / 2, 9);
    expect(reduced.values.cpu_limit_cores).toBe(NODE_2.split('\n').filter((l) => /^node_cpu_seconds_total\{.*mode="idle"/.test(l)).length);
    expect(reduced.values.load1).toBe(sumOf(NODE_2, /^node_load1 /));
    expect(reduced.values.memory_bytes).toBe(sumOf(NODE_2, /^node_memory_MemTotal_bytes /) - sumOf(NODE_2, /^node_memory_MemAvailable_bytes /));
    expect(reduced.values.memory_limit_bytes).toBe(sumOf(NODE_2, /^node_memory_MemTotal_bytes /));
    expect(reduced.values.open_fds).toBe(sumOf(NODE_2, /^node_filefd_allocated /));
    expect(reduced.values.max_fds).toBe(sumOf(NODE_2, /^node_filefd_maximum /));
  });

  it('node_exporter with process too: the exporter’s own process series apart from the host’s', () => {
    const reduced = reduce(['node', 'process'], NODE_1, NODE_2);
    expect(reduced.values.process_memory_bytes).toBe(sumOf(NODE_2, /^process_resident_memory_bytes /));
    expect(reduced.values.node_memory_bytes).toBe(sumOf(NODE_2, /^node_memory_MemTotal_bytes /) - sumOf(NODE_2, /^node_memory_MemAvailable_bytes /));
    expect(reduced.values.start_time).toBe(sumOf(NODE_2, /^process_start_time_seconds /));
  });

  it('process-exporter: the groups’ CPU, resident memory, newest oldest-start, fds and processes', () => {
    const reduced = reduce(['process'], PROCESS_1, PROCESS_2);
    const cpu = (text: string) => sumOf(text, /^namedprocess_namegroup_cpu_seconds_total\{/);
    expect(reduced.values.cpu_cores).toBeCloseTo((cpu(PROCESS_2) - cpu(PROCESS_1)) / 2, 9);
    expect(reduced.values.memory_bytes).toBe(sumOf(PROCESS_2, /^namedprocess_namegroup_memory_bytes\{.*memtype="resident"/));
    const starts = PROCESS_2.split('\n')
      .filter((l) => l.startsWith('namedprocess_namegroup_oldest_start_time_seconds{'))
      .map((l) => Number(l.slice(l.lastIndexOf(' ') + 1)));
    expect(reduced.values.start_time).toBe(Math.max(...starts));
    expect(reduced.values.open_fds).toBe(sumOf(PROCESS_2, /^namedprocess_namegroup_open_filedesc\{/));
    expect(reduced.values.num_procs).toBe(sumOf(PROCESS_2, /^namedprocess_namegroup_num_procs\{/));
    expect(reduced.values.max_fds).toBeUndefined();
  });
});
