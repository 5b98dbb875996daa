import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_K6_BIN } from './env.js';
import { runK6 } from './k6-process.js';
import { classifySegment } from './segment-outcome.js';

/** Real k6 on scripts that fail: the run must end with k6's own words, never hang. */
describe('runK6 with the real k6', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'loadline-k6-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function runScript(source: string, deadlineMs = 30_000) {
    const file = path.join(dir, `s${Math.random().toString(36).slice(2)}.js`);
    await writeFile(file, source);
    const lines: string[] = [];
    const outcome = await runK6(
      {
        bin: DEFAULT_K6_BIN,
        cwd: dir,
        deadlineMs,
        env: { K6_NO_USAGE_REPORT: 'true', HOME: dir },
        args: [
          'run',
          '--quiet',
          '--no-color',
          '--log-format=json',
          '--no-usage-report',
          '--summary-mode=disabled',
          '--address=127.0.0.1:0',
          '--out=loadline=/dev/fd/3',
          file,
        ],
      },
      (line) => lines.push(line),
      () => undefined,
    );
    return { outcome, lines };
  }

  it('reports a script exception with its message and line', async () => {
    const { outcome } = await runScript('export const options = { vus: 1, iterations: 1 };\nexport default function () {\n  notDefined();\n}\n');
    const verdict = classifySegment(outcome, { requests: 0, responded: 0 }, DEFAULT_K6_BIN);
    expect(verdict.outcome).toBe('errored');
    expect(verdict.error?.code).toBe('SCRIPT_ERROR');
    expect(verdict.error?.message).toMatch(/notDefined is not defined/);
    expect(verdict.error?.message).toMatch(/:3:/);
  });

  it('reports a syntax error', async () => {
    const { outcome } = await runScript('export default function () { return ; ) }');
    expect(outcome.exitCode).not.toBe(0);
    expect(classifySegment(outcome, { requests: 0, responded: 0 }, DEFAULT_K6_BIN).error?.message).toMatch(
      /k6 exited with code \d+: .*(Unexpected|SyntaxError)/,
    );
  });

  it('stops k6 at the deadline', async () => {
    const { outcome } = await runScript(
      "import { sleep } from 'k6';\nexport const options = { vus: 1, duration: '1m' };\nexport default function () { sleep(0.1); }\n",
      1_500,
    );
    expect(outcome.timedOut).toBe(true);
    expect(classifySegment(outcome, { requests: 0, responded: 0 }, DEFAULT_K6_BIN).error?.code).toBe('DEADLINE_EXCEEDED');
  });

  it('does not start k6 when the signal is already aborted', async () => {
    let spawned = false;
    const outcome = await runK6(
      { bin: '/nonexistent/k6', cwd: dir, deadlineMs: 1_000, env: {}, args: [], signal: AbortSignal.abort('cancelled') },
      () => undefined,
      () => {
        spawned = true;
      },
    );
    expect(spawned).toBe(false);
    expect(outcome).toMatchObject({ aborted: true, exitCode: null });
    expect(outcome.spawnError).toBeUndefined();
  });
});
