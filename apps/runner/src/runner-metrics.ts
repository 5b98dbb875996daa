import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * What one runner exposes on /metrics. A registry per runner, not per process: the tests run
 * several runners in one process, and each must count only its own segments.
 */
export class RunnerMetrics {
  readonly registry = new Registry();
  readonly segments: Counter<'outcome' | 'code'>;
  readonly k6Exits: Counter<'exit_code'>;
  readonly busy: Gauge;
  readonly secondsSent: Counter;
  readonly k6Cpu: Gauge;

  constructor(runnerId: string, defaults = true) {
    const registers = [this.registry];
    this.registry.setDefaultLabels({ service: 'loadline-runner', runner: runnerId });
    if (defaults) collectDefaultMetrics({ register: this.registry, prefix: 'loadline_runner_' });
    this.segments = new Counter({
      name: 'loadline_runner_segments_total',
      help: 'Segments this runner ran to the end, by outcome (completed, errored, cancelled) and error code (none when none)',
      labelNames: ['outcome', 'code'],
      registers,
    });
    this.k6Exits = new Counter({
      name: 'loadline_runner_k6_exits_total',
      help: 'k6 processes that ended, by exit code (none: killed by a signal)',
      labelNames: ['exit_code'],
      registers,
    });
    this.busy = new Gauge({ name: 'loadline_runner_busy', help: '1 while this runner holds a segment, else 0', registers });
    this.secondsSent = new Counter({
      name: 'loadline_runner_seconds_sent_total',
      help: 'Per-second result samples this runner sent to the API',
      registers,
    });
    this.k6Cpu = new Gauge({
      name: 'loadline_runner_k6_cpu_cores',
      help: 'Cores the running k6 kept busy in its last sampled second (0 when idle)',
      registers,
    });
    this.busy.set(0);
    this.k6Cpu.set(0);
  }
}
