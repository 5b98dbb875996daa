import type { RunnerEnv } from './env.js';

/**
 * The Go runtime settings a run's k6 gets (env.ts, LOADLINE_K6_GOGC): a garbage collector that
 * lets the heap grow further between collections, held below the sandbox's heap ceiling by a
 * soft limit at four fifths of it (the rest is left to stacks, buffers and Go's own data).
 */
export function k6RuntimeEnv(env: Pick<RunnerEnv, 'LOADLINE_K6_GOGC' | 'LOADLINE_K6_MEMORY_MB'>): Record<string, string> {
  return {
    GOGC: String(env.LOADLINE_K6_GOGC),
    GOMEMLIMIT: `${Math.floor(env.LOADLINE_K6_MEMORY_MB * 0.8)}MiB`,
  };
}
