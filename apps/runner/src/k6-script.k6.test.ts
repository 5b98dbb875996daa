import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateK6Script, planSpecSchema } from '@loadline/shared';
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
});
