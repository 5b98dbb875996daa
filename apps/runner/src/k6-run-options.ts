import { K6_CONTROL_NETWORK, SCRIPT_ENV, type RunExecutePayload } from '@loadline/shared';
import type { JobSecrets } from '@loadline/shared/queue';
import type { RunnerEnv } from './env.js';
import { executionSegmentArgs } from './segment-args.js';

/** What one segment's `k6 run` is given: its flags and its environment (pure; segment-executor.ts starts it). */

/** The flags: paused for the synchronized start, results on fd 3, the address policy, its segment. */
export function k6RunArgs(job: Pick<RunExecutePayload, 'policy' | 'segment'>, segmentIndex: number, controlAddress: string): string[] {
  return [
    'run',
    '--quiet',
    '--no-color',
    '--log-format=json',
    '--no-usage-report',
    '--summary-mode=disabled',
    // Loadline judges the SLA itself; without this k6 keeps every sample in memory for its
    // own threshold checks (about 175 bytes per request: gigabytes in an hour).
    '--no-thresholds',
    '--paused',
    `--address=${controlAddress}`,
    '--out=loadline=/dev/fd/3',
    // The installation's address policy, on every connection k6 makes (redirects, DNS
    // that changed since the API checked), and every k6's control port out of reach.
    // Flags outrank anything a script sets.
    `--blacklist-ip=${[...job.policy.blacklistIPs, K6_CONTROL_NETWORK].join(',')}`,
    ...(job.policy.blockHostnames.length ? [`--block-hostnames=${job.policy.blockHostnames.join(',')}`] : []),
    ...executionSegmentArgs(segmentIndex, job.segment.count),
    'script.js',
  ];
}

/** The environment: the target and its opened secrets, the Go runtime settings, data set files. */
export function k6RunEnv(
  baseUrl: string,
  secrets: Pick<JobSecrets, 'headers' | 'variables'>,
  env: Pick<RunnerEnv, 'LOADLINE_K6_GOGC' | 'LOADLINE_K6_MEMORY_MB'>,
  dataEnv: Record<string, string> = {},
): Record<string, string> {
  return {
    [SCRIPT_ENV.baseUrl]: baseUrl,
    [SCRIPT_ENV.headers]: JSON.stringify(secrets.headers),
    [SCRIPT_ENV.variables]: JSON.stringify(secrets.variables),
    K6_NO_USAGE_REPORT: 'true',
    ...k6RuntimeEnv(env),
    // A script importing a module this k6 lacks must fail here, not make k6 fetch a
    // custom binary from the internet.
    K6_AUTO_EXTENSION_RESOLUTION: 'false',
    K6_BINARY_PROVISIONING: 'false',
    // Where each data set's file is (a custom script reads __ENV.LOADLINE_DATA_<SET>).
    ...dataEnv,
  };
}

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
