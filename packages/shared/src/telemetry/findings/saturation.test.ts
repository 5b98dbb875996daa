import { describe, expect, it } from 'vitest';
import { saturationFindings } from './saturation.js';
import { viewOf } from './series.js';
import { catalog, findingsInput, load, seconds, series, T0, wobble, type Reading } from './test-fixtures.js';
import type { TelemetryFindingsInput } from './index.js';

const run = (input: TelemetryFindingsInput) => saturationFindings(input, input.sources.map(viewOf));

/** 40 s ramp from 1 to 40 VUs; the api's CPU is 0.2 cores per VU in flight (plus a wobble), capped at its 4 cores. */
function cpuRamp(extra: Partial<TelemetryFindingsInput> = {}, limitSeries = true) {
  const cpu = (offset: number) => Math.min(4, 0.2 * (1 + offset) + 0.05 * wobble(offset));
  return findingsInput(40, {
    load: load(39, (offset) => ({ vus: 1 + offset, rps: 10 * (1 + offset) })),
    sources: [
      {
        catalog: catalog('api', [series('cpu', 'cpu_cores', 'rate'), ...(limitSeries ? [series('limit', 'cpu_limit_cores')] : [])]),
        seconds: seconds('api', -3, 42, (offset): Reading => (limitSeries ? { cpu: cpu(offset), limit: 4 } : { cpu: cpu(offset) })),
      },
    ],
    ...extra,
  });
}
/** The truth: 0.2 * (1 + offset) first reaches 90 % of 4 cores (3.6) at offset 17. */
const CROSSES_90 = 17;

describe('saturation', () => {
  it('places the start of CPU saturation within a second of the truth, against the cores it may use', () => {
    const [finding, ...rest] = run(cpuRamp());
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ code: 'TARGET_SATURATED', source: 'api', severity: 'critical', evidence: { resource: 'CPU', limit: 4 } });
    expect(Math.abs(finding!.atSeconds! - CROSSES_90)).toBeLessThanOrEqual(1);
    // From the crossing to the end of the load: 23 of 40 seconds at or above 90 %.
    expect(finding!.evidence.saturatedSeconds).toBeGreaterThanOrEqual(22);
    expect(finding!.message).toMatch(
      /^api CPU reached 100 % of 4 cores at 1[678] s \(during the load\); it was at or above 90 % for 2\d of the load's 40 s\.$/,
    );
  });

  it('says how long before latency broke the saturation began', () => {
    const [finding] = run(cpuRamp({ knee: { t: T0 + 19, vus: 20, criterion: 'p95 < 150 ms' }, phases: [{ name: 'ramp', start: T0, end: T0 + 39 }] }));
    const lag = 19 - finding!.atSeconds!;
    expect(finding!.message).toMatch(
      new RegExp(`^p95 crossed 150 ms at 20 VUs, ${lag} s after api CPU reached 100 % of 4 cores \\(at ${finding!.atSeconds} s, during ramp\\)`),
    );
    expect(finding).toMatchObject({ phase: 'ramp', evidence: { kneeAtSeconds: 19, secondsBeforeKnee: lag } });
  });

  it('says when latency broke before the resource saturated', () => {
    const [finding] = run(cpuRamp({ knee: { t: T0 + 5, vus: 6, criterion: 'p95 within 2x of its low-load value' } }));
    expect(finding!.message).toMatch(
      /^api CPU reached 100 % of 4 cores at 1[678] s \(during the load\), 1[234] s after latency broke its criterion \(p95 within 2x of its low-load value\) at 6 VUs: latency broke first/,
    );
  });

  it('judges CPU against the cores the user said the source may use', () => {
    // Without a limit series the catalog's cpuCores is the ceiling: 2 cores are 90 % busy at 1.8 cores, offset 8.
    const input = cpuRamp({}, false);
    input.sources[0]!.catalog.cpuCores = 2;
    const [finding] = run(input);
    expect(Math.abs(finding!.atSeconds! - 8)).toBeLessThanOrEqual(1);
    expect(finding!.message).toMatch(/of 2 cores at [789] s/);
  });

  it('reads no saturation without a ceiling: cores busy are not judged against 100 % of one core', () => {
    expect(run(cpuRamp({}, false))).toEqual([]);
  });

  it('ignores a one-second blip', () => {
    const input = findingsInput(30, {
      sources: [
        {
          catalog: catalog('api', [series('cpu', 'cpu_cores', 'rate')], { cpuCores: 4 }),
          seconds: seconds('api', 0, 29, (offset) => ({ cpu: offset === 12 || offset === 20 ? 3.9 : 1 + 0.1 * wobble(offset) })),
        },
      ],
    });
    expect(run(input)).toEqual([]);
  });

  it('finds memory at its limit and a pool at its max, each with its level', () => {
    const gib = 1024 ** 3;
    const input = findingsInput(30, {
      sources: [
        {
          catalog: catalog('worker', [series('rss', 'memory_bytes'), series('mem_limit', 'memory_limit_bytes')]),
          seconds: seconds('worker', 0, 29, (offset) => ({ rss: offset >= 10 ? 1.98 * gib : 1 * gib, mem_limit: 2 * gib })),
        },
        {
          // Connections by state add up to what is in use.
          catalog: catalog('postgres', [series('active', 'pool_in_use'), series('idle', 'pool_in_use'), series('max', 'pool_max')]),
          seconds: seconds('postgres', 0, 29, (offset) => ({ active: offset >= 25 ? 97 : 20, idle: 3, max: 100 })),
        },
      ],
    });
    const [memory, pool] = run(input);
    expect(memory).toMatchObject({ source: 'worker', atSeconds: 10, severity: 'critical', evidence: { resource: 'memory', saturatedSeconds: 20 } });
    expect(memory!.message).toBe(
      "worker memory reached 2 GiB, 99 % of its 2 GiB limit at 10 s (during the load); it was at or above 95 % for 20 of the load's 30 s.",
    );
    expect(pool).toMatchObject({ source: 'postgres', atSeconds: 25, severity: 'warning', evidence: { resource: 'pool', peakUsed: 100, limit: 100 } });
    expect(pool!.message).toMatch(/^postgres pool reached 100 in use of its 100 max at 25 s/);
  });

  it('does not count saturation outside the load', () => {
    const input = findingsInput(20, {
      sources: [
        {
          catalog: catalog('api', [series('cpu', 'cpu_cores', 'rate')], { cpuCores: 1 }),
          // Busy in the baseline before the load and in the recovery after it only.
          seconds: seconds('api', -5, 25, (offset) => ({ cpu: offset < 0 || offset > 19 ? 1 : 0.3 })),
        },
      ],
    });
    expect(run(input)).toEqual([]);
  });
});
