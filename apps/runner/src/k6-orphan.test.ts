import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_K6_BIN } from './env.js';
import { startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';

/**
 * A runner that dies (SIGKILL, OOM) cannot stop its k6; the k6 it started must notice that
 * nobody reads its results and stop loading the target by itself. The test plays the dead
 * runner by closing its end of k6's fd 3.
 */
describe('k6 whose runner is gone', () => {
  let dir: string;
  let server: LoopbackServer;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'loadline-orphan-'));
    server = await startLoopbackServer();
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stops within seconds once its results pipe is closed', async () => {
    const script = path.join(dir, 'script.js');
    await writeFile(
      script,
      `import http from 'k6/http';\nimport { sleep } from 'k6';\nexport const options = { vus: 1, duration: '60s' };\n` +
        `export default function () { http.get('${server.url}/'); sleep(0.05); }\n`,
    );
    const k6 = spawn(
      DEFAULT_K6_BIN,
      [
        'run',
        '--quiet',
        '--no-color',
        '--log-format=json',
        '--no-usage-report',
        '--summary-mode=disabled',
        '--address=127.0.0.1:0',
        '--out=loadline=/dev/fd/3',
        script,
      ],
      { cwd: dir, env: { K6_NO_USAGE_REPORT: 'true', HOME: dir }, stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
    );
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
      k6.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
    );
    const stderr: string[] = [];
    createInterface({ input: k6.stderr! }).on('line', (line) => stderr.push(line));
    try {
      // Wait for the first second on the pipe: k6 is running and its output works.
      const results = k6.stdio[3] as Readable;
      await new Promise<void>((resolve, reject) => {
        const lines = createInterface({ input: results });
        lines.once('line', () => resolve());
        setTimeout(() => reject(new Error('k6 wrote no second within 15 s')), 15_000).unref();
      });
      expect(server.total()).toBeGreaterThan(0);

      const closedAt = Date.now();
      results.destroy();
      const exit = await Promise.race([exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), 15_000))]);
      expect(exit, 'k6 kept running after its results pipe closed').not.toBeNull();
      const seconds = (exit!.at - closedAt) / 1000;
      console.log(`k6 exited ${seconds.toFixed(2)} s after the pipe closed (code ${exit!.code}, signal ${exit!.signal})`);
      expect(seconds).toBeLessThan(8);
      // It stopped itself: an exit code, not a signal from anyone.
      expect(exit!.signal).toBeNull();
      expect(exit!.code).not.toBe(0);
      expect(stderr.join('\n')).toMatch(/loadline output: write failed/);

      const after = server.total();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(server.total()).toBe(after);
    } finally {
      if (k6.exitCode === null && k6.signalCode === null) k6.kill('SIGKILL');
    }
  });

  it('stops a paused k6 (reserved, waiting for its start) once its results pipe is closed, without ever loading the target', async () => {
    const script = path.join(dir, 'paused.js');
    await writeFile(
      script,
      `import http from 'k6/http';\nexport const options = { vus: 1, duration: '60s' };\nexport default function () { http.get('${server.url}/paused'); }\n`,
    );
    const k6 = spawn(
      DEFAULT_K6_BIN,
      ['run', '--quiet', '--paused', '--address=127.77.0.77:0', '--log-format=json', '--no-usage-report', '--out=loadline=/dev/fd/3', script],
      { cwd: dir, env: { K6_NO_USAGE_REPORT: 'true', HOME: dir }, stdio: ['ignore', 'ignore', 'ignore', 'pipe'] },
    );
    const exited = new Promise<number | null>((resolve) => k6.once('exit', (code) => resolve(code)));
    try {
      // A paused k6 still writes a second now and then (its VU gauges): wait for one.
      const results = k6.stdio[3] as Readable;
      await new Promise<void>((resolve, reject) => {
        createInterface({ input: results }).once('line', () => resolve());
        setTimeout(() => reject(new Error('paused k6 wrote no second within 15 s')), 15_000).unref();
      });
      results.destroy();
      const code = await Promise.race([exited, new Promise<'alive'>((resolve) => setTimeout(() => resolve('alive'), 15_000))]);
      expect(code, 'the paused k6 kept waiting after its runner was gone').not.toBe('alive');
      expect(server.counts.get('GET /paused') ?? 0).toBe(0);
    } finally {
      if (k6.exitCode === null && k6.signalCode === null) k6.kill('SIGKILL');
    }
  });
});
