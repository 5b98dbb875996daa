import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, RunView, TargetView } from '@loadline/shared';
import { startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { eventually } from '../test/eventually.js';

/** Collects the webhook events a run sends (answers 204; signatures are webhooks.integration's business). */
async function startReceiver() {
  const received: { type: string; data: { run?: { id: string; verdict: string | null; thresholds: { verdict: string }[] } } }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push(JSON.parse(body));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A run its stop rule ends after a few dozen requests: the threshold that stopped it FAILS on
 * its breach, a p99 from that few requests is INCONCLUSIVE, and every place that shows the
 * verdicts (the run, the Diagnostics card's list of what it made INCONCLUSIVE, the public
 * report, the JUnit file, the webhook) says the same of each threshold.
 */
describe('one verdict per threshold for a run a stop rule ended early', () => {
  let stack: TestStack;
  let client: ApiClient;
  let server: LoopbackServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    stack = await startStack({ label: 'stop-verdicts' });
    client = (await stack.api.signup('stop-verdicts')).client;
    server = await startLoopbackServer(() => ({ status: 200, delayMs: 150 }));
  });
  afterAll(async () => {
    await server?.close();
    await stack?.close();
    await receiver?.close();
  });

  it('says FAIL for the stopping threshold and INCONCLUSIVE for the starved one, everywhere', async () => {
    const hook = await client.post('/webhooks', { url: receiver.url, events: ['run.failed'] });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const target = (await client.post<TargetView>('/targets', { name: 'slow', baseUrl: server.url })).body;
    const created = await client.post<PlanView>('/plans', {
      name: 'stops early',
      targetId: target.id,
      load: { executor: 'constant-arrival-rate', rate: 8, timeUnit: '1s', duration: '30s', preAllocatedVUs: 4, maxVUs: 8 },
      requests: [{ name: 'Get', path: '/' }],
      thresholds: [
        { metric: 'latency', stat: 'p95', op: '<', value: 100, stop: { after: '5s' } },
        { metric: 'latency', stat: 'p99', op: '<', value: 1000 },
        { metric: 'error_rate', op: '<', value: 0.5 },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const plan = created.body;
    const started = (await client.post<{ run: RunView }>(`/plans/${plan.id}/runs`)).body.run;
    const run = await client.waitForRun(started.id, 120_000);

    expect(run).toMatchObject({ status: 'FAILED', verdict: 'FAIL', error: { code: 'STOPPED_BY_THRESHOLD' } });
    const requests = run.summary!.overall.count;
    console.log(`stopped after ${requests} requests: ${run.error!.message}`);
    expect(requests).toBeLessThan(200);
    const verdicts = run.thresholds.map((result) => result.verdict);
    expect(verdicts).toEqual(['FAIL', 'INCONCLUSIVE', 'PASS']);
    expect(run.thresholds[0]!.explanation).toBe(run.error!.message);
    expect(run.thresholds[1]!.explanation).toMatch(/too few/i);

    // The Diagnostics card lists as made INCONCLUSIVE exactly the thresholds that are.
    const madeInconclusive = new Set(run.diagnostics.flatMap((diagnostic) => diagnostic.madeInconclusive ?? []));
    expect([...madeInconclusive].sort()).toEqual([1]);

    const token = (await client.post<{ token: string }>(`/runs/${run.id}/share-links`, {})).body.token;
    const shared = (await stack.api.get<{ run: RunView }>(`/public/reports/${token}`)).body.run;
    expect(shared.thresholds.map((result) => result.verdict)).toEqual(verdicts);
    expect([...new Set(shared.diagnostics.flatMap((diagnostic) => diagnostic.madeInconclusive ?? []))].sort()).toEqual([1]);

    const junit = await (await client.raw(`/runs/${run.id}/export?format=junit`)).text();
    const cases = [...junit.matchAll(/<testcase [^>]*name="([^"]*)"[^>]*>(.*?)<\/testcase>/g)].slice(0, 3);
    expect(cases.map(([, , body]) => (body!.startsWith('<failure') ? 'FAIL' : body!.startsWith('<error') ? 'INCONCLUSIVE' : 'PASS'))).toEqual(verdicts);

    const event = await eventually(
      () => receiver.received.find((item) => item.type === 'run.failed' && item.data.run?.id === run.id),
      (found) => found !== undefined,
    );
    expect(event!.data.run!.thresholds.map((result) => result.verdict)).toEqual(verdicts);
  });
});
