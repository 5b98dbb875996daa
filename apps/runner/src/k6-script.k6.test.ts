import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateK6Script, planPeakVus, planReservedVus, planSpecSchema } from '@loadline/shared';
import { DEFAULT_K6_BIN } from './env.js';

const run = promisify(execFile);

/** The real k6 binary reads the generated script (no traffic: `k6 inspect` only parses). */
describe('generated scripts as k6 sees them', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'loadline-script-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function inspect(spec: unknown) {
    const file = path.join(dir, `s${Math.random().toString(36).slice(2)}.js`);
    await writeFile(file, generateK6Script(planSpecSchema.parse(spec), { planName: 'p' }));
    const { stdout } = await run(DEFAULT_K6_BIN, ['inspect', '--execution-requirements', '--env', 'LOADLINE_BASE_URL=http://127.0.0.1:1', file], {
      env: { K6_NO_USAGE_REPORT: 'true' },
    });
    return JSON.parse(stdout) as { scenarios: Record<string, any>; maxVUs: number; totalDuration: string };
  }

  it('accepts a constant-vus plan and reports its duration and VUs', async () => {
    const options = await inspect({
      load: { executor: 'constant-vus', vus: 7, duration: '45s' },
      requests: [
        { name: 'A', path: '/a', expect: { status: [200, 404] } },
        { name: 'B', method: 'POST', path: '/b', body: '{}' },
      ],
    });
    expect(options.maxVUs).toBe(7);
    expect(options.scenarios.default).toMatchObject({ executor: 'constant-vus', vus: 7, duration: '45s' });
  });

  it('accepts a ramping-vus plan and reports its peak VUs', async () => {
    const options = await inspect({
      load: {
        executor: 'ramping-vus',
        startVUs: 2,
        stages: [
          { duration: '30s', target: 60 },
          { duration: '1m', target: 60 },
          { duration: '10s', target: 0 },
        ],
      },
      requests: [{ name: 'A', path: '/a' }],
    });
    expect(options.maxVUs).toBe(60);
    expect(options.scenarios.default.executor).toBe('ramping-vus');
  });

  it('holds limits to what k6 reserves: sequential scenarios overlap by their graceful stop', async () => {
    const scenario = (name: string, vus: number, startTime: string, gracefulStop: string) => ({
      name,
      load: { executor: 'constant-vus', vus, duration: '3s' },
      startTime,
      gracefulStop,
      requests: [{ name: `${name}-get`, path: '/' }],
    });
    const cases = [
      // k6's default graceful stop: warmup's 2 VUs are still reserved when checkout's 3 start.
      { scenarios: [scenario('warmup', 2, '0s', '30s'), scenario('checkout', 3, '3s', '30s')], reserved: 5, peak: 3 },
      { scenarios: [scenario('warmup', 2, '0s', '2s'), scenario('checkout', 3, '3s', '30s')], reserved: 5, peak: 3 },
      { scenarios: [scenario('warmup', 2, '0s', '2s'), scenario('checkout', 3, '5s', '30s')], reserved: 3, peak: 3 },
      { scenarios: [scenario('warmup', 2, '0s', '0s'), scenario('checkout', 3, '3s', '0s')], reserved: 3, peak: 3 },
      { scenarios: [scenario('a', 2, '0s', '30s'), scenario('b', 4, '0s', '30s'), scenario('c', 1, '10s', '5s')], reserved: 7, peak: 6 },
    ];
    for (const { scenarios, reserved, peak } of cases) {
      const spec = planSpecSchema.parse({ scenarios });
      expect((await inspect(spec)).maxVUs).toBe(reserved);
      expect(planReservedVus(spec)).toBe(reserved);
      expect(planPeakVus(spec)).toBe(peak);
    }
  });

  it('never reserves fewer VUs than k6 for ramps one after another', async () => {
    const spec = planSpecSchema.parse({
      scenarios: [
        {
          name: 'up',
          load: {
            executor: 'ramping-vus',
            startVUs: 0,
            stages: [
              { duration: '2s', target: 8 },
              { duration: '2s', target: 0 },
            ],
          },
          requests: [{ name: 'u', path: '/' }],
        },
        {
          name: 'rate',
          load: { executor: 'constant-arrival-rate', rate: 5, duration: '3s', preAllocatedVUs: 2, maxVUs: 4 },
          startTime: '4s',
          requests: [{ name: 'r', path: '/' }],
        },
      ],
    });
    expect(planReservedVus(spec)).toBeGreaterThanOrEqual((await inspect(spec)).maxVUs);
  });
});
