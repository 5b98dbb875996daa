import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, RunView, TargetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { validPlan } from '../test/fixtures.js';
import { RunQueueService } from '../run-queue/run-queue.service.js';
import { Redis } from 'ioredis';
import { openJobSecrets } from '@loadline/shared/queue';
import { TEST_RUNNER_KEY } from '@loadline/shared/testing';
import { TEST_REDIS_URL } from '../test/stack.js';

/** Inbound triggers and idempotent starts. No runner: started runs stay QUEUED, which is all these need. */
describe('triggers and Idempotency-Key', () => {
  let stack: TestStack;
  let owner: ApiClient;
  let plan: PlanView;

  beforeAll(async () => {
    stack = await startStack({ label: 'triggers', runner: false });
    owner = (await stack.api.signup('triggers')).client;
    const target = (
      await owner.post<TargetView>('/targets', {
        name: 'svc',
        baseUrl: 'http://127.0.0.1:9/',
        headers: { Authorization: 'Bearer target-secret-3f9a' },
        variables: { TOKEN: 'from-target', KEEP: 'kept' },
      })
    ).body;
    plan = (await owner.post<PlanView>('/plans', validPlan(target.id))).body;
  });

  afterAll(async () => {
    await stack?.close();
  });

  const runCount = async () => Number((await stack.db.query<{ n: string }>('SELECT count(*) AS n FROM "Run"'))[0]!.n);
  /** What the run's runners will receive (the run waits in line: this stack has no runner). */
  const jobOf = async (run: RunView) => (await stack.app.get(RunQueueService).queue.job(run.id))!;

  it('starts a run from a secret URL without login, once per Idempotency-Key', async () => {
    const created = await owner.post(`/plans/${plan.id}/triggers`, { name: 'deploy' });
    expect(created.status).toBe(201);
    expect(created.body.url).toMatch(new RegExp(`/api/v1/triggers/${created.body.token}$`));
    const url = new URL(created.body.url).pathname.replace('/api/v1', '');

    const first = await stack.api.request('POST', url, {}, { 'idempotency-key': 'build-41' });
    expect(first.status).toBe(202);
    expect(first.body.run).toMatchObject({ trigger: 'WEBHOOK', status: 'QUEUED', planId: plan.id });
    const retry = await stack.api.request('POST', url, {}, { 'idempotency-key': 'build-41' });
    expect(retry.body.run.id).toBe(first.body.run.id);
    const next = await stack.api.request('POST', url, {}, { 'idempotency-key': 'build-42' });
    expect(next.body.run.id).not.toBe(first.body.run.id);
    const unkeyed = await stack.api.post(url, {});
    expect(unkeyed.status).toBe(202);
    const bad = await stack.api.request('POST', url, {}, { 'idempotency-key': 'has spaces' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_IDEMPOTENCY_KEY');

    const listed = (await owner.get(`/plans/${plan.id}/triggers`)).body.items;
    expect(listed[0]).toMatchObject({ name: 'deploy', lastUsedAt: expect.any(String) });
    expect(JSON.stringify(listed)).not.toContain(created.body.token);
    for (const run of [first, next, unkeyed]) await owner.post(`/runs/${run.body.run.id}/cancel`);

    expect((await owner.delete(`/triggers/${created.body.trigger.id}`)).status).toBe(204);
    const revoked = await stack.api.post(url, {});
    expect(revoked.status).toBe(404);
    expect(revoked.body.error.code).toBe('TRIGGER_NOT_FOUND');
  });

  it('points a run at a preview deployment and sets variables for it, within the address policy', async () => {
    const { token } = (await owner.post(`/plans/${plan.id}/triggers`, {})).body;
    const preview = await stack.api.post(`/triggers/${token}`, { baseUrl: 'http://127.0.0.2:8080/pr-7', variables: { TOKEN: 'for-this-run' } });
    expect(preview.status).toBe(202);
    const [row] = await stack.db.query<{ baseUrl: string }>('SELECT "baseUrl" FROM "Run" WHERE id = $1', [preview.body.run.id]);
    expect(row!.baseUrl).toBe('http://127.0.0.2:8080/pr-7');
    const job = await jobOf(preview.body.run);
    expect(job.target.baseUrl).toBe('http://127.0.0.2:8080/pr-7');
    // Another host than the target's: whoever holds the trigger URL could name theirs, so the
    // target's headers and variables stay behind; the trigger's own variables go.
    expect(openJobSecrets(TEST_RUNNER_KEY, preview.body.run.id, job.target.secrets)).toEqual({ headers: {}, variables: { TOKEN: 'for-this-run' } });
    // And that run's k6 may connect to 127.0.0.2 only: 127.0.0.1 (the target's own host) is barred too.
    expect(job.policy.blacklistIPs).toEqual(expect.arrayContaining(['127.0.0.0/31', '127.0.0.3/32', '0.0.0.0/2', '::/0']));
    expect(job.policy.blacklistIPs.filter((cidr) => cidr.startsWith('127.0.0.2'))).toEqual([]);

    // The target's own host (another path on it) keeps its secrets: they are the target's.
    const samehost = await stack.api.post(`/triggers/${token}`, { baseUrl: 'http://127.0.0.1:9/pr-8', variables: { TOKEN: 'for-this-run' } });
    const own = openJobSecrets(TEST_RUNNER_KEY, samehost.body.run.id, (await jobOf(samehost.body.run)).target.secrets);
    expect(own).toEqual({ headers: { Authorization: 'Bearer target-secret-3f9a' }, variables: { TOKEN: 'for-this-run', KEEP: 'kept' } });

    // Nowhere in Redis is a secret in plaintext while the runs wait for runners.
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const keys = await redis.keys(`${stack.queuePrefix}:*`);
      expect(keys.length).toBeGreaterThan(0);
      let dump = '';
      for (const key of keys) {
        const type = await redis.type(key);
        if (type === 'string') dump += await redis.get(key);
        else if (type === 'hash') dump += JSON.stringify(await redis.hgetall(key));
        else if (type === 'list') dump += (await redis.lrange(key, 0, -1)).join();
        else if (type === 'zset') dump += (await redis.zrange(key, '0', '-1')).join();
        else if (type === 'set') dump += (await redis.smembers(key)).join();
      }
      expect(dump).toContain(preview.body.run.id);
      for (const secret of ['target-secret-3f9a', 'from-target', 'kept', 'for-this-run']) expect(dump).not.toContain(secret);
    } finally {
      redis.disconnect();
    }
    await owner.post(`/runs/${preview.body.run.id}/cancel`);
    await owner.post(`/runs/${samehost.body.run.id}/cancel`);

    // Refused by the policy before a run exists (and this stack has no runner): nothing is sent to it.
    const refused = await stack.api.post(`/triggers/${token}`, { baseUrl: 'http://10.9.8.7/' });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('ADDRESS_NOT_ALLOWED');
    expect((await stack.api.post(`/triggers/lt_made-up`, {})).status).toBe(404);
  });

  it('makes POST /plans/:id/runs safe to retry with an Idempotency-Key, also when retries race', async () => {
    const before = await runCount();
    const attempts = await Promise.all(
      Array.from({ length: 4 }, () => owner.request('POST', `/plans/${plan.id}/runs`, undefined, { 'idempotency-key': 'ci-9001' })),
    );
    expect(attempts.map((attempt) => attempt.status)).toEqual([202, 202, 202, 202]);
    expect(new Set(attempts.map((attempt) => attempt.body.run.id)).size).toBe(1);
    expect(await runCount()).toBe(before + 1);
    // Another caller's identical key is another key.
    const other = (await stack.api.signup('other')).client;
    const target = (await other.post<TargetView>('/targets', { name: 's', baseUrl: 'http://127.0.0.1:9/' })).body;
    const otherPlan = (await other.post<PlanView>('/plans', validPlan(target.id))).body;
    const theirs = await other.request('POST', `/plans/${otherPlan.id}/runs`, undefined, { 'idempotency-key': 'ci-9001' });
    expect(theirs.body.run.id).not.toBe(attempts[0]!.body.run.id);
    // The same key for another plan of the same caller is refused, not silently answered.
    const secondPlan = (await owner.post<PlanView>('/plans', { ...validPlan(plan.targetId), name: 'second' })).body;
    const reused = await owner.request('POST', `/plans/${secondPlan.id}/runs`, undefined, { 'idempotency-key': 'ci-9001' });
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});
