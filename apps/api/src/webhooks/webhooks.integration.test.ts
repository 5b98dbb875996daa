import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, RunView, TargetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { FakeRunner, sampleSecond } from '../test/fake-runner.js';
import { verify, type SignedHeaders } from './signing.js';
import { eventually } from '../test/eventually.js';

interface Received {
  id: string;
  type: string;
  verifiedWith: string[];
  attempt: number;
  body: { type: string; data: { run?: { id: string; verdict: string | null; reportUrl: string } } };
}

/**
 * A receiver on loopback that checks every signature against the secrets it was given and
 * answers 500 to the first two attempts of each event: retries must get it through.
 */
async function startReceiver() {
  const received: Received[] = [];
  const attemptsById = new Map<string, number>();
  const secrets: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const headers = {
        'webhook-id': String(req.headers['webhook-id']),
        'webhook-timestamp': String(req.headers['webhook-timestamp']),
        'webhook-signature': String(req.headers['webhook-signature']),
      } satisfies SignedHeaders;
      const verifiedWith = secrets.filter((secret) => verify(secret, headers, body));
      const attempt = (attemptsById.get(headers['webhook-id']) ?? 0) + 1;
      attemptsById.set(headers['webhook-id'], attempt);
      received.push({ id: headers['webhook-id'], type: JSON.parse(body).type, verifiedWith, attempt, body: JSON.parse(body) });
      res.writeHead(verifiedWith.length === 0 ? 401 : attempt <= 2 ? 500 : 204);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/loadline`,
    received,
    secrets,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('outbound webhooks: signed, retried, logged', () => {
  let stack: TestStack;
  let owner: ApiClient;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let runner: FakeRunner;
  let plan: PlanView;
  let webhookId: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    stack = await startStack({ label: 'webhooks', runner: false, env: { LOADLINE_WEBHOOK_RETRY_DELAYS_MS: '200,400,800' } });
    runner = new FakeRunner(stack.queuePrefix);
    owner = (await stack.api.signup('hooks')).client;
    const target = (await owner.post<TargetView>('/targets', { name: 'svc', baseUrl: 'http://127.0.0.1:9/' })).body;
    plan = (
      await owner.post<PlanView>('/plans', {
        name: 'Checkout',
        targetId: target.id,
        load: { executor: 'constant-vus', vus: 1, duration: '2s' },
        requests: [{ name: 'Get', path: '/' }],
        thresholds: [{ metric: 'latency', stat: 'p50', op: '<', value: 5 }],
      })
    ).body;
  });

  afterAll(async () => {
    await runner?.close();
    await stack?.close();
    await receiver?.close();
  });

  it('refuses endpoints the address policy refuses, and shows the secret once', async () => {
    // Subscribed to an event this test never causes: even if the policy let it through, nothing is sent.
    const refused = await owner.post('/webhooks', { url: 'http://10.0.0.7/hook', events: ['schedule.skipped'] });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details[0]).toMatchObject({ path: 'url' });
    // A URL the parser cannot read is bad input (400 on its field), not a 500 from a refinement that threw.
    const unreadable = await owner.post('/webhooks', { url: 'hooks.example.com', events: ['schedule.skipped'] });
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.error.details.map((detail: { path: string }) => detail.path)).toEqual(['url']);
    const created = await owner.post('/webhooks', { url: receiver.url, events: ['run.started', 'run.finished', 'run.failed'], description: 'CI' });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_/);
    receiver.secrets.push(created.body.secret);
    webhookId = created.body.webhook.id;
    expect(JSON.stringify((await owner.get('/webhooks')).body)).not.toContain(created.body.secret);
    // A change names what changes; the rest stays.
    const edited = await owner.patch(`/webhooks/${webhookId}`, { description: 'CI pipeline' });
    expect(edited.body).toMatchObject({ description: 'CI pipeline', enabled: true, events: ['run.started', 'run.finished', 'run.failed'] });
  });

  it('delivers signed events for a run, retrying through two failures, and logs every attempt', async () => {
    const run = (await owner.post<{ run: RunView }>(`/plans/${plan.id}/runs`)).body.run;
    const t0 = Math.floor(Date.now() / 1000);
    await runner.play(run.id, [
      sampleSecond(
        t0,
        Array.from({ length: 50 }, () => 20),
      ),
      sampleSecond(
        t0 + 1,
        Array.from({ length: 50 }, () => 20),
      ),
    ]);
    expect((await owner.waitForRun(run.id, 20_000)).status).toBe('FAILED');

    const delivered = await eventually(
      () => receiver.received.filter((event) => event.attempt === 3),
      (events) => events.length === 3,
    );
    expect(delivered.map((event) => event.type).sort()).toEqual(['run.failed', 'run.finished', 'run.started']);
    for (const event of receiver.received) expect(event.verifiedWith).toHaveLength(1);
    const failed = delivered.find((event) => event.type === 'run.failed')!;
    expect(failed.body.data.run).toMatchObject({ id: run.id, verdict: 'FAIL', reportUrl: expect.stringMatching(new RegExp(`/runs/${run.id}$`)) });
    // Every attempt of one event carries the same webhook-id (receivers deduplicate on it).
    expect(receiver.received.filter((event) => event.id === failed.id).map((event) => event.attempt)).toEqual([1, 2, 3]);

    const log = await eventually(
      async () => (await owner.get(`/webhooks/${webhookId}/deliveries`)).body.items,
      (items: { status: string }[]) => items.length === 3 && items.every((item) => item.status === 'DELIVERED'),
    );
    expect(log[0]).toMatchObject({ attempts: 3, responseCode: 204, lastError: null, durationMs: expect.any(Number) });
  });

  it('signs with both secrets during a rotation, sends test events, and redelivers on demand', async () => {
    const rotated = await owner.post(`/webhooks/${webhookId}/rotate-secret`);
    expect(rotated.body.webhook.previousSecretValidUntil).not.toBeNull();
    receiver.secrets.push(rotated.body.secret);
    const before = receiver.received.length;
    const sent = await owner.post(`/webhooks/${webhookId}/test`);
    // The answer is the queued delivery, so the log can show it before the first attempt.
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ eventType: 'webhook.test', status: 'PENDING', attempts: 0 });
    const test = await eventually(
      () => receiver.received.slice(before).filter((event) => event.type === 'webhook.test'),
      (events) => events.length >= 1,
    );
    // Signed with the new secret and the previous one: a receiver knowing either accepts it.
    expect(test[0]!.verifiedWith).toHaveLength(2);

    const [latest] = await eventually(
      async () => (await owner.get(`/webhooks/${webhookId}/deliveries`)).body.items,
      (items: { id: string; eventId: string; eventType: string; status: string }[]) =>
        items[0]?.eventType === 'webhook.test' && items[0].status === 'DELIVERED',
    );
    const again = await owner.post(`/webhooks/deliveries/${latest!.id}/redeliver`);
    expect(again.status).toBe(202);
    await eventually(
      () => receiver.received.filter((event) => event.id === latest!.eventId).length,
      // Three attempts the first time (two refused), a fourth on redelivery.
      (count) => count >= 4,
    );
  });

  it('subscribes a new endpoint to every way a run ends, INCONCLUSIVE included, when it names no events', async () => {
    const created = await owner.post('/webhooks', { url: receiver.url, description: 'defaults' });
    expect(created.status).toBe(201);
    expect(created.body.webhook.events).toEqual(['run.finished', 'run.failed', 'run.errored', 'run.inconclusive']);
    await owner.delete(`/webhooks/${created.body.webhook.id}`);
  });

  it('logs a refused connection in words, naming the address', async () => {
    // A port that was just listening and is closed now: connecting to it is refused.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const created = await owner.post('/webhooks', { url: `http://127.0.0.1:${port}/hook`, events: ['schedule.skipped'] });
    expect(created.status).toBe(201);
    await owner.post(`/webhooks/${created.body.webhook.id}/test`);
    const [delivery] = await eventually(
      async () => (await owner.get(`/webhooks/${created.body.webhook.id}/deliveries`)).body.items,
      (items: { attempts: number; lastError: string | null }[]) => (items[0]?.attempts ?? 0) >= 1,
    );
    expect(delivery).toMatchObject({ responseCode: null, lastError: `connection refused by 127.0.0.1:${port}` });
    await owner.delete(`/webhooks/${created.body.webhook.id}`);
  });
});
