import { describe, expect, it } from 'vitest';
import { bottleneck } from './bottleneck.js';
import { viewOf } from './series.js';
import { catalog, findingsInput, seconds, series, T0 } from './test-fixtures.js';
import type { TelemetryFindingsInput } from './index.js';

const run = (input: TelemetryFindingsInput) => bottleneck(input, input.sources.map(viewOf));

/**
 * A 40 s load. The api (4 cores) uses `api(offset)` cores; the generator's k6 uses
 * `k6(offset)` of its 2 cores while the machine is 30 % busy.
 */
function run40(api: (offset: number) => number, k6: (offset: number) => number) {
  return run(
    findingsInput(40, {
      sources: [
        { catalog: catalog('api', [series('cpu', 'cpu_cores', 'rate')], { cpuCores: 4 }), seconds: seconds('api', -3, 42, (offset) => ({ cpu: api(offset) })) },
        // A source without CPU figures still has its row, with nothing in it.
        { catalog: catalog('queue', [series('depth', 'queue_depth')]), seconds: seconds('queue', 0, 39, () => ({ depth: 3 })) },
      ],
      generator: Array.from({ length: 40 }, (_, offset) => ({ t: T0 + offset, k6Cpu: k6(offset), cores: 2, hostCpu: 0.3 })),
    }),
  );
}

describe('bottleneck table', () => {
  it('gives each component and the generator their peak, average and first second at 90 %', () => {
    // The api ramps to 3.8 cores (95 %) from 20 s; the generator stays at half its cores.
    const { rows, finding } = run40(
      (offset) => (offset < 20 ? 1 : 3.8),
      () => 1,
    );
    expect(rows).toEqual([
      { component: 'api', kind: 'target', peakUtilisation: 0.95, averageUtilisation: expect.closeTo((20 * 0.25 + 20 * 0.95) / 40, 3), saturatedAtSeconds: 20 },
      { component: 'queue', kind: 'target', peakUtilisation: null, averageUtilisation: null, saturatedAtSeconds: null },
      { component: 'generator', kind: 'generator', peakUtilisation: 0.5, averageUtilisation: 0.5, saturatedAtSeconds: null },
    ]);
    expect(finding).toBeNull();
  });

  it('names the generator as the bottleneck when it saturated and the target did not', () => {
    // k6 takes 1.9 of its 2 cores from 10 s; the api never passes 1 of its 4.
    const { rows, finding } = run40(
      () => 1,
      (offset) => (offset < 10 ? 0.5 : 1.9),
    );
    expect(rows.at(-1)).toMatchObject({ component: 'generator', saturatedAtSeconds: 10, peakUtilisation: 0.95 });
    expect(finding).toMatchObject({
      code: 'GENERATOR_FIRST',
      severity: 'critical',
      source: 'generator',
      atSeconds: 10,
      evidence: { busiestTarget: 'api', busiestTargetPeak: 0.25 },
    });
    expect(finding!.message).toBe(
      'The load generator reached 95 % of its 2 cores at 10 s, while no component of the target did (the busiest, api, peaked at 25 % of 4 cores): the load generator is the bottleneck, and from then on latency and throughput measure it, not the target. Use more segments or a bigger runner.',
    );
  });

  it('says when the generator saturated before the target did, and stays quiet when the target was first', () => {
    const generatorFirst = run40(
      (offset) => (offset < 25 ? 1 : 3.9),
      (offset) => (offset < 10 ? 0.5 : 1.9),
    ).finding;
    expect(generatorFirst).toMatchObject({ severity: 'warning', atSeconds: 10, evidence: { firstTarget: 'api', firstTargetAtSeconds: 25 } });
    expect(generatorFirst!.message).toMatch(/at 10 s, before any component of the target \(api reached 90 % 15 s later\)/);
    const targetFirst = run40(
      (offset) => (offset < 5 ? 1 : 3.9),
      (offset) => (offset < 10 ? 0.5 : 1.9),
    ).finding;
    expect(targetFirst).toBeNull();
  });

  it('judges the generator by the whole machine when other work crowds k6 out, and ignores a blip', () => {
    const input = findingsInput(20, {
      generator: Array.from({ length: 20 }, (_, offset) => ({ t: T0 + offset, k6Cpu: 0.2, cores: 2, hostCpu: offset === 5 ? 1 : offset >= 12 ? 0.97 : 0.4 })),
    });
    const { rows, finding } = run(input);
    expect(rows).toEqual([{ component: 'generator', kind: 'generator', peakUtilisation: 1, averageUtilisation: expect.any(Number), saturatedAtSeconds: 12 }]);
    expect(finding).toMatchObject({ severity: 'warning', atSeconds: 12 });
    expect(finding!.message).toMatch(/^The load generator reached 97 % of its 2 cores at 12 s, and no source of the target reports its CPU against its cores:/);
  });
});
