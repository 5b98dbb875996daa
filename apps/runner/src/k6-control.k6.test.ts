import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planSpecSchema, type RunExecutePayload } from '@loadline/shared';
import { TypedProducer, sealJobSecrets } from '@loadline/shared/queue';
import { TEST_RUNNER_KEY, deleteKeysWithPrefix, localRedisUrl } from '@loadline/shared/testing';
import { DEFAULT_K6_BIN, parseRunnerEnv } from './env.js';
import { startK6 } from './k6-process.js';
import { controlAddress, resume, waitUntilPaused } from './k6-control.js';
import { SegmentExecutor } from './segment-executor.js';
import { ClockOffset } from './clock-offset.js';
import { DispatchHarness } from './test/dispatch-harness.js';
import { publishedResults } from './test/run-fixtures.js';

const REDIS_URL = localRedisUrl();

async function status(address: string): Promise<{ paused: boolean; status: number }> {
  const response = await fetch(`http://${address}/v1/status`);
  return ((await response.json()) as { data: { attributes: { paused: boolean; status: number } } }).data.attributes;
}

/**
 * The start signal travels through k6's REST API, bound to 127.77.0.0/16. A tenant's script
 * must not be able to use it: not to start, pause or scale another run's k6, not its own.
 */
describe("k6 control ports, out of tenants' reach", () => {
  const prefix = `lltest-control-${randomUUID().slice(0, 8)}`;
  let dir: string;
  let redis: Redis;
  let results: TypedProducer<'results'>;
  let harness: DispatchHarness;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'loadline-control-'));
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    results = new TypedProducer('results', redis, { prefix });
    harness = new DispatchHarness(REDIS_URL, prefix);
  });
  afterAll(async () => {
    harness?.close();
    await results?.queue.obliterate({ force: true }).catch(() => undefined);
    await results?.close();
    await deleteKeysWithPrefix(redis, prefix);
    redis?.disconnect();
    await rm(dir, { recursive: true, force: true });
  });

  it("keeps a paused k6 paused while another run's script tries its control port, even with loopback allowed", async () => {
    // The victim: a paused k6, as a reserved segment waits for its start.
    const script = path.join(dir, 'victim.js');
    await writeFile(script, "export const options = { vus: 1, duration: '30s' };\nexport default function () {}\n");
    const victimAddress = await controlAddress();
    expect(victimAddress).toMatch(/^127\.77\.\d+\.\d+:\d+$/);
    const victim = startK6(
      {
        bin: DEFAULT_K6_BIN,
        cwd: dir,
        env: { HOME: dir, K6_NO_USAGE_REPORT: 'true' },
        args: ['run', '--quiet', '--paused', `--address=${victimAddress}`, script],
      },
      () => undefined,
      () => undefined,
    );
    try {
      expect(await waitUntilPaused(victimAddress, AbortSignal.timeout(20_000))).not.toBeNull();

      // The attacker: a custom script run through the runner on an installation that allows
      // every loopback address (no private-range blacklist at all).
      const source = [
        "import http from 'k6/http';",
        'export const options = { vus: 1, iterations: 3 };',
        'export default function () {',
        `  http.patch('http://${victimAddress}/v1/status', JSON.stringify({ data: { type: 'status', id: 'default', attributes: { paused: false } } }));`,
        `  http.get('http://${victimAddress}/v1/status');`,
        '}',
      ].join('\n');
      const runId = `run-${randomUUID()}`;
      const job: RunExecutePayload = {
        runId,
        tenantId: 'tenant-attacker',
        planName: 'attack',
        planVersion: 1,
        segment: { index: 0, count: 1 },
        spec: planSpecSchema.parse({ script: { source, requirements: { maxVUs: 1, durationSeconds: 10 } } }),
        target: { baseUrl: 'http://127.0.0.1:9', secrets: sealJobSecrets(TEST_RUNNER_KEY, runId, { headers: {}, variables: {} }) },
        policy: { blacklistIPs: [], blockHostnames: [] },
        deadlineSeconds: 60,
      };
      const env = parseRunnerEnv({
        REDIS_URL,
        LOADLINE_RUNNER_KEY: TEST_RUNNER_KEY,
        LOADLINE_QUEUE_PREFIX: prefix,
        LOADLINE_RUNNER_ID: 'attacker-runner',
        LOADLINE_RUNNER_WORKDIR: dir,
      });
      await harness.executeAlone(new SegmentExecutor(env, results, pino({ level: 'silent' }), new ClockOffset()), job);

      const { finished } = await publishedResults(results, runId);
      expect(finished).toEqual([
        expect.objectContaining({
          outcome: 'errored',
          error: expect.objectContaining({ code: 'TARGET_UNREACHABLE', message: expect.stringContaining('is in a blacklisted range (127.77.0.0/16)') }),
        }),
      ]);
      expect(await status(victimAddress)).toMatchObject({ paused: true, status: 4 });

      // The runner itself can still start it.
      await resume(victimAddress);
      expect((await status(victimAddress)).paused).toBe(false);
    } finally {
      victim.kill();
      await victim.done;
    }
  });
});
