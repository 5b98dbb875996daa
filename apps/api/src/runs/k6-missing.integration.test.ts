import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, RunView, TargetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';

describe('a runner whose k6 binary is missing', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack({ label: 'nok6', k6Bin: '/nonexistent/k6' });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('ends the run ERRORED with a message that says so, never stuck RUNNING', async () => {
    const { client } = await stack.api.signup('nok6');
    const target = await client.post<TargetView>('/targets', { name: 't', baseUrl: 'http://127.0.0.1:9' });
    const plan = await client.post<PlanView>('/plans', {
      name: 'p',
      targetId: target.body.id,
      load: { executor: 'constant-vus', vus: 1, duration: '1s' },
      requests: [{ name: 'Get', path: '/' }],
    });
    const started = await client.post<{ run: RunView }>(`/plans/${plan.body.id}/runs`);
    const run = await client.waitForRun(started.body.run.id, 30_000);
    expect(run.status).toBe('ERRORED');
    expect(run.error).toEqual({ code: 'K6_MISSING', message: expect.stringContaining('/nonexistent/k6') });
  });
});
